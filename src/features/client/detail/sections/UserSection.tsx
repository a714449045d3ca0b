import { Badge, Group } from '@mantine/core';
import type { AddressView } from '../../../../schemas/customer';
import { useDetail } from '../DetailContext';
import { Coded, Copy, Dash, Editable, Field, Fields, Ltr, Money, Phone, Time, YesNo } from '../parts';

const address = (a: AddressView | null) => (a?.full ? a.full : <Dash />);

/** User information: identity, demographics, relatives, registration, limits, addresses, labels. */
export function UserSection() {
  const { detail } = useDetail();
  const c = detail.customer;
  return (
    <Fields>
      <Field label="customer.field.code"><Copy text={c.code} /></Field>
      <Field label="customer.field.name">{c.name}</Field>
      <Field label="customer.field.phone"><Phone phone={c.phone} target="customer" name={c.name} /></Field>
      <Field label="customer.field.id_number"><Copy text={c.id_number} /></Field>
      <Field label="customer.field.tax_id"><Editable field="tax_id" value={c.tax_id} /></Field>
      <Field label="customer.field.gender"><Editable field="gender" value={c.gender} /></Field>
      <Field label="customer.field.birth_date" testId="field-birth_date"><Editable field="birth_date" value={c.birth_date} /></Field>
      <Field label="customer.field.marital_status"><Editable field="marital_status" value={c.marital_status} /></Field>
      <Field label="customer.field.education"><Editable field="education" value={c.education} /></Field>
      <Field label="customer.field.religion"><Editable field="religion" value={c.religion} /></Field>
      <Field label="customer.field.children_count"><Editable field="children_count" value={c.children_count} /></Field>
      <Field label="customer.field.residence_months"><Editable field="residence_months" value={c.residence_months} /></Field>
      <Field label="customer.field.relative_name"><Editable field="relative_name" value={c.relative_name} /></Field>
      <Field label="customer.field.relative_relation"><Editable field="relative_relation" value={c.relative_relation} /></Field>
      <Field label="customer.field.guardian_name"><Editable field="guardian_name" value={c.guardian_name} /></Field>
      <Field label="customer.field.father_name"><Editable field="father_name" value={c.father_name} /></Field>
      <Field label="customer.field.user_level"><Ltr>{c.user_level}</Ltr></Field>
      <Field label="customer.field.loan_count"><Ltr>{c.loan_count}</Ltr></Field>
      <Field label="customer.field.merchant">{c.merchant_name || <Dash />}</Field>
      <Field label="customer.field.channel">{c.channel_name || <Dash />}</Field>
      <Field label="customer.field.registration_source"><Coded group="regSource" value={c.registration_source} /></Field>
      <Field label="customer.field.registration_method"><Coded group="regMethod" value={c.registration_method} /></Field>
      <Field label="customer.field.registered_device">{c.registered_device || <Dash />}</Field>
      <Field label="customer.field.created_at"><Time value={c.created_at} /></Field>
      <Field label="customer.field.reference_limit"><Money minor={c.reference_limit_minor} currency={c.currency} /></Field>
      <Field label="customer.field.exclusive_product">{c.exclusive_product_name || <Dash />}</Field>
      <Field label="customer.field.exclusive_limit"><Money minor={c.exclusive_limit_minor} currency={c.currency} /></Field>
      <Field label="customer.field.marketing_status"><Coded group="marketing" value={c.marketing_status} /></Field>
      <Field label="customer.field.rotation"><YesNo value={c.rotation} /></Field>
      <Field label="customer.field.whitelisted"><YesNo value={c.whitelisted} /></Field>
      <Field label="customer.field.login_allowed"><YesNo value={c.login_allowed} /></Field>
      <Field label="customer.field.app_active_at"><Time value={c.app_active_at} /></Field>
      <Field label="customer.field.h5_active_at"><Time value={c.h5_active_at} /></Field>
      <Field label="customer.field.watermark_code"><Copy text={c.watermark_code} /></Field>
      <Field label="customer.field.home_address">{address(c.home_address)}</Field>
      <Field label="customer.field.work_address">{address(c.work_address)}</Field>
      <Field label="customer.field.id_address">{address(c.id_address)}</Field>
      <Field label="customer.field.labels">
        {c.labels.length ? (
          <Group gap={4}>
            {c.labels.map((l) => (
              <Badge key={l.id} size="xs" radius="sm" color={l.mark_color || 'gray'} variant="light" tt="none">{l.label_name}</Badge>
            ))}
          </Group>
        ) : <Dash />}
      </Field>
    </Fields>
  );
}
