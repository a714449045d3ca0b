import type { OrderView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Ltr, MiniTable, Money, Time } from '../parts';
import { OrderStatus } from './LoanSection';

/** Historical orders, newest first. */
export function OrdersSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<OrderView>
      label="customer.section.orders"
      rows={detail.orders}
      columns={[
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <OrderStatus status={r.status} /> },
        { key: 'product', title: 'customer.field.product', render: (r) => r.product_name },
        { key: 'loan', title: 'customer.field.loan_amount', align: 'right', render: (r) => <Money minor={r.loan_amount_minor} currency={r.currency} /> },
        { key: 'contract', title: 'customer.field.contract_amount', align: 'right', render: (r) => <Money minor={r.contract_amount_minor} currency={r.currency} /> },
        { key: 'paid', title: 'customer.field.paid_amount', align: 'right', render: (r) => <Money minor={r.paid_amount_minor} currency={r.currency} /> },
        { key: 'debt', title: 'customer.field.remaining_debt', align: 'right', render: (r) => <Money minor={r.remaining_debt_minor} currency={r.currency} /> },
        { key: 'days', title: 'customer.field.loan_days', align: 'right', render: (r) => <Ltr>{r.loan_days}</Ltr> },
        { key: 'due', title: 'customer.field.due_date', render: (r) => <Time value={r.due_date} date /> },
        { key: 'overdue', title: 'customer.field.overdue_days', align: 'right', render: (r) => <Ltr>{r.overdue_days}</Ltr> },
        { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
      ]}
    />
  );
}
