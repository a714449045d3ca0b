import { Modal, Select, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { commandTitle } from '../../app/commands';
import { session } from '../../app/state/session';
import type { RoleRow } from '../../schemas/empower';
import { FormActions, FormAlert } from './parts';
import { PermissionTreeEditor } from './PermissionTreeEditor';
import { useCommandForm } from './useCommandForm';

interface RoleFormValues {
  name: string;
  identifier: string;
  parent_id: string | null;
  is_template: boolean;
  remark: string;
  node_keys: string[];
}

const FIELDS = ['name', 'identifier', 'parent_id', 'is_template', 'remark', 'node_keys'];

/** Roles that can't be the parent of `selfId`: itself and every role below it (the server refuses a cycle). */
export function excludedParents(roles: readonly RoleRow[], selfId: number | null): Set<number> {
  const out = new Set<number>();
  if (selfId === null) return out;
  const stack = [selfId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const r of roles) if (r.parent_id === id) stack.push(r.id);
  }
  return out;
}

export interface RoleDialogProps {
  /** null: add a role. */
  row: RoleRow | null;
  roles: readonly RoleRow[];
  onClose: () => void;
}

/** Add or edit a role: name, identifier, parent, template flag, remark and its permission tree. */
export function RoleDialog({ row, roles, onClose }: RoleDialogProps) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const add = row === null;
  const commandId = add ? 'empower.role.add' : 'empower.role.edit';
  const [values, setValues] = useState<RoleFormValues>(() => ({
    name: row?.name ?? '',
    identifier: row?.identifier ?? '',
    parent_id: row?.parent_id != null ? String(row.parent_id) : null,
    is_template: row?.is_template ?? false,
    remark: row?.remark ?? '',
    node_keys: [...(row?.node_keys ?? [])],
  }));
  const { errors, clearErrors, general, busy, run } = useCommandForm(commandId, FIELDS);
  const [pruned, setPruned] = useState(0);

  const set = <K extends keyof RoleFormValues>(key: K, v: RoleFormValues[K]) => {
    setValues((cur) => ({ ...cur, [key]: v }));
    clearErrors(key);
  };
  const field = (key: keyof RoleFormValues) => ({ label: w(`field.${key}`), error: errors[key], name: key });

  const excluded = useMemo(() => excludedParents(roles, row?.id ?? null), [roles, row]);
  const parentData = useMemo(
    () => roles.filter((r) => !excluded.has(r.id)).map((r) => ({ value: String(r.id), label: `${r.name} (${r.identifier})` })),
    [roles, excluded],
  );
  const parent = values.parent_id ? roles.find((r) => String(r.id) === values.parent_id) : undefined;
  const isDisabled = (key: string) => !can(nodes as string[], key) || (!!parent && !can(parent.node_keys, key));

  const changeParent = (v: string | null) => {
    const p = v ? roles.find((r) => String(r.id) === v) : undefined;
    const keep = p ? values.node_keys.filter((k) => can(p.node_keys, k)) : values.node_keys;
    setPruned(values.node_keys.length - keep.length);
    setValues((cur) => ({ ...cur, parent_id: v, node_keys: keep }));
    clearErrors('parent_id', 'node_keys');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name.trim(),
      identifier: values.identifier.trim(),
      parent_id: values.parent_id === null ? null : Number(values.parent_id),
      is_template: values.is_template,
      remark: values.remark,
      node_keys: values.node_keys,
    };
    await run(body, row ? [row as unknown as Record<string, unknown>] : [], onClose);
  };

  const title = commandTitle(byId.get(commandId)!, intl);
  return (
    <Modal opened onClose={onClose} size={880} title={row ? `${title} · ${row.name}` : title} closeOnClickOutside={!busy}>
      <form onSubmit={submit} noValidate data-testid="role-form">
        <FormAlert message={general} mb="sm" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput {...field('name')} withAsterisk data-autofocus value={values.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={40} />
          <TextInput {...field('identifier')} withAsterisk dir="ltr" value={values.identifier} onChange={(e) => set('identifier', e.currentTarget.value)} maxLength={32} autoComplete="off" />
          <Select {...field('parent_id')} description={w('empower.hint.parent')} data={parentData} value={values.parent_id} searchable clearable onChange={changeParent} />
          <Switch {...field('is_template')} description={w('empower.hint.template')} mt={{ sm: 22 }} checked={values.is_template} onChange={(e) => set('is_template', e.currentTarget.checked)} />
        </SimpleGrid>
        <Textarea {...field('remark')} mt="xs" autosize minRows={1} maxRows={3} maxLength={200} value={values.remark} onChange={(e) => set('remark', e.currentTarget.value)} />
        <Text size="sm" fw={500} mt="sm" mb={4}>
          {w('field.node_keys')}
        </Text>
        {parent && (
          <Text size="xs" c="dimmed" mb={4}>
            {w('empower.tree.parentLimit', { parent: parent.name })}
            {pruned > 0 && ` ${w('empower.tree.pruned', { count: pruned })}`}
          </Text>
        )}
        <PermissionTreeEditor value={values.node_keys} onChange={(k) => set('node_keys', k)} isDisabled={isDisabled} error={errors.node_keys} height={360} />
        <FormActions busy={busy} onCancel={onClose} mt="md" />
      </form>
    </Modal>
  );
}
