import { Checkbox, Group, Modal, MultiSelect, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { can } from '../../../commands/permissions';
import { commandTitle } from '../../app/commands';
import { byId } from '../../../commands';
import { session } from '../../app/state/session';
import { TERMINALS, type AccountRow, type RoleOption } from '../../schemas/empower';
import type { MerchantOption } from '../../schemas/merchant';
import { permissionOptions } from './nodeOptions';
import { FormActions, FormAlert } from './parts';
import { useCommandForm } from './useCommandForm';

export interface AccountFormValues {
  account: string;
  password: string;
  name: string;
  nickname: string;
  phone: string;
  role_id: string | null;
  secondary_role_id: string | null;
  work_start: string;
  work_end: string;
  allowed_terminals: string[];
  merchant_ids: string[];
  privacy_protection: boolean;
  enabled: boolean;
  special_nodes: string[];
}

const FIELDS: (keyof AccountFormValues)[] = [
  'account', 'password', 'name', 'nickname', 'phone', 'role_id', 'secondary_role_id', 'work_start', 'work_end',
  'allowed_terminals', 'merchant_ids', 'privacy_protection', 'enabled', 'special_nodes',
];

/** Phones reach privacy-protected readers masked by the server ('090*****12'). */
export const isMasked = (phone: string) => phone.includes('*');

export function accountFormValues(row: AccountRow | null): AccountFormValues {
  return {
    account: row?.account ?? '',
    password: '',
    name: row?.name ?? '',
    nickname: row?.nickname ?? '',
    // A privacy-protected editor is shown a masked phone: it can't be sent back, so the number is asked again.
    phone: row && !isMasked(row.phone) ? row.phone : '',
    role_id: row ? String(row.role_id) : null,
    secondary_role_id: row?.secondary_role_id != null ? String(row.secondary_role_id) : null,
    work_start: row?.work_start ?? '',
    work_end: row?.work_end ?? '',
    allowed_terminals: [...(row?.allowed_terminals ?? [])],
    merchant_ids: (row?.merchant_ids ?? []).map(String),
    privacy_protection: row?.privacy_protection ?? false,
    enabled: row?.enabled ?? true,
    special_nodes: [...(row?.special_nodes ?? [])],
  };
}

/** The body of accountAddBody / accountEditBody (the runner validates it with the command's schema). */
export function accountPayload(v: AccountFormValues, add: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    nickname: v.nickname.trim(),
    phone: v.phone.trim(),
    role_id: v.role_id === null ? undefined : Number(v.role_id),
    secondary_role_id: v.secondary_role_id === null ? null : Number(v.secondary_role_id),
    work_start: v.work_start || null,
    work_end: v.work_end || null,
    allowed_terminals: v.allowed_terminals,
    merchant_ids: v.merchant_ids.map(Number),
    privacy_protection: v.privacy_protection,
    enabled: v.enabled,
    special_nodes: v.special_nodes,
  };
  if (add) Object.assign(body, { account: v.account.trim(), password: v.password });
  return body;
}

export interface AccountDialogProps {
  /** null: add a new account. */
  row: AccountRow | null;
  roles: readonly RoleOption[];
  merchants: readonly MerchantOption[];
  onClose: () => void;
}

/** Add or edit an account: every field of accountAddBody / accountEditBody, submitted through the registry. */
export function AccountDialog({ row, roles, merchants, onClose }: AccountDialogProps) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const add = row === null;
  const commandId = add ? 'empower.user.add' : 'empower.user.edit';
  const [values, setValues] = useState(() => accountFormValues(row));
  const { errors, setErrors, clearErrors, general, busy, run } = useCommandForm(commandId, FIELDS);

  const set = <K extends keyof AccountFormValues>(key: K, v: AccountFormValues[K]) => {
    setValues((cur) => ({ ...cur, [key]: v }));
    clearErrors(key);
  };
  const field = (key: keyof AccountFormValues) => ({ label: w(`field.${key}`), error: errors[key], name: key });

  const roleData = useMemo(
    () => roles.map((r) => ({ value: String(r.id), label: r.name, disabled: !r.grantable && String(r.id) !== values.role_id })),
    [roles, values.role_id],
  );
  const secondaryData = useMemo(
    () => roles.map((r) => ({
      value: String(r.id), label: r.name,
      disabled: String(r.id) === values.role_id || (!r.grantable && String(r.id) !== values.secondary_role_id),
    })),
    [roles, values.role_id, values.secondary_role_id],
  );
  const merchantData = useMemo(() => {
    const known = merchants.map((m) => ({ value: String(m.id), label: m.code ? `${m.name} (${m.code})` : m.name }));
    const extra = values.merchant_ids.filter((id) => !merchants.some((m) => String(m.id) === id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...known, ...extra];
  }, [merchants, values.merchant_ids]);
  const nodeData = useMemo(
    () => permissionOptions((id) => (id in intl.messages ? intl.formatMessage({ id }) : id), (k) => can(nodes as string[], k), row?.special_nodes),
    [intl, nodes, row],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (values.role_id === null) {
      setErrors((cur) => ({ ...cur, role_id: w('validation.required') }));
      return;
    }
    await run(accountPayload(values, add), row ? [row as unknown as Record<string, unknown>] : [], onClose);
  };

  const cmd = byId.get(commandId)!;
  return (
    <Modal opened onClose={onClose} size="xl" title={add ? commandTitle(cmd, intl) : `${commandTitle(cmd, intl)} · ${row?.account ?? ""}`} closeOnClickOutside={!busy}>
      <form onSubmit={submit} noValidate data-testid="account-form">
        <FormAlert message={general} mb="sm" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {add && (
            <>
              <TextInput {...field('account')} withAsterisk data-autofocus value={values.account} onChange={(e) => set('account', e.currentTarget.value)} autoComplete="off" maxLength={32} dir="ltr" />
              <PasswordInput {...field('password')} withAsterisk value={values.password} onChange={(e) => set('password', e.currentTarget.value)} autoComplete="new-password" maxLength={32} />
            </>
          )}
          <TextInput {...field('name')} withAsterisk data-autofocus={!add || undefined} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={20} />
          <TextInput {...field('nickname')} withAsterisk value={values.nickname} onChange={(e) => set('nickname', e.currentTarget.value)} maxLength={20} />
          <TextInput {...field('phone')} withAsterisk placeholder={row && isMasked(row.phone) ? row.phone : undefined}
            description={row && isMasked(row.phone) ? w('empower.hint.phoneMasked') : undefined} value={values.phone} onChange={(e) => set('phone', e.currentTarget.value)} inputMode="tel" maxLength={16} dir="ltr" />
          <Select {...field('role_id')} withAsterisk data={roleData} value={values.role_id} searchable onChange={(v) => set('role_id', v)} />
          <Select {...field('secondary_role_id')} data={secondaryData} value={values.secondary_role_id} searchable clearable onChange={(v) => set('secondary_role_id', v)} />
          <Group grow gap="xs" align="flex-start">
            <TimeInput {...field('work_start')} value={values.work_start} onChange={(e) => set('work_start', e.currentTarget.value.slice(0, 5))} />
            <TimeInput {...field('work_end')} value={values.work_end} onChange={(e) => set('work_end', e.currentTarget.value.slice(0, 5))} />
          </Group>
          <Checkbox.Group {...field('allowed_terminals')} description={w('empower.hint.terminals')} value={values.allowed_terminals} onChange={(v) => set('allowed_terminals', v)}>
            <Group gap="md" mt={6}>
              {TERMINALS.map((t) => (
                <Checkbox key={t} value={t} label={w(`option.allowed_terminals.${t}`)} size="sm" />
              ))}
            </Group>
          </Checkbox.Group>
          <Group gap="xl" mt={4} align="flex-start">
            <Switch {...field('enabled')} checked={values.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
            <Switch {...field('privacy_protection')} description={w('empower.hint.privacy')} checked={values.privacy_protection} onChange={(e) => set('privacy_protection', e.currentTarget.checked)} />
          </Group>
        </SimpleGrid>
        <MultiSelect
          {...field('merchant_ids')}
          mt="xs"
          description={w('empower.hint.merchants')}
          data={merchantData}
          value={values.merchant_ids}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={240}
          onChange={(v) => set('merchant_ids', v)}
        />
        <MultiSelect
          {...field('special_nodes')}
          mt="xs"
          description={w('empower.hint.specialNodes')}
          data={nodeData}
          value={values.special_nodes}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          limit={200}
          onChange={(v) => set('special_nodes', v)}
        />
        <FormActions busy={busy} onCancel={onClose} mt="md" />
      </form>
    </Modal>
  );
}
