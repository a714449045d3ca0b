import { describe, expect, it } from 'vitest';
import { amountCurrency, orderFilterSchema, toWireFilters } from './amountFilters';

describe('all-orders amount filters', () => {
  const merchants = [{ id: 1, currency: 'VND' }, { id: 2, currency: 'USD' }, { id: 3, currency: 'USD' }];

  it('converts major units to minor units of the currency', () => {
    expect(toWireFilters({ loan_amount_min: 12.5, loan_amount_max: 100, status: ['overdue'] }, 'USD'))
      .toEqual({ loan_amount_min: 1250, loan_amount_max: 10000, status: ['overdue'] });
    expect(toWireFilters({ remaining_debt_min: 1000000 }, 'VND')).toEqual({ remaining_debt_min: 1000000 });
    // Floating point: 0.29 × 100 is 28.999…, still 29 cents.
    expect(toWireFilters({ loan_amount_min: 0.29 }, 'USD')).toEqual({ loan_amount_min: 29 });
  });

  it('drops amounts when no currency is known', () => {
    expect(toWireFilters({ loan_amount_min: 5, merchant_id: undefined }, null)).toEqual({ merchant_id: undefined });
  });

  it('takes the chosen merchant’s currency, else the one all merchants share', () => {
    expect(amountCurrency(merchants, 2)).toBe('USD');
    expect(amountCurrency(merchants, '1')).toBe('VND');
    expect(amountCurrency(merchants, undefined)).toBeNull();
    expect(amountCurrency(merchants.slice(1), undefined)).toBe('USD');
    expect(amountCurrency(merchants, 99)).toBeNull();
  });

  it('types the amounts of the screen schema as major units (decimals allowed), the rest as on the wire', () => {
    expect(orderFilterSchema.safeParse({ loan_amount_min: '12.5' }).success).toBe(true);
    expect(orderFilterSchema.safeParse({ loan_amount_min: '-1' }).success).toBe(false);
    expect(orderFilterSchema.safeParse({ status: ['overdue', 'nope'] }).success).toBe(false);
  });
});
