import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { notifyText } from '../../app/lib/notify';
import type { RefundAnswer, RefundOrderRow } from '../../schemas/collectionSupervise';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';

export const REFUND_COMMAND = 'collection.refundTheAmount.refund';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['amount', 'reason'];

/** Major units typed by the user → minor units of the currency (what the API takes). */
export const toMinor = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));
/** Minor units → the major-unit number the amount input shows. */
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/**
 * Refund a customer's credit on the selected order: the credit shown, the amount typed in the order's currency (the
 * whole credit by default; more is refused by the server on the amount field), and why. One Idempotency-Key per
 * opening of the dialog, so a retried submit never pays twice.
 */
export function RefundDialog({ row, onClose }: { row: RefundOrderRow | null; onClose: () => void }) {
  const intl = useIntl();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const invocation = useMemo(() => invocationKeys(), [row]);

  useEffect(() => {
    setAmount(row ? toMajor(row.credit, row.currency) : '');
    setReason('');
    setProblem(NO_PROBLEM);
  }, [row]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (minor: number) => (row ? formatMoney(minor, { currency: row.currency, minor: true }) : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !row) return;
    const major = typeof amount === 'number' ? amount : Number(String(amount).replace(/,/g, ''));
    if (!Number.isFinite(major) || major <= 0) {
      setProblem({ fields: { amount: t('validation.amountPositive') }, message: null });
      return;
    }
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const res = await executeCommand<RefundAnswer>(REFUND_COMMAND, { amount: toMinor(major, row.currency), reason: reason.trim() }, {
        intl, quietInvalid: true, invocation, selection: [row as unknown as Record<string, unknown>],
      });
      notifyText('success', t('collection.refund.done', { amount: money(res.amount), order: res.order_no, credit: money(res.credit) }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const cmd = byId.get(REFUND_COMMAND);
  return (
    <Modal opened={row !== null} onClose={onClose} title={cmd ? commandTitle(cmd, intl) : ''} data-testid="collection-refund-dialog">
      {row && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Paper withBorder p="xs">
              <Text size="sm" fw={600}>{[row.order_no, row.customer_name, row.merchant_name].filter(Boolean).join(' · ')}</Text>
              <Text size="sm">{t('collection.field.credit')}: <b data-testid="refund-credit">{money(row.credit)}</b></Text>
            </Paper>
            <NumberInput label={t('collection.refund.amountIn', { currency: row.currency })} withAsterisk value={amount} onChange={setAmount} name="amount"
              min={0} decimalScale={currencyDigits(row.currency)} thousandSeparator="," error={fieldError(problem.fields, 'amount')} />
            <TextInput label={t('collection.field.reason')} withAsterisk value={reason} maxLength={200} name="reason"
              onChange={(e) => setReason(e.currentTarget.value)} error={fieldError(problem.fields, 'reason')} />
            {problem.message && <Alert color="red">{problem.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
              <Button type="submit" color="red" loading={busy}>{t('collection.refund.submit')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
