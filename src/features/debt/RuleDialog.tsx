import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import type { DebtMerchant, DiscountRuleRow } from '../../schemas/debt';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { bpToPct, pctToBp } from './debt.api';

const ADD = 'merchant.repaymentDiscountRule.add';
const EDIT = 'merchant.repaymentDiscountRule.edit';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['merchant_id', 'name', 'min_overdue_days', 'max_overdue_days', 'max_penalty_bp', 'max_interest_bp', 'max_principal_bp', 'enabled'];

type Num = number | string;
interface Draft {
  merchant_id: string | null;
  name: string;
  min: Num;
  max: Num;
  penalty: Num;
  interest: Num;
  principal: Num;
  enabled: boolean;
}

const num = (v: Num): number | undefined => (v === '' || v === null || v === undefined ? undefined : Number(v));

export function rulePayload(d: Draft): Record<string, unknown> {
  const bp = (v: Num) => (num(v) === undefined ? undefined : pctToBp(num(v)!));
  return {
    merchant_id: d.merchant_id ? Number(d.merchant_id) : undefined, name: d.name.trim(), min_overdue_days: num(d.min), max_overdue_days: num(d.max),
    max_penalty_bp: bp(d.penalty), max_interest_bp: bp(d.interest), max_principal_bp: bp(d.principal) ?? 0, enabled: d.enabled,
  };
}

/**
 * Add or edit a repayment discount rule: for orders overdue between two day counts (inclusive), how much of the
 * penalty, of interest and fees, and of the principal a reduction may waive, in percent of what the order was
 * charged. The enabled rules of a merchant may not share an overdue day (the server refuses with the rule in the way).
 */
export function RuleDialog({ openKey, row, merchants, defaultMerchant, onClose }: {
  openKey: number | null; row: DiscountRuleRow | null; merchants: readonly DebtMerchant[]; defaultMerchant: string | null; onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [d, setD] = useState<Draft>({ merchant_id: null, name: '', min: 0, max: '', penalty: '', interest: '', principal: 0, enabled: true });
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (openKey === null) return;
    setD(row ? {
      merchant_id: String(row.merchant_id), name: row.name, min: row.min_overdue_days, max: row.max_overdue_days, penalty: bpToPct(row.max_penalty_bp),
      interest: bpToPct(row.max_interest_bp), principal: bpToPct(row.max_principal_bp), enabled: row.enabled,
    } : {
      merchant_id: defaultMerchant ?? (merchants.length === 1 ? String(merchants[0].id) : null), name: '', min: 0, max: '', penalty: '', interest: '', principal: 0, enabled: true,
    });
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const command = row ? EDIT : ADD;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(command, rulePayload(d), { intl, quietInvalid: true, selection: row ? [{ id: row.id }] : [] });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };
  const err = (k: string) => fieldError(problem.fields, k);
  const pct = (k: 'penalty' | 'interest' | 'principal', field: string) => (
    <NumberInput label={t(`debt.field.${field.replace('_bp', '_pct')}`)} description={t(`debt.rule.${k}.help`)} value={d[k]} onChange={(v) => set(k, v)}
      min={0} max={100} decimalScale={2} rightSection={<Text size="xs" c="dimmed">%</Text>} error={err(field)} name={field} />
  );

  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={commandTitle(byId.get(command)!, intl)} data-testid="rule-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">{t('debt.rule.hint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('field.merchant_id')} withAsterisk data={merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
              value={d.merchant_id} onChange={(v) => set('merchant_id', v)} disabled={!!row} searchable error={err('merchant_id')} name="merchant_id" />
            <TextInput label={t('field.name')} withAsterisk value={d.name} maxLength={60} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} name="name" />
            <NumberInput label={t('debt.field.min_overdue_days')} withAsterisk value={d.min} onChange={(v) => set('min', v)} min={0} max={3650} allowDecimal={false}
              error={err('min_overdue_days')} name="min_overdue_days" />
            <NumberInput label={t('debt.field.max_overdue_days')} withAsterisk value={d.max} onChange={(v) => set('max', v)} min={0} max={3650} allowDecimal={false}
              error={err('max_overdue_days')} name="max_overdue_days" />
            {pct('penalty', 'max_penalty_bp')}
            {pct('interest', 'max_interest_bp')}
            {pct('principal', 'max_principal_bp')}
          </SimpleGrid>
          <Switch label={t('field.enabled')} checked={d.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
          {problem.message && <Alert color="red">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
