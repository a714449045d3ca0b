import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { currencyDigits } from '../../app/lib/format';
import { notifyText } from '../../app/lib/notify';
import type { ExtensionListRow, ExtensionPayResult, ExtensionQuoteView } from '../../schemas/extensionQuote';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { toMinor } from '../withdrawal/ManualLendingDialog';
import { getQuote } from './extension.api';
import { QuoteSummary } from './QuoteSummary';

export const PAY_COMMAND = 'extension.ExhibitionPeriodPassedList.pay';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['amount', 'remark'];

/** Minor units → the major units the user types (what the amount field shows). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/**
 * Record the payment of a passed extension: the quote of the application now (its fee fixed at review plus the penalty
 * owed today), the amount paid in the order's currency — prefilled with that total — and a remark. Less than the
 * total is refused by the server ("insufficient payment for extension"); more follows the application's overpayment
 * handling. One Idempotency-Key per opening of the dialog, so that a retried submit never pays twice.
 */
export function PayDialog({ row, onClose }: { row: ExtensionListRow | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [q, setQ] = useState<ExtensionQuoteView | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const invocation = useMemo(() => invocationKeys(), [row]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setQ(null);
    setAmount('');
    setRemark('');
    setProblem(NO_PROBLEM);
    if (!row) return;
    const ctl = new AbortController();
    getQuote({ id: row.id }, ctl.signal).then((res) => {
      setQ(res);
      setAmount(toMajor(res.total, res.currency));
    }, () => undefined);
    return () => ctl.abort();
  }, [row]);

  const currency = q?.currency ?? row?.currency ?? 'USD';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !row) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const res = await executeCommand<ExtensionPayResult>(PAY_COMMAND, {
        amount: amount === '' ? undefined : toMinor(Number(amount), currency),
        remark: remark.trim() || undefined,
      }, { intl, selection: [row as unknown as Record<string, unknown>], quietInvalid: true, invocation });
      notifyText('success', t('extension.paid', { application_no: res.application_no, due_date: res.end_date }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={row !== null} onClose={onClose} size="lg" title={commandTitle(byId.get(PAY_COMMAND)!, intl)} data-testid="extension-pay-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {row && <Text size="sm">{row.application_no}</Text>}
          {q && <QuoteSummary q={q} />}
          <NumberInput label={t('extension.pay.amountIn', { currency })} withAsterisk value={amount} onChange={setAmount} min={0} name="amount"
            decimalScale={currencyDigits(currency)} thousandSeparator="," error={fieldError(problem.fields, 'amount')} data-autofocus />
          <TextInput label={t('field.remark')} value={remark} maxLength={500} name="remark" onChange={(e) => setRemark(e.currentTarget.value)}
            error={fieldError(problem.fields, 'remark')} />
          {problem.message && <Alert color="red" data-testid="pay-problem">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!row || amount === ''}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
