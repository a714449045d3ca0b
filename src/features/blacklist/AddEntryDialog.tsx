import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { DateField } from '../../ui/DateField';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import type { BlacklistChoices } from './blacklist.api';

const ID = 'client.blackList.add';
const SHOWN = ['merchant_id', 'type', 'value', 'level', 'reason', 'source', 'remark', 'expires_at'];
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };

interface Form {
  merchant_id: string | null;
  type: string;
  value: string;
  level: string;
  reason: string | null;
  source: string;
  remark: string;
  expires_at: string;
}

const blank = (merchant: string | null): Form => ({ merchant_id: merchant, type: 'phone', value: '', level: '2', reason: null, source: 'staff', remark: '', expires_at: '' });

/** Lists one person: the identifier (normalised by the server, so any written form of a phone is the same person), level, reason, source, optional expiry. */
export function AddEntryDialog({ openKey, choices, onClose }: { openKey: number; choices: BlacklistChoices; onClose: () => void }) {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [form, setForm] = useState<Form>(() => blank(null));
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!openKey) return;
    setForm(blank(choices.merchants.length === 1 ? choices.merchants[0].value : null));
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The merchants may arrive after the dialog opened: an account of one merchant still gets it filled in.
  const only = choices.merchants.length === 1 ? choices.merchants[0].value : null;
  useEffect(() => {
    if (only) setForm((f) => (f.merchant_id ? f : { ...f, merchant_id: only }));
  }, [only]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body: Record<string, unknown> = {
      merchant_id: form.merchant_id ? Number(form.merchant_id) : undefined, type: form.type, value: form.value, level: Number(form.level),
      reason: form.reason ?? '', source: form.source, remark: form.remark,
    };
    if (form.expires_at) body.expires_at = form.expires_at;
    try {
      await executeCommand(ID, body, { intl, quietInvalid: true });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };
  const cmd = byId.get(ID);

  return (
    <Modal opened={openKey > 0} onClose={onClose} title={cmd ? commandTitle(cmd, intl) : ''} data-testid="blacklist-add-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Select label={w('field.merchant_id')} data={choices.merchants} value={form.merchant_id} searchable withAsterisk allowDeselect={false}
            onChange={(v) => set('merchant_id', v)} error={fieldError(problem.fields, 'merchant_id')} />
          <Group grow align="flex-start">
            <Select label={w('blacklist.field.type')} data={choices.types} value={form.type} allowDeselect={false} withAsterisk
              onChange={(v) => set('type', v ?? 'phone')} error={fieldError(problem.fields, 'type')} />
            <TextInput label={w('blacklist.field.value')} value={form.value} maxLength={64} withAsterisk data-autofocus dir="ltr"
              description={w(`blacklist.hint.${form.type}`)} onChange={(e) => set('value', e.currentTarget.value)} error={fieldError(problem.fields, 'value')} />
          </Group>
          <Group grow align="flex-start">
            <Select label={w('blacklist.field.level')} data={choices.levels} value={form.level} allowDeselect={false} withAsterisk
              onChange={(v) => set('level', v ?? '2')} error={fieldError(problem.fields, 'level')} />
            <Select label={w('blacklist.field.reason')} data={choices.reasons} value={form.reason} searchable withAsterisk
              nothingFoundMessage={w('blacklist.noReasons')} onChange={(v) => set('reason', v)} error={fieldError(problem.fields, 'reason')} />
          </Group>
          <Group grow align="flex-start">
            <Select label={w('blacklist.field.source')} data={choices.sources} value={form.source} allowDeselect={false}
              onChange={(v) => set('source', v ?? 'staff')} error={fieldError(problem.fields, 'source')} />
            <Stack gap={2}>
              <DateField label={w('blacklist.field.expires_at')} value={form.expires_at} onChange={(v) => set('expires_at', v)} size="sm" w={200}
                name="expires_at" min={new Date().toISOString().slice(0, 10)} />
              <Text size="xs" c={fieldError(problem.fields, 'expires_at') ? 'red' : 'dimmed'}>{fieldError(problem.fields, 'expires_at') ?? w('blacklist.hint.expiry')}</Text>
            </Stack>
          </Group>
          <Textarea label={w('blacklist.field.remark')} value={form.remark} maxLength={200} autosize minRows={2}
            onChange={(e) => set('remark', e.currentTarget.value)} error={fieldError(problem.fields, 'remark')} />
          {problem.message && <Alert color="red" p="xs" role="alert">{problem.message}</Alert>}
        </Stack>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>{w('command.cancel')}</Button>
          <Button type="submit" loading={busy}>{w('command.submit')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
