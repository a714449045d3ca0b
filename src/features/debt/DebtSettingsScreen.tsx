import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { executeCommand, useCommandUi } from '../../app/commands';
import { currencyDigits } from '../../app/lib/format';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import {
  EXTENSION_DUE_BASES, EXTENSION_FEE_TYPES, OVERPAYMENT_HANDLING, type DebtPart, type DebtSettings,
} from '../../schemas/repayment';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { useRemote } from '../../ui/useRemote';
import { bpToPct, getDebtMerchants, getDebtSettings, pctToBp, toMajor, toMinor } from './debt.api';

const SCREEN = 'merchant.DebtSettings';
const EDIT = 'merchant.DebtSettings.edit';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = [
  'merchant_id', 'grace_days', 'penalty_rate_bp', 'penalty_cap_bp', 'bad_debt_days', 'allocation_order', 'extension_fee_type', 'extension_fee_value',
  'extension_days', 'extension_due_base', 'extension_max_count', 'extension_overpayment', 'reduction_expiry_hours',
];

type Num = number | string;

/** The form's values: rates as percentages, a fixed extension fee in major units of the merchant's currency. */
export interface SettingsDraft {
  grace_days: Num;
  penalty_rate_pct: Num;
  penalty_cap_pct: Num;
  bad_debt_days: Num;
  allocation_order: DebtPart[];
  extension_fee_type: DebtSettings['extension_fee_type'];
  extension_fee_value: Num;
  extension_days: Num;
  extension_due_base: DebtSettings['extension_due_base'];
  extension_max_count: Num;
  extension_overpayment: DebtSettings['extension_overpayment'];
  reduction_expiry_hours: Num;
}

export function toDraft(s: DebtSettings, currency: string): SettingsDraft {
  return {
    grace_days: s.grace_days, penalty_rate_pct: bpToPct(s.penalty_rate_bp), penalty_cap_pct: bpToPct(s.penalty_cap_bp), bad_debt_days: s.bad_debt_days,
    allocation_order: [...s.allocation_order], extension_fee_type: s.extension_fee_type,
    extension_fee_value: s.extension_fee_type === 'fixed' ? toMajor(s.extension_fee_value, currency) : bpToPct(s.extension_fee_value),
    extension_days: s.extension_days, extension_due_base: s.extension_due_base, extension_max_count: s.extension_max_count,
    extension_overpayment: s.extension_overpayment, reduction_expiry_hours: s.reduction_expiry_hours,
  };
}

const num = (v: Num): number | undefined => (v === '' || v === null || v === undefined ? undefined : Number(v));
const scaled = (v: Num, f: (n: number) => number): number | undefined => (num(v) === undefined ? undefined : f(num(v)!));

/** The payload of debtSettingsBody (minor units, basis points); empty inputs are left out so that they are refused. */
export function toPayload(merchantId: number, d: SettingsDraft, currency: string): Record<string, unknown> {
  return {
    merchant_id: merchantId, grace_days: num(d.grace_days), penalty_rate_bp: scaled(d.penalty_rate_pct, pctToBp), penalty_cap_bp: scaled(d.penalty_cap_pct, pctToBp),
    bad_debt_days: num(d.bad_debt_days), allocation_order: d.allocation_order, extension_fee_type: d.extension_fee_type,
    extension_fee_value: scaled(d.extension_fee_value, (n) => (d.extension_fee_type === 'fixed' ? toMinor(n, currency) : pctToBp(n))),
    extension_days: num(d.extension_days), extension_due_base: d.extension_due_base, extension_max_count: num(d.extension_max_count),
    extension_overpayment: d.extension_overpayment, reduction_expiry_hours: num(d.reduction_expiry_hours),
  };
}

/** The four parts in the order repayments pay them, moved up and down with buttons (keyboard reachable). */
export function PartOrder({ value, onChange, disabled, error }: { value: DebtPart[]; onChange: (next: DebtPart[]) => void; disabled?: boolean; error?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{t('debt.settings.allocation_order')}</Text>
      <Text size="xs" c="dimmed">{t('debt.settings.allocation_order.help')}</Text>
      <Stack gap={4} role="list" aria-label={t('debt.settings.allocation_order')} data-testid="allocation-order">
        {value.map((p, i) => {
          const part = t(`debt.part.${p}`);
          return (
            <Group key={`${p}-${i}`} role="listitem" gap="xs" wrap="nowrap">
              <Badge variant="light" w={28} px={0}>{i + 1}</Badge>
              <Text size="sm" style={{ flex: 1 }}>{part}</Text>
              <ActionIcon variant="default" size="sm" aria-label={t('debt.moveUp', { part })} disabled={disabled || i === 0} onClick={() => move(i, -1)}>↑</ActionIcon>
              <ActionIcon variant="default" size="sm" aria-label={t('debt.moveDown', { part })} disabled={disabled || i === value.length - 1} onClick={() => move(i, 1)}>↓</ActionIcon>
            </Group>
          );
        })}
      </Stack>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="md">
      <Stack gap="sm">
        <Title order={3} size="h6">{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /merchant/DebtSettings: one merchant's money rules — overdue charges (grace days, daily penalty, cap, bad debt),
 * the order repayments pay the parts in, extensions (fee, days, due date base, how many, money above the fee) and
 * how long a reduction request waits for its decision. Each field says what it does; Save (or the palette's
 * command) sends the whole set, and the server's refusals land on their fields.
 */
export default function DebtSettingsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const canEdit = can(nodes as string[], byId.get(EDIT)!.permission);
  const merchants = useRemote((signal) => getDebtMerchants(signal), []);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  useEffect(() => {
    if (merchantId === null && merchants.data?.length) setMerchantId(String(merchants.data[0].id));
  }, [merchants.data, merchantId]);
  const view = useRemote((signal) => (merchantId ? getDebtSettings(Number(merchantId), signal) : Promise.resolve(undefined)), [merchantId]);
  const currency = view.data?.currency ?? merchants.data?.find((m) => String(m.id) === merchantId)?.currency ?? 'USD';
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (view.data) setDraft(toDraft(view.data.settings, view.data.currency));
    setProblem(NO_PROBLEM);
  }, [view.data]);

  const merchantChoices = useMemo(() => (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), [merchants.data]);
  const options = (dict: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`option.${dict}.${v}`) }));
  const set = <K extends keyof SettingsDraft>(k: K, v: SettingsDraft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  const save = async () => {
    if (!draft || !merchantId || busy || !canEdit) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(EDIT, toPayload(Number(merchantId), draft, currency), { intl, quietInvalid: true });
      view.reload();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };
  useCommandUi(EDIT, () => void save());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const err = (k: string) => fieldError(problem.fields, k);
  const ro = !canEdit;
  const int = { allowDecimal: false, readOnly: ro } as const;
  const pct = { decimalScale: 2, rightSection: <Text size="xs" c="dimmed">%</Text>, readOnly: ro } as const;
  const fixed = draft?.extension_fee_type === 'fixed';

  return (
    <Stack gap="sm" maw={960} data-testid="debt-settings">
      <Group align="flex-end" gap="sm">
        <Select label={t('field.merchant_id')} data={merchantChoices} value={merchantId} onChange={setMerchantId} searchable w={280}
          allowDeselect={false} name="merchant_id" />
        {view.data && (
          <Text size="xs" c="dimmed" data-testid="settings-origin">
            {view.data.saved
              ? t('debt.settings.savedBy', { who: view.data.updated_by ?? '—', at: view.data.updated_at ? formatTime(view.data.updated_at) : '—' })
              : t('debt.settings.usingDefaults')}
          </Text>
        )}
      </Group>
      {(merchants.error || view.error) && <Alert color="red">{merchants.error ?? view.error}</Alert>}
      {merchants.data && merchants.data.length === 0 && <Alert color="gray">{t('debt.noMerchants')}</Alert>}
      {draft && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Section title={t('debt.settings.overdue')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput label={t('debt.settings.grace_days')} description={t('debt.settings.grace_days.help')} min={0} max={60} {...int}
                  value={draft.grace_days} onChange={(v) => set('grace_days', v)} error={err('grace_days')} name="grace_days" />
                <NumberInput label={t('debt.settings.penalty_rate')} description={t('debt.settings.penalty_rate.help')} min={0} max={100} {...pct}
                  value={draft.penalty_rate_pct} onChange={(v) => set('penalty_rate_pct', v)} error={err('penalty_rate_bp')} name="penalty_rate" />
                <NumberInput label={t('debt.settings.penalty_cap')} description={t('debt.settings.penalty_cap.help')} min={0} max={1000} {...pct}
                  value={draft.penalty_cap_pct} onChange={(v) => set('penalty_cap_pct', v)} error={err('penalty_cap_bp')} name="penalty_cap" />
                <NumberInput label={t('debt.settings.bad_debt_days')} description={t('debt.settings.bad_debt_days.help')} min={1} max={3650} {...int}
                  value={draft.bad_debt_days} onChange={(v) => set('bad_debt_days', v)} error={err('bad_debt_days')} name="bad_debt_days" />
              </SimpleGrid>
            </Section>
            <Section title={t('debt.settings.allocation')}>
              <PartOrder value={draft.allocation_order} onChange={(v) => set('allocation_order', v)} disabled={ro} error={err('allocation_order')} />
            </Section>
            <Section title={t('debt.settings.extension')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select label={t('debt.settings.extension_fee_type')} description={t('debt.settings.extension_fee_type.help')}
                  data={options('extension_fee_type', EXTENSION_FEE_TYPES)} value={draft.extension_fee_type} allowDeselect={false} readOnly={ro}
                  onChange={(v) => v && set('extension_fee_type', v as SettingsDraft['extension_fee_type'])} error={err('extension_fee_type')} name="extension_fee_type" />
                {fixed ? (
                  <NumberInput label={t('debt.settings.extension_fee_fixed', { currency })} description={t('debt.settings.extension_fee_fixed.help')}
                    min={0} decimalScale={currencyDigits(currency)} thousandSeparator="," readOnly={ro}
                    value={draft.extension_fee_value} onChange={(v) => set('extension_fee_value', v)} error={err('extension_fee_value')} name="extension_fee_value" />
                ) : (
                  <NumberInput label={t('debt.settings.extension_fee_rate')} description={t('debt.settings.extension_fee_rate.help')} min={0} {...pct}
                    value={draft.extension_fee_value} onChange={(v) => set('extension_fee_value', v)} error={err('extension_fee_value')} name="extension_fee_value" />
                )}
                <NumberInput label={t('debt.settings.extension_days')} description={t('debt.settings.extension_days.help')} min={1} max={365} {...int}
                  value={draft.extension_days} onChange={(v) => set('extension_days', v)} error={err('extension_days')} name="extension_days" />
                <Select label={t('debt.settings.extension_due_base')} description={t('debt.settings.extension_due_base.help')}
                  data={options('extension_due_base', EXTENSION_DUE_BASES)} value={draft.extension_due_base} allowDeselect={false} readOnly={ro}
                  onChange={(v) => v && set('extension_due_base', v as SettingsDraft['extension_due_base'])} error={err('extension_due_base')} name="extension_due_base" />
                <NumberInput label={t('debt.settings.extension_max_count')} description={t('debt.settings.extension_max_count.help')} min={0} max={50} {...int}
                  value={draft.extension_max_count} onChange={(v) => set('extension_max_count', v)} error={err('extension_max_count')} name="extension_max_count" />
                <Select label={t('debt.settings.extension_overpayment')} description={t('debt.settings.extension_overpayment.help')}
                  data={options('extension_overpayment', OVERPAYMENT_HANDLING)} value={draft.extension_overpayment} allowDeselect={false} readOnly={ro}
                  onChange={(v) => v && set('extension_overpayment', v as SettingsDraft['extension_overpayment'])} error={err('extension_overpayment')} name="extension_overpayment" />
              </SimpleGrid>
            </Section>
            <Section title={t('debt.settings.reduction')}>
              <NumberInput label={t('debt.settings.reduction_expiry_hours')} description={t('debt.settings.reduction_expiry_hours.help')} min={1} max={720} {...int}
                value={draft.reduction_expiry_hours} onChange={(v) => set('reduction_expiry_hours', v)} error={err('reduction_expiry_hours')} name="reduction_expiry_hours" maw={320} />
            </Section>
            {problem.message && <Alert color="red">{problem.message}</Alert>}
            {canEdit && (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => view.data && setDraft(toDraft(view.data.defaults, currency))}>{t('debt.settings.defaults')}</Button>
                <Button variant="default" onClick={() => view.data && setDraft(toDraft(view.data.settings, currency))}>{t('list.reset')}</Button>
                <Button type="submit" loading={busy} data-command={EDIT}>{t('debt.settings.save')}</Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export { SCREEN as DEBT_SETTINGS_SCREEN };
