import { Alert, Anchor, Badge, Button, Group, Image, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { api } from '../../app/api/request';
import { commandTitle, executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { getIntl } from '../../app/intl/intl';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { REPAYMENT_CARD_API, type CollectOrderView, type CollectView } from '../../schemas/repaymentCard';
import { CopyText } from '../../ui/CopyText';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';

export type CollectMethod = 'link' | 'qr' | 'card';

const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['order_id', 'method', 'amount', 'bank_card_id'];

export const toMinor = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));
const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/** A link the server gave as a path (the sandbox's checkout page is on this server) made absolute for the customer. */
export function absoluteUrl(link: string): string {
  if (!link.startsWith('/') || typeof window === 'undefined') return link;
  return new URL(link, window.location.origin).toString();
}

/** The QR code of `value` as an image (qrcode, loaded when first needed). */
export function QrImage({ value, size = 200 }: { value: string; size?: number }) {
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) => (q.default ?? q).toDataURL(value, { margin: 1, width: size })).then((url) => {
      if (live) setSrc(url);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src) return <div style={{ width: size, height: size }} data-testid="collect-qr-loading" />;
  return <Image src={src} w={size} h={size} alt={intl.formatMessage({ id: 'repaymentCard.collect.qrAlt' })} data-testid="collect-qr" />;
}

/**
 * Collect money for an order through the provider: find the order by its number (what it still owes, its bound
 * cards), choose a link, a QR code or a card deduction and the amount (default the remaining debt), then show what
 * the provider made: the link with its QR code for the customer, or the deduction's status. Runs `commandId`
 * (repayment.repaymentList.collect or repayment.paymentPayCard.deduct), one idempotency key per dialog.
 */
export function CollectPanel({ commandId, methods, onClose }: { commandId: string; methods: readonly CollectMethod[]; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [orderNo, setOrderNo] = useState('');
  const [order, setOrder] = useState<CollectOrderView | null>(null);
  const [method, setMethod] = useState<CollectMethod>(methods[0]);
  const [amount, setAmount] = useState<number | string>('');
  const [cardId, setCardId] = useState<string | null>(null);
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CollectView | null>(null);
  const invocation = useMemo(() => invocationKeys(), []);

  const currency = order?.currency ?? 'USD';
  const money = (minor: number, cur = currency) => formatMoney(minor, { currency: cur, minor: true });

  const find = async () => {
    if (!orderNo.trim()) return;
    setProblem(NO_PROBLEM);
    try {
      const o = await api.get<CollectOrderView>(REPAYMENT_CARD_API.collectOrder, { order_no: orderNo.trim() });
      setOrder(o);
      setAmount(toMajor(o.remaining_debt, o.currency));
      setCardId(String(o.bank_cards.find((c) => c.is_default)?.id ?? o.bank_cards[0]?.id ?? '') || null);
    } catch {
      setOrder(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !order || !order.open) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const params: Record<string, unknown> = {
        order_id: order.order_id, amount: amount === '' ? undefined : toMinor(Number(amount), currency),
        bank_card_id: method === 'card' && cardId ? Number(cardId) : undefined,
      };
      if (methods.length > 1 || commandId.endsWith('.collect')) params.method = method;
      const r = await executeCommand<CollectView>(commandId, params, { intl, quietInvalid: true, invocation });
      setResult(r);
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    const link = result.link_url ? absoluteUrl(result.link_url) : '';
    const qr = result.qr_payload ? absoluteUrl(result.qr_payload) : '';
    return (
      <Stack gap="sm" data-testid="collect-result">
        <Group gap="xs">
          <Text size="sm" fw={600}>{result.serial_no}</Text>
          <Badge variant="light">{t(`repaymentCard.method.${result.type}`)}</Badge>
          <Badge color={result.status === 'failed' ? 'red' : result.status === 'success' ? 'green' : 'blue'}>{t(`repaymentCard.status.${result.status}`)}</Badge>
        </Group>
        <Text size="sm">{t('repaymentCard.collect.summary', { amount: money(result.requested_amount, result.currency), order: result.order_no })}</Text>
        {link && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>{t('repaymentCard.field.link')}</Text>
            <CopyText text={link} data-testid="collect-link">
              <Anchor href={link} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>{link}</Anchor>
            </CopyText>
          </Stack>
        )}
        {qr && <QrImage value={qr} />}
        {result.expires_at && <Text size="xs" c="dimmed">{t('repaymentCard.collect.expires', { at: intl.formatDate(result.expires_at, { dateStyle: 'medium', timeStyle: 'short' }) })}</Text>}
        {result.type === 'card' && result.status === 'pending' && <Alert color="blue">{t('repaymentCard.collect.cardPending', { card: result.card_no })}</Alert>}
        {result.status === 'failed' && result.message && <Alert color="red">{result.message}</Alert>}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('repaymentCard.collect.close')}</Button>
        </Group>
      </Stack>
    );
  }

  const err = (k: string) => fieldError(problem.fields, k);
  const cardChoices = (order?.bank_cards ?? []).map((c) => ({ value: String(c.id), label: `${c.bank_name} ${c.card_no}` }));
  const blocked = !!order && (!order.open || (method === 'card' && cardChoices.length === 0));
  return (
    <form onSubmit={submit} noValidate data-testid="collect-form">
      <Stack gap="sm">
        <Group align="flex-end" gap="xs">
          <TextInput style={{ flex: 1 }} label={t('field.order_no')} value={orderNo} data-autofocus name="order_no" error={err('order_id')}
            onChange={(e) => setOrderNo(e.currentTarget.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
          <Button variant="default" onClick={() => void find()}>{t('repaymentCard.collect.find')}</Button>
        </Group>
        {order && (
          <Stack gap={4} data-testid="collect-order">
            <Group gap="xs">
              <Text size="sm" fw={600}>{order.order_no}</Text>
              {order.customer_name && <Text size="sm">{order.customer_name}</Text>}
              {order.phone && <Text size="sm" c="dimmed">{order.phone}</Text>}
              <Badge variant="light">{intl.messages[`option.status.${order.status}`] ? t(`option.status.${order.status}`) : order.status}</Badge>
            </Group>
            <Text size="sm" data-testid="collect-remaining">{t('repaymentCard.collect.remaining', { amount: money(order.remaining_debt) })}</Text>
            {!order.open && <Alert color="orange">{t('repaymentCard.collect.notOpen')}</Alert>}
          </Stack>
        )}
        {order && order.open && (
          <>
            {methods.length > 1 && (
              <SegmentedControl value={method} onChange={(v) => setMethod(v as CollectMethod)} data-testid="collect-method"
                data={methods.map((m) => ({ value: m, label: t(`repaymentCard.method.${m}`) }))} />
            )}
            <NumberInput label={t('repaymentCard.collect.amountIn', { currency })} withAsterisk value={amount} onChange={setAmount} min={0}
              max={toMajor(order.remaining_debt, currency)} decimalScale={currencyDigits(currency)} thousandSeparator="," error={err('amount')} name="amount" />
            {method === 'card' && (cardChoices.length ? (
              <Select label={t('repaymentCard.field.bank_card_id')} data={cardChoices} value={cardId} onChange={setCardId} allowDeselect={false}
                error={err('bank_card_id')} />
            ) : <Alert color="orange">{t('repaymentCard.noCard')}</Alert>)}
          </>
        )}
        {problem.message && <Alert color="red">{problem.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
          <Button type="submit" loading={busy} disabled={!order || blocked}>{t('repaymentCard.collect.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The panel in a dialog of a mounted screen (paymentPayCard's deduct). */
export function CollectDialog({ openKey, commandId, methods, onClose }: {
  openKey: number | null; commandId: string; methods: readonly CollectMethod[]; onClose: () => void;
}) {
  const intl = useIntl();
  const cmd = byId.get(commandId);
  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={cmd ? commandTitle(cmd, intl) : ''} data-testid="collect-dialog">
      {openKey !== null && <CollectPanel key={openKey} commandId={commandId} methods={methods} onClose={onClose} />}
    </Modal>
  );
}

/** The panel in a modal opened from anywhere (the collect action of the repayment list, a screen of another area). */
export function openCollectModal(commandId: string, methods: readonly CollectMethod[]): Promise<CollectView | undefined> {
  let intl = null;
  try {
    intl = getIntl();
  } catch {
    intl = null;
  }
  const cmd = byId.get(commandId);
  return new Promise((resolve) => {
    const id = modals.open({
      title: cmd ? commandTitle(cmd, intl) : '',
      size: 'lg',
      onClose: () => resolve(undefined),
      children: (() => {
        const panel = <CollectPanel commandId={commandId} methods={methods} onClose={() => modals.close(id)} />;
        return intl ? <RawIntlProvider value={intl}>{panel}</RawIntlProvider> : panel;
      })(),
    });
  });
}
