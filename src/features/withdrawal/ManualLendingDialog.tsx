import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { commandTitle, executeCommand } from '../../app/commands';
import { currencyDigits, formatMoney } from '../../app/lib/format';
import { notifyText } from '../../app/lib/notify';
import type { ManualLookup } from '../../schemas/withdrawal';
import { fieldError, submitProblem, type SubmitProblem } from '../../ui/serverIssues';
import { lookupCustomer } from './withdrawal.api';

const COMMAND = 'withdrawal.manualLending.add';
const NO_PROBLEM: SubmitProblem = { fields: {}, message: null };
const SHOWN = ['customer_id', 'product_id', 'amount', 'loan_days', 'bank_card_id', 'note'];

/** Major units typed by the user → minor units of the currency (what the API takes). */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/**
 * A manual loan: find the customer (phone, code or id, in the account's merchants), pick one of their merchant's
 * products, type the amount in the merchant's currency and the days (the product's limits are shown), optionally the
 * card to pay to. The server checks everything again; its refusals land on the fields.
 */
export function ManualLendingDialog({ openKey, onClose }: { openKey: number | null; onClose: () => void }) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ManualLookup | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [days, setDays] = useState<number | string>('');
  const [cardId, setCardId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<SubmitProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setKeyword('');
    setFound(null);
    setProductId(null);
    setAmount('');
    setDays('');
    setCardId(null);
    setNote('');
    setProblem(NO_PROBLEM);
  }, [openKey]);

  const c = found?.customer ?? null;
  const currency = c?.currency ?? 'USD';
  const product = found?.products.find((p) => String(p.id) === productId) ?? null;
  const money = (minor: number) => formatMoney(minor, { currency, minor: true });
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const find = async () => {
    if (!keyword.trim()) return;
    setProblem(NO_PROBLEM);
    try {
      const res = await lookupCustomer(keyword.trim());
      setFound(res);
      setProductId(res.products.length === 1 ? String(res.products[0].id) : null);
      setCardId(null);
    } catch {
      setFound(null);
    }
  };

  const cards = useMemo(() => (found?.cards ?? []).map((k) => ({
    value: String(k.id), label: `${k.bank_name} ****${k.card_last4}${k.is_default ? ` · ${t('withdrawal.manual.defaultCard')}` : ''}`,
  })), [found]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !c) return;
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const res = await executeCommand<{ order_no: string; status: string }>(COMMAND, {
        customer_id: c.id,
        product_id: productId ? Number(productId) : undefined,
        amount: amount === '' ? undefined : toMinor(Number(amount), currency),
        loan_days: days === '' ? undefined : Number(days),
        bank_card_id: cardId ? Number(cardId) : undefined,
        note: note.trim() || undefined,
      }, { intl, quietInvalid: true });
      notifyText('success', t('withdrawal.manual.created', { order_no: res.order_no, status: t(`option.status.${res.status}`) }));
      onClose();
    } catch (err) {
      setProblem(submitProblem(intl, err, SHOWN));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => fieldError(problem.fields, k);
  return (
    <Modal opened={openKey !== null} onClose={onClose} size="lg" title={commandTitle(byId.get(COMMAND)!, intl)} data-testid="manual-lending-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="xs">
            <TextInput style={{ flex: 1 }} label={t('withdrawal.manual.keyword')} value={keyword} data-autofocus name="keyword"
              onChange={(e) => setKeyword(e.currentTarget.value)} error={err('customer_id')}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void find(); } }} />
            <Button variant="default" onClick={() => void find()}>{t('withdrawal.manual.find')}</Button>
          </Group>
          {found && !c && <Text size="sm" c="red">{t('withdrawal.manual.notFound')}</Text>}
          {c && (
            <Text size="sm" data-testid="manual-customer">{c.name} · {c.phone} · {c.merchant_name}</Text>
          )}
          {c && (c.blacklisted || !c.login_allowed) && <Alert color="red">{t('withdrawal.manual.blocked')}</Alert>}
          {c && (
            <>
              <Select label={t('field.product_id')} withAsterisk value={productId} onChange={setProductId} error={err('product_id')}
                data={found!.products.map((p) => ({ value: String(p.id), label: p.name }))} />
              {product && (
                <Text size="xs" c="dimmed">
                  {t('withdrawal.manual.limits', { min: money(product.min_amount), max: product.max_amount > 0 ? money(product.max_amount) : '∞', minDays: product.min_days, maxDays: product.max_days })}
                </Text>
              )}
              <Group grow>
                <NumberInput label={t('withdrawal.manual.amountIn', { currency })} withAsterisk value={amount} onChange={setAmount} min={0}
                  decimalScale={currencyDigits(currency)} thousandSeparator="," error={err('amount')} name="amount" />
                <NumberInput label={t('field.loan_days')} withAsterisk value={days} onChange={setDays} min={1} max={3650} allowDecimal={false}
                  error={err('loan_days')} name="loan_days" />
              </Group>
              <Select label={t('withdrawal.field.bank_card_id')} value={cardId} onChange={setCardId} clearable data={cards} error={err('bank_card_id')} />
              <TextInput label={t('withdrawal.field.note')} value={note} maxLength={200} onChange={(e) => setNote(e.currentTarget.value)} error={err('note')} />
            </>
          )}
          {problem.message && <Alert color="red">{problem.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('command.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!c}>{t('command.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
