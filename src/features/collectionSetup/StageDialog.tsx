import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand, type Row } from '../../app/commands';
import { rangesOverlap, type GroupRow, type StageRow } from '../../schemas/collectionSetup';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { rangeLabel } from './setup.api';
import { StageTimeline } from './StageTimeline';

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['name', 'min_day', 'max_day', 'group_id', 'daily_cap', 'reassign_after_days', 'reminder', 'enabled', 'sort'];

interface Form {
  name: string;
  min_day: number | string;
  max_day: number | string;
  group_id: string | null;
  daily_cap: number | string;
  reassign_after_days: number | string;
  reminder: boolean;
  enabled: boolean;
  sort: number | string;
}

/** A new stage starts the day after the last enabled one ends (or at D-2 for the first), a week long. */
function blank(stages: readonly StageRow[], groups: readonly GroupRow[]): Form {
  const last = stages.filter((s) => s.enabled).reduce<number | null>((m, s) => (m === null || s.max_day > m ? s.max_day : m), null);
  const min = last === null ? -2 : Math.min(last + 1, 3650);
  return {
    name: '', min_day: min, max_day: Math.min(min + 6, 3650), group_id: groups.length === 1 ? String(groups[0].id) : null, daily_cap: 30,
    reassign_after_days: 0, reminder: min <= 0, enabled: true, sort: 0,
  };
}

const fromRow = (s: StageRow): Form => ({
  name: s.name, min_day: s.min_day, max_day: s.max_day, group_id: String(s.group_id), daily_cap: s.daily_cap,
  reassign_after_days: s.reassign_after_days, reminder: s.reminder, enabled: s.enabled, sort: s.sort,
});

const num = (v: number | string): number | undefined => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? undefined : Number(v));

export interface StageDialogProps {
  /** null: closed. */
  mode: 'add' | 'edit' | null;
  stage: StageRow | null;
  merchantId: number | null;
  merchantName: string;
  stages: readonly StageRow[];
  groups: readonly GroupRow[];
  openKey: number;
  onClose: () => void;
}

/**
 * Adds or edits a stage of the merchant: the day range with its wording ("D-2..D0", "1–7 days overdue") and the
 * timeline as the save would leave it, a warning naming the enabled stage the range would overlap (the server refuses
 * it with the same words), the collector group of the merchant, caps, reassignment and the reminder flag.
 */
export function StageDialog({ mode, stage, merchantId, merchantName, stages, groups, openKey, onClose }: StageDialogProps) {
  const intl = useIntl();
  const [form, setForm] = useState<Form>(() => blank(stages, groups));
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const id = `merchant.stage.${mode === 'edit' ? 'edit' : 'add'}`;

  useEffect(() => {
    if (!mode) return;
    setForm(mode === 'edit' && stage ? fromRow(stage) : blank(stages, groups));
    setProblem(NO_PROBLEM);
  }, [mode, openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const min = num(form.min_day);
  const max = num(form.max_day);
  const selfId = mode === 'edit' && stage ? stage.id : -1;
  const clash = useMemo(() => {
    if (min === undefined || max === undefined || !form.enabled) return null;
    return stages.find((s) => s.id !== selfId && s.enabled && rangesOverlap(s, { min_day: min, max_day: max })) ?? null;
  }, [stages, selfId, min, max, form.enabled]);
  const draft = min !== undefined && max !== undefined && max >= min
    ? { id: selfId, name: form.name.trim() || intl.formatMessage({ id: 'collectionSetup.newStage' }), min_day: min, max_day: max, enabled: form.enabled, reminder: form.reminder }
    : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || merchantId === null) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body = {
      merchant_id: merchantId, name: form.name, min_day: min, max_day: max, group_id: form.group_id ? Number(form.group_id) : undefined,
      daily_cap: num(form.daily_cap), reassign_after_days: num(form.reassign_after_days) ?? 0, reminder: form.reminder, enabled: form.enabled, sort: num(form.sort) ?? 0,
    };
    try {
      await executeCommand(id, body, { intl, selection: mode === 'edit' && stage ? [stage as unknown as Row] : [], quietInvalid: true });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const label = (key: string) => intl.formatMessage({ id: `field.${key}` });
  const groupChoices = groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.members.filter((m) => m.enabled).length})` }));
  const cmd = byId.get(id);

  return (
    <Modal opened={mode !== null} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="stage-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">{merchantName}</Text>
          <TextInput label={label('name')} withAsterisk value={form.name} maxLength={40} data-autofocus name="name" placeholder="S1"
            onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(problem.fields, 'name')} />
          <Group grow align="flex-start">
            <NumberInput label={label('min_day')} withAsterisk value={form.min_day} min={-30} max={3650} allowDecimal={false} name="min_day"
              description={intl.formatMessage({ id: 'collectionSetup.dayHint' })}
              onChange={(v) => set('min_day', v)} error={fieldError(problem.fields, 'min_day')} />
            <NumberInput label={label('max_day')} withAsterisk value={form.max_day} min={-30} max={3650} allowDecimal={false} name="max_day"
              description={intl.formatMessage({ id: 'collectionSetup.maxDayHint' })}
              onChange={(v) => set('max_day', v)} error={fieldError(problem.fields, 'max_day')} />
          </Group>
          {min !== undefined && max !== undefined && (
            max < min
              ? <Text size="sm" c="red" data-testid="stage-range">{intl.formatMessage({ id: 'validation.rangeOrder' })}</Text>
              : <Text size="sm" fw={500} data-testid="stage-range">{rangeLabel(intl, min, max)}</Text>
          )}
          {clash && (
            <Alert color="orange" p="xs" data-testid="stage-clash">
              {intl.formatMessage({ id: 'collection.stageOverlap' }, { stage: clash.name, from: clash.min_day, to: clash.max_day })}
            </Alert>
          )}
          <StageTimeline stages={stages} draft={draft} />
          <Select label={label('group_id')} withAsterisk data={groupChoices} value={form.group_id} searchable name="group_id"
            nothingFoundMessage={intl.formatMessage({ id: 'collectionSetup.noGroups' })}
            description={groups.length ? undefined : intl.formatMessage({ id: 'collectionSetup.noGroups' })}
            onChange={(v) => set('group_id', v)} error={fieldError(problem.fields, 'group_id')} />
          <Group grow align="flex-start">
            <NumberInput label={label('daily_cap')} withAsterisk value={form.daily_cap} min={1} max={1000} allowDecimal={false} name="daily_cap"
              description={intl.formatMessage({ id: 'collectionSetup.dailyCapHint' })}
              onChange={(v) => set('daily_cap', v)} error={fieldError(problem.fields, 'daily_cap')} />
            <NumberInput label={label('reassign_after_days')} value={form.reassign_after_days} min={0} max={365} allowDecimal={false} name="reassign_after_days"
              description={intl.formatMessage({ id: 'collectionSetup.reassignHint' })}
              onChange={(v) => set('reassign_after_days', v)} error={fieldError(problem.fields, 'reassign_after_days')} />
            <NumberInput label={label('sort')} value={form.sort} min={0} max={999} allowDecimal={false} name="sort"
              onChange={(v) => set('sort', v)} error={fieldError(problem.fields, 'sort')} />
          </Group>
          <Group gap="xl">
            <Switch label={label('reminder')} description={intl.formatMessage({ id: 'collectionSetup.reminderHint' })} checked={form.reminder} name="reminder"
              onChange={(e) => set('reminder', e.currentTarget.checked)} />
            <Switch label={label('enabled')} checked={form.enabled} name="enabled" onChange={(e) => set('enabled', e.currentTarget.checked)} />
          </Group>
          {problem.message && <Alert color="red" p="xs" role="alert" data-testid="stage-problem">{problem.message}</Alert>}
        </Stack>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>{intl.formatMessage({ id: 'command.cancel' })}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage({ id: 'command.submit' })}</Button>
        </Group>
      </form>
    </Modal>
  );
}
