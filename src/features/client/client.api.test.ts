import { describe, expect, it } from 'vitest';
import { customerDetailHref } from './client.api';

describe('customer detail links (spec §2: client, name, phone)', () => {
  it('links a customer row (customer_id) and a list row naming one', () => {
    expect(customerDetailHref({ customer_id: 12, customer_name: 'Lê Văn A', phone: '0901234567' }))
      .toBe('/example/orderDetails?client=12&name=L%C3%AA+V%C4%83n+A&phone=0901234567');
    expect(customerDetailHref({ id: 7, customer_name: 'X', phone: '090*****67' })).toBe('/example/orderDetails?client=7&name=X&phone=090*****67');
  });

  it('gives nothing for a row without a customer', () => {
    expect(customerDetailHref({ customer_id: null, customer_name: null, phone: '0901' })).toBeNull();
    // A login code of a phone that never registered: its own id is not a customer.
    expect(customerDetailHref({ id: 5, customer_id: null, customer_name: null, phone: '0901' })).toBeNull();
  });
});
