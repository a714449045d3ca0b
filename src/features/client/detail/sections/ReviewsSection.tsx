import type { CreditReviewView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, Dash, MiniTable, Time } from '../parts';

/** Credit review records: each review-stage decision on the customer's orders, who made it and why. */
export function ReviewsSection() {
  const { detail } = useDetail();
  return (
    <MiniTable<CreditReviewView>
      label="customer.section.reviews"
      rows={detail.credit_reviews}
      columns={[
        { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'from', title: 'customer.field.stage', render: (r) => <Coded group="orderStatus" value={r.from_status} /> },
        { key: 'to', title: 'customer.field.outcome', render: (r) => <Coded group="orderStatus" value={r.to_status} /> },
        { key: 'reviewer', title: 'customer.field.reviewer', render: (r) => r.account_name || <Coded group="system" value="auto" /> },
        { key: 'reason', wrap: true, title: 'customer.field.reason', render: (r) => r.reason || <Dash /> },
      ]}
    />
  );
}
