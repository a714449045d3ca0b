import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountAddBody, editWorkBody, setOrganizerBody } from '../schemas/empower';
import { dictItemBody } from '../schemas/system';
import { describeSchema, formToPayload, toFormValue } from './schemaFields';

const byKey = (schema: z.ZodType, omit: string[] = []) => Object.fromEntries(describeSchema(schema, omit).map((f) => [f.key, f]));

describe('describeSchema', () => {
  it('maps the account form', () => {
    const f = byKey(accountAddBody);
    expect(f.account).toMatchObject({ kind: 'text', required: true, nullable: false });
    expect(f.password.kind).toBe('password');
    expect(f.role_id).toMatchObject({ kind: 'number', required: true, integer: true });
    expect(f.secondary_role_id).toMatchObject({ kind: 'number', required: false, nullable: true });
    expect(f.work_start).toMatchObject({ kind: 'time', nullable: true });
    expect(f.allowed_terminals).toMatchObject({ kind: 'multiselect', options: ['pc', 'mobile'], defaultValue: [] });
    expect(f.merchant_ids.kind).toBe('numberTags');
    expect(f.special_nodes.kind).toBe('tags');
    expect(f.enabled).toMatchObject({ kind: 'boolean', defaultValue: true });
  });

  it('maps the dictionary form and omits keys', () => {
    const f = byKey(dictItemBody.extend({ id: z.number() }), ['id']);
    expect(f.id).toBeUndefined();
    expect(f.el_tag_color.kind).toBe('json');
    expect(f.sort).toMatchObject({ kind: 'number', defaultValue: 0, min: 0, max: 100000 });
    expect(f.name).toMatchObject({ kind: 'text', required: false });
  });

  it('enum and nullable id', () => {
    const f = byKey(z.object({ level: z.enum(['a', 'b']).nullable() }).merge(setOrganizerBody.omit({ id: true })));
    expect(f.level).toMatchObject({ kind: 'select', nullable: true, options: ['a', 'b'] });
    expect(f.organizer_id).toMatchObject({ kind: 'number', nullable: true, required: true });
  });
});

describe('form values', () => {
  it('round-trips through the payload', () => {
    const fields = describeSchema(accountAddBody);
    const values = Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, undefined)]));
    expect(values.enabled).toBe(true);
    expect(values.role_id).toBe('');
    const payload = formToPayload(fields, { ...values, account: 'amy', role_id: 3, secondary_role_id: '', merchant_ids: ['1', '2'] });
    expect(payload).toMatchObject({ account: 'amy', role_id: 3, secondary_role_id: null, merchant_ids: [1, 2], enabled: true });
    expect('password' in payload).toBe(false);
  });

  it('edit values come from the row; nullable time empties to null', () => {
    const fields = describeSchema(editWorkBody, ['id']);
    const values = Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, { work_start: '09:00', work_end: null }[f.key as 'work_start'])]));
    expect(values).toEqual({ work_start: '09:00', work_end: '' });
    expect(formToPayload(fields, values)).toEqual({ work_start: '09:00', work_end: null });
  });

  it('json fields parse', () => {
    const fields = describeSchema(dictItemBody);
    const p = formToPayload(fields, { ...Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, undefined)])), el_tag_color: '{"status":"#f00"}' });
    expect(p.el_tag_color).toEqual({ status: '#f00' });
    expect(dictItemBody.safeParse({ ...p, dict_name: 'x', value: '1', label: 'L' }).success).toBe(true);
  });
});
