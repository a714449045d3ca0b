import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { bankCard } from '../client/client.table';
import { loanOrder } from '../order/order.table';
import { applyOutcome } from './outcome';
import { paymentChannel, paymentOrder, transfer } from './payment.table';
import { paymentRuntime } from './runtime';
import { recordEvent, type PaymentOrderRecord } from './records';

const errText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 200);

/**
 * Sends an attempt (payment order, already committed as in_progress) to its channel. Runs after the transaction
 * that created it, so a callback that arrives before the provider's answer finds the attempt. A refusal fails the
 * attempt at once; an error (timeout, network, 5xx) leaves it in progress for the re-check: the provider may have
 * taken it.
 */
export async function dispatch(deps: Deps, paymentOrderId: number): Promise<void> {
  const [po] = await deps.db.select().from(paymentOrder).where(eq(paymentOrder.id, paymentOrderId));
  if (!po || po.status !== 'in_progress' || po.providerRef || po.channelId === null) return;
  const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.id, po.channelId));
  const [tr] = await deps.db.select().from(transfer).where(eq(transfer.id, po.transferId));
  const [order] = await deps.db.select({ orderNo: loanOrder.orderNo }).from(loanOrder).where(eq(loanOrder.id, po.orderId));
  const [card] = tr.bankCardId ? await deps.db.select().from(bankCard).where(eq(bankCard.id, tr.bankCardId)) : [];
  const provider = paymentRuntime(deps).provider(ch);
  await recordEvent(deps.db, { kind: 'request', transfer: tr, paymentOrderId: po.id, status: 'in_progress', body: { channel: ch.code, amount: po.amountMinor }, at: deps.now() });
  let res;
  try {
    res = await provider.payout({
      paymentNo: po.paymentNo, orderNo: order?.orderNo ?? '', amountMinor: po.amountMinor, currency: po.currency,
      account: { bankName: card?.bankName ?? '', bankCode: card?.bankCode ?? '', number: card?.cardNumber ?? '', holder: card?.cardholder ?? '' },
    });
  } catch (err) {
    await deps.db.update(paymentOrder).set({ response: { error: errText(err) }, updatedAt: sql`now()` }).where(eq(paymentOrder.id, po.id));
    await recordEvent(deps.db, { kind: 'response', transfer: tr, paymentOrderId: po.id, body: { error: errText(err) }, at: deps.now() });
    return;
  }
  const ref = res.providerRef.slice(0, 64);
  await deps.db.transaction(async (tx) => {
    // A callback may have filled the reference already.
    await tx.update(paymentOrder).set({ request: res.request as never, response: res.response as never, updatedAt: sql`now()`, ...(ref ? { providerRef: sql`CASE WHEN ${paymentOrder.providerRef} = '' THEN ${ref} ELSE ${paymentOrder.providerRef} END` } : {}) })
      .where(eq(paymentOrder.id, po.id));
    if (ref) {
      await tx.update(transfer).set({ providerRef: ref, updatedAt: sql`now()` }).where(and(eq(transfer.id, tr.id), eq(transfer.status, 'in_progress')));
      await tx.update(loanOrder).set({ externalOrderNo: ref, updatedAt: sql`now()` }).where(eq(loanOrder.id, po.orderId));
    }
    await recordEvent(tx, { kind: 'response', transfer: tr, paymentOrderId: po.id, providerRef: ref, body: res.response, at: deps.now() });
  });
  if (!res.accepted || res.status === 'failure') {
    await applyOutcome(deps, { paymentOrderId: po.id, status: 'failure', providerRef: ref, message: res.message || 'refused', raw: res.response, source: 'response' });
  } else if (res.status === 'success') {
    await applyOutcome(deps, { paymentOrderId: po.id, status: 'success', providerRef: ref, message: res.message, raw: res.response, source: 'response' });
  }
}

export interface RecheckResult {
  status: string;
  changed: boolean;
  message: string;
}

/**
 * Re-check payment status: asks the provider about an attempt still in progress and applies a final answer like a
 * callback. An attempt the provider does not know, older than `notFoundAfterMs`, never reached it: it failed.
 */
export async function recheckPayment(deps: Deps, po: PaymentOrderRecord, opts: { actorId: number | null; notFoundAfterMs: number }): Promise<RecheckResult> {
  if (po.status !== 'in_progress' || po.channelId === null) return { status: po.status, changed: false, message: '' };
  const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.id, po.channelId));
  const [tr] = await deps.db.select().from(transfer).where(eq(transfer.id, po.transferId));
  const provider = paymentRuntime(deps).provider(ch);
  const touch = async (body: unknown, message: string) => {
    await deps.db.update(paymentOrder).set({ checkedAt: deps.now(), checkCount: sql`${paymentOrder.checkCount} + 1`, updatedAt: sql`now()` }).where(eq(paymentOrder.id, po.id));
    await recordEvent(deps.db, { kind: 'query', transfer: tr, paymentOrderId: po.id, providerRef: po.providerRef, body, accountId: opts.actorId, at: deps.now() });
    return { status: 'in_progress', changed: false, message };
  };
  let q;
  try {
    q = await provider.query(po.paymentNo, po.providerRef);
  } catch (err) {
    await touch({ error: errText(err) }, errText(err));
    throw new AppError(CODE.CONFLICT, 'payment.providerError', { message: errText(err) });
  }
  if (q.found && q.status !== 'in_progress') {
    const r = await applyOutcome(deps, { paymentOrderId: po.id, status: q.status, providerRef: q.providerRef, message: q.message, raw: q.response, source: 'query', actorId: opts.actorId });
    return { status: r.status, changed: r.changed, message: q.message };
  }
  if (!q.found && deps.now().getTime() - po.createdAt.getTime() > opts.notFoundAfterMs) {
    const r = await applyOutcome(deps, { paymentOrderId: po.id, status: 'failure', message: 'Not found at the provider', raw: q.response, source: 'query', actorId: opts.actorId });
    return { status: r.status, changed: r.changed, message: 'Not found at the provider' };
  }
  return touch(q.response, q.message);
}
