import type { ReductionView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dash, MiniTable, Money, Time } from '../parts';
import { MoneyStatus, PartsText } from './money';

/** Reductions (waivers) requested on the customer's orders (reduction table): amount by part, decision, who and when. */
export function ReductionsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<ReductionView>
      label="customer.section.reductions"
      rows={detail.reductions}
      columns={[
        { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'amount', title: 'customer.field.reduction_amount', align: 'right', render: (r) => <Money minor={r.amount_minor} currency={r.currency} /> },
        { key: 'parts', title: 'customer.field.parts', render: (r) => <PartsText parts={r.parts} currency={r.currency} /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <MoneyStatus dict="reduction_status" status={r.status} /> },
        { key: 'reason', title: 'customer.field.reason', wrap: true },
        { key: 'requested_by', title: 'customer.field.requested_by', render: (r) => r.requested_by ?? <Dash /> },
        { key: 'decided_by', title: 'customer.field.decided_by', render: (r) => r.decided_by ?? <Dash /> },
        { key: 'decided_at', title: 'customer.field.decided_at', render: (r) => <Time value={r.decided_at} /> },
        { key: 'decide_remark', title: 'customer.field.remark', wrap: true, render: (r) => r.decide_remark || <Dash /> },
        { key: 'expires_at', title: 'customer.field.expires_at', render: (r) => (r.status === 'pending' ? <Time value={r.expires_at} /> : <Dash />) },
      ]}
    />
  );
}
