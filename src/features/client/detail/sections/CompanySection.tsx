import { Group } from '@mantine/core';
import { useDetail } from '../DetailContext';
import { Dash, Editable, Field, Fields, Phone } from '../parts';

/** Company information: employer, occupation, income level and size (dictionaries), company phone. */
export function CompanySection() {
  const { detail, canEdit } = useDetail();
  const co = detail.company;
  return (
    <Fields>
      <Field label="customer.field.company_name"><Editable field="company_name" value={co.company_name} /></Field>
      <Field label="customer.field.occupation"><Editable field="occupation" value={co.occupation} /></Field>
      <Field label="customer.field.income_level"><Editable field="income_level" value={co.income_level} /></Field>
      <Field label="customer.field.company_size"><Editable field="company_size" value={co.company_size} /></Field>
      <Field label="customer.field.company_region"><Editable field="company_region" value={co.company_region} /></Field>
      <Field label="customer.field.company_address"><Editable field="company_address" value={co.company_address} /></Field>
      <Field label="customer.field.company_phone">
        <Group gap={2} wrap="nowrap">
          {co.company_phone ? <Phone phone={co.company_phone} target="company" name={co.company_name} /> : null}
          {canEdit ? <Editable field="company_phone" value={co.company_phone} render={co.company_phone ? () => null : undefined} /> : !co.company_phone && <Dash />}
        </Group>
      </Field>
    </Fields>
  );
}
