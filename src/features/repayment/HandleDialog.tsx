import { Alert, Button, Group, Modal, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { formatMoney } from '../../app/lib/format';
import { notifyText } from '../../app/lib/notify';
import { ABNORMAL_RESOLUTIONS } from '../../schemas/repayment';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { word, type RepaymentGridRow } from './columns';
import { OrderSummary } from './MoneyDialog';
import { lookupOrder, type OrderLookup } from './repayment.api';

export const HANDLE_COMMAND = 'repayment.abnormal.handle';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['resolution', 'order_id', 'remark'];

/**
 * Handle an abnormal repayment: refund the credit to the customer, apply it to an order of the same merchant that
 * owes (found by its number), or acknowledge it (the money stays as credit). Handled once; the server refuses a
 * second time.
 */
export function HandleDialog({ row, onClose }: { row: RepaymentGridRow | null; onClose: () => void }) {
  const intl = useIntl();
  const [resolution, setResolution] = useState<string>('refunded');
  const [orderNo, setOrderNo] = useState('');
  const [target, setTarget] = useState<OrderLookup | null | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const invocation = useMemo(() => invocationKeys(), [row]);

  useEffect(() => {
    setResolution(row && row.overpaid > 0 ? 'refunded' : 'ignored');
    setOrderNo('');
    setTarget(undefined);
    setRemark('');
    setProblem(NO_PROBLEM);
  }, [row]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const find = async () => {
    if (!orderNo.trim()) return;
    try {
      setTarget(await lookupOrder(orderNo.trim()));
    } catch {
      setTarget(undefined);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !row) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      await executeCommand(HANDLE_COMMAND, {
        resolution, remark: remark.trim(), order_id: resolution === 'applied' ? target?.order_id : undefined,
      }, { intl, quietInvalid: true, invocation, selection: [row as unknown as Record<string, unknown>] });
      notifyText('success', t('repayment.handled', { serial: row.serial_no, resolution: word(intl, 'option.abnormal_resolution', resolution) }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => fieldError(problem.fields, k);
  const cmd = byId.get(HANDLE_COMMAND);
  const money = (minor: number) => (row ? formatMoney(minor, { currency: row.currency, minor: true }) : '');
  return (
    <Modal opened={row !== null} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="repayment-handle-dialog">
      {row && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Paper withBorder p="xs">
              <Text size="sm" fw={600}>{row.serial_no} · {word(intl, 'option.abnormal_reason', row.abnormal_reason)}</Text>
              <Text size="sm">{[row.order_no, row.customer_name, row.merchant_name].filter(Boolean).join(' · ')}</Text>
              <Text size="sm">{t('repayment.field.credit')}: <b data-testid="abnormal-credit">{money(row.overpaid)}</b></Text>
            </Paper>
            {row.resolution && <Alert color="orange">{t('repayment.alreadyHandledHint', { resolution: word(intl, 'option.abnormal_resolution', row.resolution) })}</Alert>}
            <Radio.Group label={t('repayment.field.resolution')} value={resolution} onChange={setResolution} error={err('resolution')} withAsterisk>
              <Group mt={4}>
                {ABNORMAL_RESOLUTIONS.map((r) => (
                  <Radio key={r} value={r} label={word(intl, 'option.abnormal_resolution', r)} disabled={r !== 'ignored' && row.overpaid <= 0} />
                ))}
              </Group>
            </Radio.Group>
            {resolution === 'applied' && (
              <>
                <Group align="flex-end" gap="xs">
                  <TextInput style={{ flex: 1 }} label={t('repayment.targetOrder')} value={orderNo} name="order_no" withAsterisk error={err('order_id')}
                    onChange={(e) => setOrderNo(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
                  <Button variant="default" onClick={() => void find()}>{t('repayment.find')}</Button>
                </Group>
                {target === null && <Text size="sm" c="red">{t('repayment.orderNotFound')}</Text>}
                {target && <OrderSummary order={target} />}
              </>
            )}
            <TextInput label={t('repayment.field.handle_remark')} value={remark} maxLength={200} withAsterisk name="remark"
              onChange={(e) => setRemark(e.currentTarget.value)} error={err('remark')} />
            {problem.message && <Alert color="red">{problem.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
              <Button type="submit" loading={busy} disabled={!!row.resolution || (resolution === 'applied' && !target)}>{t('command.submit')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
