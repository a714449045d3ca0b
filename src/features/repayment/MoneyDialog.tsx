import { Alert, Anchor, Badge, Button, CloseButton, FileButton, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { notifyText } from '../../app/lib/notify';
import { DEBT_PARTS, PROOF_TYPES } from '../../schemas/repayment';
import { checkImage } from '../../ui/ImageUpload';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { word } from './columns';
import { lookupOrder, uploadProof, type OrderLookup } from './repayment.api';

export type MoneyKind = 'settlement' | 'manual';

export const MONEY_COMMANDS: Record<MoneyKind, string> = { settlement: 'repayment.settlement.add', manual: 'repayment.manualRepayment.add' };
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['order_id', 'amount', 'reference', 'proof_ids', 'paid_at', 'remark'];
const MAX_PROOFS = 5;

/** Major units typed by the user → minor units of the currency (what the API takes). */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/** Minor units → the major-unit number a NumberInput shows. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** The order found by its number: who, status, what it still owes by part, its credit. */
export function OrderSummary({ order }: { order: OrderLookup }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (minor: number) => formatMoney(minor, { currency: order.currency, minor: true });
  return (
    <Paper withBorder p="xs" data-testid="repayment-order">
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>{order.order_no}</Text>
        <Badge variant="light" size="sm">{word(intl, 'option.status', order.status)}</Badge>
        {order.over_contract && <Badge color="orange" size="sm">{t('repayment.overContractBadge')}</Badge>}
        <Text size="sm" c="dimmed">{[order.customer_name, order.phone, order.merchant_name].filter(Boolean).join(' · ')}</Text>
      </Group>
      <SimpleGrid cols={3} spacing={4}>
        <Text size="sm">{t('repayment.field.remaining_debt')}: <b data-testid="remaining-debt">{money(order.remaining_debt)}</b></Text>
        <Text size="sm">{t('repayment.field.due_amount')}: {money(order.due_amount)}</Text>
        <Text size="sm">{t('repayment.field.credit')}: {money(order.credit)}</Text>
        {DEBT_PARTS.map((p) => (
          <Text size="xs" c="dimmed" key={p}>{t('repayment.owedPart', { part: t(`repayment.field.${p}`) })}: {money(order.owed[p])}</Text>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Staff money on an order: /repayment/settlement add (a reconciliation, with the bank statement reference) and
 * /review/manualRepayment add (a manual repayment, with the uploaded vouchers). Find the order by its number (its
 * remaining debt and what it owes by part are shown), type the amount in the order's currency, submit; the server
 * checks everything again and its refusals land on the fields. One idempotency key per opening of the dialog, so a
 * retried submit never records the money twice.
 */
export function MoneyDialog({ kind, openKey, onClose }: { kind: MoneyKind; openKey: number | null; onClose: () => void }) {
  const intl = useIntl();
  const command = MONEY_COMMANDS[kind];
  const [orderNo, setOrderNo] = useState('');
  const [order, setOrder] = useState<OrderLookup | null | undefined>(undefined);
  const [amount, setAmount] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const [paidAt, setPaidAt] = useState('');
  const [proofType, setProofType] = useState<string>('transfer_receipt');
  const [proofs, setProofs] = useState<Array<{ id: number; file_url: string; name: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const invocation = useMemo(() => invocationKeys(), [openKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setOrderNo('');
    setOrder(undefined);
    setAmount('');
    setReference('');
    setRemark('');
    setPaidAt('');
    setProofs([]);
    setProblem(NO_PROBLEM);
  }, [openKey]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const currency = order?.currency ?? 'USD';

  const find = async () => {
    if (!orderNo.trim()) return;
    setProblem(NO_PROBLEM);
    try {
      setOrder(await lookupOrder(orderNo.trim()));
    } catch {
      setOrder(undefined);
    }
  };

  const addFiles = async (files: File[]) => {
    const room = MAX_PROOFS - proofs.length;
    if (room <= 0) return;
    setUploading(true);
    try {
      for (const f of files.slice(0, room)) {
        const bad = checkImage(f);
        if (bad) {
          setProblem({ fields: { proof_ids: t(bad.id, bad.values) }, message: null });
          continue;
        }
        const up = await uploadProof(f, proofType);
        setProofs((p) => [...p, { ...up, name: f.name }]);
      }
    } catch {
      // shown by the request layer
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !order) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    const common = {
      order_id: order.order_id,
      amount: amount === '' ? undefined : toMinor(Number(amount), currency),
      remark: remark.trim() || undefined,
    };
    const params = kind === 'settlement'
      ? { ...common, reference: reference.trim() }
      : { ...common, proof_ids: proofs.map((p) => p.id), paid_at: paidAt || undefined };
    try {
      const res = await executeCommand<{ serial_no: string; order: { remaining_debt: number } | null }>(command, params, { intl, quietInvalid: true, invocation });
      notifyText('success', t('repayment.recorded', {
        serial: res.serial_no, remaining: formatMoney(res.order?.remaining_debt ?? 0, { currency, minor: true }),
      }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => fieldError(problem.fields, k);
  const title = byId.get(command) ? commandTitle(byId.get(command)!, intl) : '';
  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={title} data-testid={`repayment-${kind}-dialog`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('repayment.field.order_no')} value={orderNo} data-autofocus name="order_no" withAsterisk
              onChange={(e) => setOrderNo(e.currentTarget.value)} error={err('order_id')}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
            <Button variant="default" onClick={() => void find()}>{t('repayment.find')}</Button>
          </Group>
          {order === null && <Text size="sm" c="red">{t('repayment.orderNotFound')}</Text>}
          {order && <OrderSummary order={order} />}
          {order && !order.open && <Alert color="orange">{t('repayment.orderOwesNothing', { status: word(intl, 'option.status', order.status) })}</Alert>}
          {order && (
            <>
              <Group align="flex-end" gap="xs">
                <NumberInput style={{ flex: 1 }} label={t('repayment.amountIn', { currency })} withAsterisk value={amount} onChange={setAmount}
                  decimalScale={currencyDigits(currency)} thousandSeparator="," error={err('amount')} name="amount" />
                <Button variant="subtle" size="xs" disabled={order.remaining_debt <= 0}
                  onClick={() => setAmount(toMajor(order.remaining_debt, currency))}>{t('repayment.wholeDebt')}</Button>
              </Group>
              {kind === 'settlement' && (
                <TextInput label={t('repayment.field.reference')} withAsterisk value={reference} maxLength={100} name="reference"
                  onChange={(e) => setReference(e.currentTarget.value)} error={err('reference')} />
              )}
              {kind === 'manual' && (
                <>
                  <Group align="flex-end" gap="xs">
                    <Select label={t('repayment.field.proof_type')} value={proofType} onChange={(v) => setProofType(v ?? 'transfer_receipt')} allowDeselect={false}
                      data={PROOF_TYPES.map((p) => ({ value: p, label: word(intl, 'option.proof_type', p) }))} w={220} />
                    <FileButton onChange={(f) => void addFiles(f)} accept="image/png,image/jpeg" multiple>
                      {(props) => <Button {...props} variant="default" loading={uploading} disabled={proofs.length >= MAX_PROOFS}>{t('repayment.uploadProof')}</Button>}
                    </FileButton>
                  </Group>
                  <Stack gap={2} data-testid="repayment-proofs">
                    {proofs.length === 0 && <Text size="xs" c={err('proof_ids') ? 'red' : 'dimmed'}>{err('proof_ids') ?? t('repayment.proofNeeded')}</Text>}
                    {proofs.map((p) => (
                      <Group key={p.id} gap="xs">
                        <Anchor href={p.file_url} target="_blank" size="sm">{p.name}</Anchor>
                        <CloseButton size="sm" aria-label={t('repayment.removeProof')} onClick={() => setProofs((all) => all.filter((x) => x.id !== p.id))} />
                      </Group>
                    ))}
                    {proofs.length > 0 && err('proof_ids') && <Text size="xs" c="red">{err('proof_ids')}</Text>}
                  </Stack>
                  <TextInput type="datetime-local" label={t('repayment.field.paid_at')} value={paidAt} name="paid_at"
                    onChange={(e) => setPaidAt(e.currentTarget.value)} error={err('paid_at')} />
                </>
              )}
              <TextInput label={t('repayment.field.remark')} value={remark} maxLength={500} name="remark"
                onChange={(e) => setRemark(e.currentTarget.value)} error={err('remark')} />
            </>
          )}
          {problem.message && <Alert color="red">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!order || !order.open}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
