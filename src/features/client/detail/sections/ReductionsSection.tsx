import type { ReductionView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, MiniTable, Money } from '../parts';
import { OrderStatus } from './LoanSection';

/** Reductions granted on the customer's orders (the order's reduction total). */
export function ReductionsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<ReductionView>
      label="customer.section.reductions"
      rows={detail.reductions}
      rowKey={(r) => r.order_id}
      columns={[
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'amount', title: 'customer.field.reduction_total', align: 'right', render: (r) => <Money minor={r.amount_minor} currency={r.currency} /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <OrderStatus status={r.status} /> },
      ]}
    />
  );
}
