import type { ExtensionView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Ltr, MiniTable, Money, Time } from '../parts';
import { OrderStatus } from './LoanSection';

/** Extensions of the customer's orders: how many, days added, fees paid, last time, the due date now. */
export function ExtensionsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<ExtensionView>
      label="customer.section.extensions"
      rows={detail.extensions}
      rowKey={(r) => r.order_id}
      columns={[
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'count', title: 'customer.field.extension_count', align: 'right', render: (r) => <Ltr>{r.extension_count}</Ltr> },
        { key: 'days', title: 'customer.field.extension_days', align: 'right', render: (r) => <Ltr>{r.extension_days}</Ltr> },
        { key: 'fee', title: 'customer.field.extension_fee', align: 'right', render: (r) => <Money minor={r.extension_fee_minor} currency={r.currency} /> },
        { key: 'at', title: 'customer.field.extended_at', render: (r) => <Time value={r.extended_at} /> },
        { key: 'due', title: 'customer.field.due_date', render: (r) => <Time value={r.due_date} date /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <OrderStatus status={r.status} /> },
      ]}
    />
  );
}
