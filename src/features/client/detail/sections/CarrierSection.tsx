import type { AuthRecordView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Field, Fields, MiniTable, Time } from '../parts';
import { authColumns } from './AuthSection';

/** Carrier (mobile operator) authentication: status, remarks, time, and the carrier checks made. */
export function CarrierSection() {
  const { detail } = useDetail();
  const c = detail.carrier;
  return (
    <>
      <Fields>
        <Field label="customer.field.status"><Coded group="carrierStatus" value={c.status || 'never'} /></Field>
        <Field label="customer.field.remark">{c.remark || '—'}</Field>
        <Field label="customer.field.time"><Time value={c.at} /></Field>
      </Fields>
      {c.records.length > 0 && <MiniTable<AuthRecordView> label="customer.section.carrier" rows={c.records} columns={authColumns} />}
    </>
  );
}
