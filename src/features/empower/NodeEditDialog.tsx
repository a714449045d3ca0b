import { Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle } from '../../app/commands';
import type { NodeRow } from '../../schemas/empower';
import { FormActions, FormAlert } from './parts';
import { useCommandForm } from './useCommandForm';

export type NodeLine = NodeRow & { id: string; depth: number; hasChildren: boolean };

const EDIT = 'empower.empower.edit';
const FIELDS = ['disabled', 'remark'];

/** Switch a permission node off or on and note why (empower.empower.edit: {key, disabled, remark}). */
export function NodeEditDialog({ row, onClose }: { row: NodeLine; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => (id in intl.messages ? intl.formatMessage({ id }, values) : id);
  const [disabled, setDisabled] = useState(row.disabled);
  const [remark, setRemark] = useState(row.remark);
  const { errors, general, busy, run } = useCommandForm(EDIT, FIELDS);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run({ key: row.key, disabled, remark }, [row as unknown as Record<string, unknown>], onClose);
  };

  return (
    <Modal opened onClose={onClose} title={commandTitle(byId.get(EDIT)!, intl)} size="md">
      <form onSubmit={submit} noValidate data-testid="node-form">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {w(row.title)}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
              {row.key}
            </Text>
          </div>
          <FormAlert message={general} />
          <Switch
            label={w('field.enabled')}
            description={w('empower.node.disableHint', { count: row.role_count })}
            checked={!disabled}
            error={errors.disabled}
            onChange={(e) => setDisabled(!e.currentTarget.checked)}
            data-autofocus
          />
          <Textarea label={w('field.remark')} autosize minRows={2} maxRows={5} maxLength={200} value={remark} error={errors.remark} onChange={(e) => setRemark(e.currentTarget.value)} />
          <FormActions busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
