import type { ReportView } from '../../../../schemas/customer';
import { Dash, Ltr, MiniTable, Time } from '../parts';

/** A provider report list (risk report, multi-lender report): provider, score, summary, time. */
export function ReportSection({ rows, label }: { rows: readonly ReportView[]; label: string }) {
  return (
    <MiniTable<ReportView>
      label={label}
      rows={rows}
      columns={[
        { key: 'created_at', title: 'customer.field.time', render: (r) => <Time value={r.created_at} /> },
        { key: 'provider', title: 'customer.field.provider' },
        { key: 'score', title: 'customer.field.score', align: 'right', render: (r) => (r.score === null ? <Dash /> : <Ltr>{r.score}</Ltr>) },
        { key: 'summary', wrap: true, title: 'customer.field.summary' },
      ]}
    />
  );
}
