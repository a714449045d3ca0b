import { Alert, Button, ColorInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import type { LabelRow } from '../../schemas/client';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { LabelChip } from './LabelChip';

/** Mantine's palette at shade 6 (and grey), offered as swatches; any #rrggbb may be typed or picked. */
export const LABEL_SWATCHES = ['#1971c2', '#0c8599', '#099268', '#2f9e44', '#66a80f', '#f08c00', '#e8590c', '#e03131', '#c2255c', '#9c36b5', '#6741d9', '#3b5bdb', '#868e96', '#212529'];

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

export interface LabelDialogProps {
  /** null: closed. */
  mode: 'add' | 'edit' | null;
  label: LabelRow | null;
  /** Bumped on every opening, so that reopening the same label starts afresh. */
  openKey: number;
  onClose: () => void;
}

/** Adds or edits a customer label: name (unique) and colour, with a preview of the chip customers will carry. */
export function LabelDialog({ mode, label, openKey, onClose }: LabelDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [color, setColor] = useState(LABEL_SWATCHES[0]);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const id = mode === 'edit' ? 'client.userTags.edit' : 'client.userTags.add';

  useEffect(() => {
    if (!mode) return;
    setName(mode === 'edit' ? label?.label_name ?? '' : '');
    setColor(mode === 'edit' ? label?.mark_color || LABEL_SWATCHES[0] : LABEL_SWATCHES[0]);
    setProblem(NO_PROBLEM);
  }, [mode, openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const body = mode === 'edit' && label ? { id: label.id, label_name: name, mark_color: color } : { label_name: name, mark_color: color };
      await executeCommand(id, body, { intl, selection: mode === 'edit' && label ? [label as unknown as Row] : [], quietInvalid: true });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, ['label_name', 'mark_color']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={mode !== null} onClose={onClose} title={commandTitle(byId.get(id)!, intl)} data-testid="label-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={intl.formatMessage({ id: 'field.label_name' })} withAsterisk value={name} maxLength={40} name="label_name" data-autofocus
            onChange={(e) => setName(e.currentTarget.value)} error={fieldError(problem.fields, 'label_name')} />
          <ColorInput label={intl.formatMessage({ id: 'field.mark_color' })} withAsterisk value={color} onChange={setColor} format="hex" name="mark_color"
            swatches={LABEL_SWATCHES} swatchesPerRow={7} error={fieldError(problem.fields, 'mark_color')} />
          <Group gap="sm" align="center">
            <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'system.dict.preview' })}</Text>
            <LabelChip name={name.trim() || intl.formatMessage({ id: 'field.label_name' })} color={/^#[0-9a-f]{6}$/i.test(color) ? color : undefined} />
          </Group>
          {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
            <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
