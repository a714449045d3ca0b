import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import type { ReductionQuote } from '../../schemas/debt';
import { DEBT_PARTS } from '../../schemas/repayment';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { getReductionQuote, pctText, toMajor, toMinor } from './debt.api';

const REQUEST = 'merchant.repaymentDiscountRule.requestReduction';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['order_id', 'amount', 'reason'];

/**
 * Request a reduction: find the order by its number; the dialog shows what it owes by part, its overdue days, the
 * discount rule that applies and the largest reduction that rule allows now (penalty first, counting earlier
 * reductions). The amount is typed in the order's currency; another person approves or rejects the request.
 */
export function ReductionRequestDialog({ openKey, onClose }: { openKey: number | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [orderNo, setOrderNo] = useState('');
  const [quote, setQuote] = useState<ReductionQuote | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  // One invocation per opened dialog: submitting again after a failure retries under the same key.
  const invocation = useMemo(() => invocationKeys(), [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setOrderNo('');
    setQuote(null);
    setAmount('');
    setReason('');
    setProblem(NO_PROBLEM);
  }, [openKey]);

  const currency = quote?.currency ?? 'USD';
  const money = (minor: number) => formatMoney(minor, { currency, minor: true });

  const find = async () => {
    if (!orderNo.trim()) return;
    setProblem(NO_PROBLEM);
    try {
      const q = await getReductionQuote(orderNo.trim());
      setQuote(q);
      setAmount('');
    } catch {
      setQuote(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !quote) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(REQUEST, {
        order_id: quote.order_id, amount: amount === '' ? undefined : toMinor(Number(amount), currency), reason: reason.trim() || undefined,
      }, { intl, quietInvalid: true, invocation });
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => fieldError(problem.fields, k);
  const rule = quote?.rule ?? null;
  const blocked = !!quote && (quote.max_amount <= 0 || quote.pending_id !== null);
  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={commandTitle(byId.get(REQUEST)!, intl)} data-testid="reduction-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('field.order_no')} value={orderNo} data-autofocus name="order_no" error={err('order_id')}
              onChange={(e) => setOrderNo(e.currentTarget.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
            <Button variant="default" onClick={() => void find()}>{t('debt.reduction.find')}</Button>
          </Group>
          {quote && (
            <Stack gap="xs" data-testid="reduction-quote">
              <Group gap="xs">
                <Text size="sm" fw={600}>{quote.order_no}</Text>
                {quote.customer_name && <Text size="sm">{quote.customer_name}</Text>}
                <Badge variant="light">{t(`option.status.${quote.status}`)}</Badge>
                <Text size="sm" c="dimmed">{t('debt.reduction.overdueDays', { days: quote.overdue_days })}</Text>
              </Group>
              <Table withTableBorder verticalSpacing={2} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('debt.reduction.part')}</Table.Th>
                    <Table.Th ta="end">{t('debt.reduction.charged')}</Table.Th>
                    <Table.Th ta="end">{t('debt.reduction.reduced')}</Table.Th>
                    <Table.Th ta="end">{t('debt.reduction.owed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {DEBT_PARTS.map((p) => (
                    <Table.Tr key={p}>
                      <Table.Td>{t(`debt.part.${p}`)}</Table.Td>
                      <Table.Td ta="end">{money(quote.charged[p])}</Table.Td>
                      <Table.Td ta="end">{money(quote.reduced[p])}</Table.Td>
                      <Table.Td ta="end" data-testid={`owed-${p}`}>{money(quote.owed[p])}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td fw={600}>{t('debt.reduction.total')}</Table.Td>
                    <Table.Td />
                    <Table.Td />
                    <Table.Td ta="end" fw={600} data-testid="owed-total">{money(quote.owed_total)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {rule ? (
                <Text size="sm" data-testid="reduction-rule">
                  {t('debt.reduction.rule', {
                    name: rule.name, min: rule.min_overdue_days, max: rule.max_overdue_days, penalty: pctText(rule.max_penalty_bp, intl.locale),
                    interest: pctText(rule.max_interest_bp, intl.locale), principal: pctText(rule.max_principal_bp, intl.locale),
                  })}
                </Text>
              ) : (
                <Alert color="orange" data-testid="reduction-no-rule">{t('debt.reduction.noRule', { days: quote.overdue_days })}</Alert>
              )}
              {quote.pending_id !== null && <Alert color="orange">{t('debt.reduction.pending')}</Alert>}
              <Text size="sm" fw={600} data-testid="reduction-max">{t('debt.reduction.max', { amount: money(quote.max_amount) })}</Text>
            </Stack>
          )}
          {quote && (
            <>
              <Group align="flex-end" gap="xs">
                <NumberInput style={{ flex: 1 }} label={t('debt.reduction.amountIn', { currency })} withAsterisk value={amount} onChange={setAmount} min={0}
                  decimalScale={currencyDigits(currency)} thousandSeparator="," error={err('amount')} name="amount" disabled={blocked} />
                <Button variant="default" disabled={blocked} onClick={() => setAmount(toMajor(quote.max_amount, currency))}>{t('debt.reduction.useMax')}</Button>
              </Group>
              <Textarea label={t('field.reason')} withAsterisk value={reason} maxLength={200} minRows={2} rows={2} disabled={blocked}
                onChange={(e) => setReason(e.currentTarget.value)} error={err('reason')} name="reason" />
            </>
          )}
          {problem.message && <Alert color="red">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!quote || blocked}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
