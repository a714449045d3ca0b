import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import type { NodeRow } from '../../schemas/empower';
import { submitFailure } from './formErrors';

export type NodeLine = NodeRow & { id: string; depth: number; hasChildren: boolean };

const EDIT = 'empower.empower.edit';

/** Switch a permission node off or on and note why (empower.empower.edit: {key, disabled, remark}). */
export function NodeEditDialog({ row, onClose }: { row: NodeLine; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => (id in intl.messages ? intl.formatMessage({ id }, values) : id);
  const [disabled, setDisabled] = useState(row.disabled);
  const [remark, setRemark] = useState(row.remark);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setGeneral(null);
    try {
      await executeCommand(EDIT, { key: row.key, disabled, remark }, { intl, selection: [row as unknown as Record<string, unknown>], quietInvalid: true });
      onClose();
    } catch (err) {
      const f = submitFailure(err, intl, ['disabled', 'remark']);
      setErrors(f.fields);
      setGeneral(f.general);
    } finally {
      setBusy(false);
    }
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
          {general && (
            <Alert color="red" role="alert" py={8}>
              {general}
            </Alert>
          )}
          <Switch
            label={w('field.enabled')}
            description={w('empower.node.disableHint', { count: row.role_count })}
            checked={!disabled}
            error={errors.disabled}
            onChange={(e) => setDisabled(!e.currentTarget.checked)}
            data-autofocus
          />
          <Textarea label={w('field.remark')} autosize minRows={2} maxRows={5} maxLength={200} value={remark} error={errors.remark} onChange={(e) => setRemark(e.currentTarget.value)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {w('command.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {w('command.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
