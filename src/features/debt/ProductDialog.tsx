import { Alert, Button, Divider, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import type { DebtMerchant, ProductRow } from '../../schemas/debt';
import { FEE_TIMINGS, INTEREST_TYPES } from '../../schemas/repayment';
import { priceLoan } from '../../server/modules/intake/pricing';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { bpToPct, pctToBp, toMajor, toMinor } from './debt.api';

const ADD = 'merchant.product.add';
const EDIT = 'merchant.product.edit';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = [
  'merchant_id', 'name', 'term', 'cycle', 'min_days', 'max_days', 'min_amount', 'max_amount', 'rate_bp', 'interest_type', 'management_fee_bp',
  'risk_fee_bp', 'payment_fee_bp', 'fee_timing', 'overdue_rate_bp', 'white_household_exclusive', 'universal', 'purpose', 'enabled', 'sort',
];

type Num = number | string;
type Pct = 'rate' | 'management_fee' | 'risk_fee' | 'payment_fee' | 'overdue_rate';


/** The form's values: rates in percent (two decimals), amounts in major units of the merchant's currency. */
export interface ProductDraft {
  merchant_id: string | null;
  name: string;
  purpose: string;
  term: Num;
  cycle: Num;
  min_days: Num;
  max_days: Num;
  min_amount: Num;
  max_amount: Num;
  interest_type: string;
  fee_timing: string;
  pct: Record<Pct, Num>;
  white_household_exclusive: boolean;
  universal: boolean;
  enabled: boolean;
  sort: Num;
}

const EMPTY: ProductDraft = {
  merchant_id: null, name: '', purpose: '', term: 1, cycle: 14, min_days: 7, max_days: 30, min_amount: '', max_amount: '', interest_type: 'daily',
  fee_timing: 'upfront', pct: { rate: '', management_fee: 0, risk_fee: 0, payment_fee: 0, overdue_rate: '' },
  white_household_exclusive: false, universal: true, enabled: true, sort: 0,
};

export function productDraft(row: ProductRow | null, merchantId: string | null): ProductDraft {
  if (!row) return { ...EMPTY, merchant_id: merchantId };
  const c = row.currency ?? 'USD';
  return {
    merchant_id: String(row.merchant_id), name: row.name, purpose: row.purpose, term: row.term, cycle: row.cycle, min_days: row.min_days, max_days: row.max_days,
    min_amount: toMajor(row.min_amount, c), max_amount: toMajor(row.max_amount, c), interest_type: row.interest_type, fee_timing: row.fee_timing,
    pct: {
      rate: bpToPct(row.rate_bp), management_fee: bpToPct(row.management_fee_bp), risk_fee: bpToPct(row.risk_fee_bp),
      payment_fee: bpToPct(row.payment_fee_bp), overdue_rate: bpToPct(row.overdue_rate_bp),
    },
    white_household_exclusive: row.white_household_exclusive, universal: row.universal, enabled: row.enabled, sort: row.sort,
  };
}

const num = (v: Num): number | undefined => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** productBody's payload (minor units, basis points); empty inputs are left out so that they are refused. */
export function productPayload(d: ProductDraft, currency: string): Record<string, unknown> {
  const money = (v: Num) => (num(v) === undefined ? undefined : toMinor(num(v)!, currency));
  const bp = (v: Num) => (num(v) === undefined ? undefined : pctToBp(num(v)!));
  return {
    merchant_id: d.merchant_id ? Number(d.merchant_id) : undefined, name: d.name.trim(), purpose: d.purpose.trim(), term: num(d.term), cycle: num(d.cycle),
    min_days: num(d.min_days), max_days: num(d.max_days), min_amount: money(d.min_amount), max_amount: money(d.max_amount) ?? 0,
    rate_bp: bp(d.pct.rate), interest_type: d.interest_type, management_fee_bp: bp(d.pct.management_fee), risk_fee_bp: bp(d.pct.risk_fee),
    payment_fee_bp: bp(d.pct.payment_fee), fee_timing: d.fee_timing, overdue_rate_bp: bp(d.pct.overdue_rate),
    white_household_exclusive: d.white_household_exclusive, universal: d.universal, enabled: d.enabled, sort: num(d.sort) ?? 0,
  };
}

/**
 * Add or edit a product. Rates are typed as percentages (two decimals; 0.1 % a day = 10 bp), amounts in the
 * merchant's currency. The preview prices a sample loan exactly as new orders are priced (intake/pricing.ts
 * `priceLoan`, rounded to the merchant's money unit): what the customer receives, the interest, the fees and the
 * contract amount.
 */
export function ProductDialog({ openKey, row, merchants, defaultMerchant, onClose }: {
  openKey: number | null; row: ProductRow | null; merchants: readonly DebtMerchant[]; defaultMerchant: string | null; onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [d, setD] = useState<ProductDraft>(EMPTY);
  const [sample, setSample] = useState<{ amount: Num; days: Num }>({ amount: '', days: '' });
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (openKey === null) return;
    const draft = productDraft(row, defaultMerchant ?? (merchants.length === 1 ? String(merchants[0].id) : null));
    setD(draft);
    setSample({ amount: draft.min_amount === '' ? '' : Number(draft.min_amount) || '', days: num(draft.min_days) === undefined ? '' : Math.max(Number(draft.min_days), Number(draft.cycle) * Number(draft.term)) });
    setProblem(NO_PROBLEM);
  }, [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const merchant = merchants.find((m) => String(m.id) === d.merchant_id) ?? null;
  const currency = merchant?.currency ?? row?.currency ?? 'USD';
  const unit = merchant?.money_unit ?? row?.money_unit ?? 1;
  const money = (minor: number) => formatMoney(minor, { currency, minor: true });
  const set = <K extends keyof ProductDraft>(k: K, v: ProductDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setPct = (k: Pct, v: Num) => setD((x) => ({ ...x, pct: { ...x.pct, [k]: v } }));

  const preview = useMemo(() => {
    const amount = num(sample.amount);
    const days = num(sample.days);
    if (amount === undefined || days === undefined || amount < 0 || !Number.isInteger(days) || days < 0) return null;
    const bp = (v: Num) => pctToBp(num(v) ?? 0);
    try {
      return priceLoan({
        rateBp: bp(d.pct.rate), interestType: d.interest_type, managementFeeBp: bp(d.pct.management_fee), riskFeeBp: bp(d.pct.risk_fee),
        paymentFeeBp: bp(d.pct.payment_fee), feeTiming: d.fee_timing,
      }, toMinor(amount, currency), days, unit);
    } catch {
      return null;
    }
  }, [sample, d, currency, unit]);

  const command = row ? EDIT : ADD;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const payload = productPayload(d, currency);
      await executeCommand(command, payload, { intl, quietInvalid: true, selection: row ? [{ id: row.id }] : [] });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => fieldError(problem.fields, k);
  const pctInput = (k: Pct, label: string, help?: string) => (
    <NumberInput label={t(label)} description={help ? t(help) : undefined} value={d.pct[k]} onChange={(v) => setPct(k, v)} min={0} max={100}
      decimalScale={2} rightSection={<Text size="xs" c="dimmed">%</Text>} error={err(`${k}_bp`)} name={`${k}_pct`} />
  );
  const choice = (dict: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`option.${dict}.${v}`) }));
  const amountProps = { min: 0, decimalScale: currencyDigits(currency), thousandSeparator: ',' } as const;

  return (
    <Modal opened={openKey !== null} onClose={onClose} size="xl" title={commandTitle(byId.get(command)!, intl)} data-testid="product-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('field.merchant_id')} withAsterisk data={merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
              value={d.merchant_id} onChange={(v) => set('merchant_id', v)} disabled={!!row} searchable error={err('merchant_id')} name="merchant_id" />
            <TextInput label={t('field.name')} withAsterisk value={d.name} maxLength={100} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} name="name" />
            <NumberInput label={t('debt.field.term')} description={t('debt.product.term.help')} value={d.term} onChange={(v) => set('term', v)} min={1} max={36} allowDecimal={false} error={err('term')} name="term" />
            <NumberInput label={t('debt.field.cycle')} description={t('debt.product.cycle.help')} value={d.cycle} onChange={(v) => set('cycle', v)} min={1} max={365} allowDecimal={false} error={err('cycle')} name="cycle" />
            <NumberInput label={t('debt.field.min_days')} value={d.min_days} onChange={(v) => set('min_days', v)} min={1} max={3650} allowDecimal={false} error={err('min_days')} name="min_days" />
            <NumberInput label={t('debt.field.max_days')} value={d.max_days} onChange={(v) => set('max_days', v)} min={1} max={3650} allowDecimal={false} error={err('max_days')} name="max_days" />
            <NumberInput label={t('debt.product.minAmountIn', { currency })} value={d.min_amount} onChange={(v) => set('min_amount', v)} {...amountProps} error={err('min_amount')} name="min_amount" />
            <NumberInput label={t('debt.product.maxAmountIn', { currency })} description={t('debt.product.maxAmount.help')} value={d.max_amount} onChange={(v) => set('max_amount', v)} {...amountProps} error={err('max_amount')} name="max_amount" />
          </SimpleGrid>
          <Divider label={t('debt.product.pricing')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('debt.field.interest_type')} data={choice('interest_type', INTEREST_TYPES)} value={d.interest_type} allowDeselect={false}
              onChange={(v) => v && set('interest_type', v)} error={err('interest_type')} name="interest_type" />
            {pctInput('rate', d.interest_type === 'daily' ? 'debt.product.ratePerDay' : 'debt.product.ratePerLoan')}
            {pctInput('management_fee', 'debt.field.management_fee_pct')}
            {pctInput('risk_fee', 'debt.field.risk_fee_pct')}
            {pctInput('payment_fee', 'debt.field.payment_fee_pct')}
            <Select label={t('debt.field.fee_timing')} description={t('debt.product.feeTiming.help')} data={choice('fee_timing', FEE_TIMINGS)} value={d.fee_timing}
              allowDeselect={false} onChange={(v) => v && set('fee_timing', v)} error={err('fee_timing')} name="fee_timing" />
            {pctInput('overdue_rate', 'debt.field.overdue_rate_pct', 'debt.product.overdueRate.help')}
            <NumberInput label={t('field.sort')} value={d.sort} onChange={(v) => set('sort', v)} min={0} max={9999} allowDecimal={false} error={err('sort')} name="sort" />
            <TextInput label={t('debt.field.purpose')} value={d.purpose} maxLength={100} onChange={(e) => set('purpose', e.currentTarget.value)} error={err('purpose')} name="purpose" />
          </SimpleGrid>
          <Group gap="lg">
            <Switch label={t('field.enabled')} checked={d.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
            <Switch label={t('debt.field.universal')} checked={d.universal} onChange={(e) => set('universal', e.currentTarget.checked)} />
            <Switch label={t('debt.field.white_household_exclusive')} checked={d.white_household_exclusive} onChange={(e) => set('white_household_exclusive', e.currentTarget.checked)} />
          </Group>
          <Paper withBorder p="sm" radius="sm" data-testid="pricing-preview">
            <Stack gap="xs">
              <Text size="sm" fw={600}>{t('debt.product.preview')}</Text>
              <Group grow align="flex-end">
                <NumberInput size="xs" label={t('debt.product.sampleAmount', { currency })} value={sample.amount} onChange={(v) => setSample((s) => ({ ...s, amount: v }))} {...amountProps} name="sample_amount" />
                <NumberInput size="xs" label={t('debt.product.sampleDays')} value={sample.days} onChange={(v) => setSample((s) => ({ ...s, days: v }))} min={0} max={3650} allowDecimal={false} name="sample_days" />
              </Group>
              {preview ? (
                <Table withRowBorders={false} verticalSpacing={2} fz="sm">
                  <Table.Tbody>
                    {([
                      ['debt.product.received', preview.received], ['debt.part.interest', preview.interest], ['debt.product.fees', preview.fees],
                      ['debt.product.contract', preview.contract],
                    ] as const).map(([label, v]) => (
                      <Table.Tr key={label}>
                        <Table.Td>{t(label)}</Table.Td>
                        <Table.Td ta="end" data-testid={`preview-${label.split('.').pop()}`}>{money(v)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="xs" c="dimmed">{t('debt.product.previewHint')}</Text>
              )}
            </Stack>
          </Paper>
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

