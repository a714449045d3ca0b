import type { AuthRecordView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Dash, Ltr, MiniTable, Time } from '../parts';

export const authColumns = [
  { key: 'kind', title: 'customer.field.kind', render: (r: AuthRecordView) => <Coded group="authKind" value={r.kind} /> },
  { key: 'status', title: 'customer.field.status', render: (r: AuthRecordView) => <Coded group="authStatus" value={r.status} /> },
  { key: 'provider', title: 'customer.field.provider' },
  { key: 'score', title: 'customer.field.score', align: 'right' as const, render: (r: AuthRecordView) => (r.score === null ? <Dash /> : <Ltr>{r.score.toFixed(1)}</Ltr>) },
  { key: 'remark', wrap: true, title: 'customer.field.remark' },
  { key: 'created_at', title: 'customer.field.time', render: (r: AuthRecordView) => <Time value={r.created_at} /> },
];

/** Authentication records: ID card, face, liveness, carrier, bank card, contacts authorisation. */
export function AuthSection() {
  const { detail } = useDetail();
  return <MiniTable<AuthRecordView> label="customer.section.auth" rows={detail.auth_records} columns={authColumns} />;
}
