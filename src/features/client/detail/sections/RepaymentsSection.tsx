import type { RepaymentView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, MiniTable, Money, Time } from '../parts';

/** Repayments of the customer's orders (requested, successful, type, status, channel). */
export function RepaymentsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<RepaymentView>
      label="customer.section.repayments"
      rows={detail.repayments}
      columns={[
        { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'serial_no', title: 'customer.field.serial_no', render: (r) => <Copy text={r.serial_no} /> },
        { key: 'requested', title: 'customer.field.requested_amount', align: 'right', render: (r) => <Money minor={r.requested_minor} currency={r.currency} /> },
        { key: 'paid', title: 'customer.field.paid_amount', align: 'right', render: (r) => <Money minor={r.paid_minor} currency={r.currency} /> },
        { key: 'type', title: 'customer.field.type' },
        { key: 'status', title: 'customer.field.status' },
        { key: 'channel', title: 'customer.field.channel' },
      ]}
    />
  );
}
