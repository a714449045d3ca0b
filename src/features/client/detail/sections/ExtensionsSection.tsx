import type { ExtensionView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Copy, Dash, Ltr, MiniTable, Money, OptionText, Time, useWord } from '../parts';
import { MoneyStatus } from './money';

const bp = (v: number) => `${(v / 100).toFixed(2)}%`;

/**
 * Extension applications of the customer's orders (extension table): status, the fee rule copied when applied (fixed
 * or a rate of the principal) and the fee and penalty fixed at review, the days and from when they count, what
 * happens to money above the fee, what was paid and the new dates, who applied and who reviewed.
 */
export function ExtensionsSection() {
  const { detail } = useDetail();
  const word = useWord();
  return (
    <MiniTable<ExtensionView>
      label="customer.section.extensions"
      rows={detail.extensions}
      columns={[
        { key: 'application_no', title: 'customer.field.application_no', render: (r) => <Copy text={r.application_no} /> },
        { key: 'order_no', title: 'customer.field.order_no', render: (r) => <Copy text={r.order_no} /> },
        { key: 'status', title: 'customer.field.status', render: (r) => <MoneyStatus dict="extension_status" status={r.status} /> },
        {
          key: 'fee_rule', title: 'customer.field.fee_rule',
          render: (r) => (
            <>
              <OptionText dict="extension_fee_type" value={r.fee_type} /> <Ltr>{r.fee_type === 'rate' ? bp(r.fee_setting) : <Money minor={r.fee_setting} currency={r.currency} />}</Ltr>
            </>
          ),
        },
        { key: 'fee', title: 'customer.field.extension_fee', align: 'right', render: (r) => <Money minor={r.fee_minor} currency={r.currency} /> },
        { key: 'penalty', title: 'customer.field.overdue_penalty', align: 'right', render: (r) => <Money minor={r.penalty_minor} currency={r.currency} /> },
        { key: 'days', title: 'customer.field.extension_days', align: 'right', render: (r) => <Ltr>{r.days}</Ltr> },
        { key: 'time_type', title: 'customer.field.time_type', render: (r) => <OptionText dict="extension_due_base" value={r.time_type} /> },
        { key: 'overpayment', title: 'customer.field.overpayment', render: (r) => <OptionText dict="extension_overpayment" value={r.overpayment} /> },
        { key: 'paid_fee', title: 'customer.field.paid_fee', align: 'right', render: (r) => <Money minor={r.paid_fee_minor} currency={r.currency} /> },
        { key: 'start', title: 'customer.field.start_date', render: (r) => <Time value={r.start_date} date /> },
        { key: 'end', title: 'customer.field.end_date', render: (r) => <Time value={r.end_date} date /> },
        { key: 'applicant', title: 'customer.field.applicant', render: (r) => r.applicant ?? word('customer.extension.byApp') },
        { key: 'reviewer', title: 'customer.field.reviewer', render: (r) => r.reviewer ?? <Dash /> },
        { key: 'remark', title: 'customer.field.remark', wrap: true, render: (r) => [r.remark, r.review_remark].filter(Boolean).join(' · ') || <Dash /> },
        { key: 'created_at', title: 'customer.field.created_at', render: (r) => <Time value={r.created_at} /> },
      ]}
    />
  );
}
