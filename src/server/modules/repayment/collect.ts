import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CODE } from '../../../schemas/common';
import type { OrderStatus } from '../../../schemas/order';
import { PROVIDER_REPAYMENT_TYPES, type RepaymentType } from '../../../schemas/repayment';
import type { CollectOrderView, CollectView, RecheckView } from '../../../schemas/repaymentCard';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { bankCard, customer } from '../client/client.table';
import { maskCardNumber } from '../client/client.routes';
import { isUniqueViolation } from '../empower/scope';
import { keyOwner, runIdempotent } from '../idempotency/idempotency';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentChannel } from '../payment/payment.table';
import { loadConfig } from '../payment/plan';
import type { PayInNotice } from '../payment/providers/types';
import { nextId, usableChannel, type ChannelRecord, type MerchantScope } from '../payment/records';
import { paymentRuntime } from '../payment/runtime';
import type { ActionCtx } from '../payment/transfer.service';
import { applyMoneyIn, lockOrder, OPEN_STATUSES, recordUnmatchedMoney, repaymentSerial, type RepaymentRecord } from './account';
import { repayment, repaymentCard, repaymentEvent } from './repayment.table';

/**
 * Money coming in through the payment provider (docs/repayment.md "Money through the provider"):
 *  - `collect`: a repayment link, a QR code or a card deduction for an order that owes, created at the merchant's
 *    payment channel as a `pending` repayment (idempotent by key);
 *  - `applyPaymentNotice`: a verified callback (or a re-check's answer) about one of those applies the money
 *    (`applyMoneyIn` on the pending row) or fails it, once: the order row and then the repayment row are locked, and a
 *    row that is no longer pending answers what it became (a repeat changes nothing);
 *  - `applyCardNotice`: money sent to a virtual-account card goes to the customer's oldest open order of that merchant,
 *    or is kept as unmatched credit (abnormal, unknown_order); idempotent by (channel, provider_ref), a unique index;
 *  - `recheckRepayment`: asks the provider about a pending repayment and applies what it says.
 */

/** Links and QR codes stay payable this long (business time); the end-of-day job expires them after. */
export const LINK_TTL_MS = 24 * 3600_000;

export type EventKind = 'created' | 'callback' | 'query' | 'duplicate' | 'applied';

export async function recordRepaymentEvent(db: DbOrTx, e: { repaymentId: number | null; channelId: number | null; kind: EventKind; body: unknown; at: Date }): Promise<void> {
  await db.insert(repaymentEvent).values({ repaymentId: e.repaymentId, channelId: e.channelId, kind: e.kind, body: (e.body ?? null) as never, createdAt: e.at });
}

/** Rows of the actor's merchants (null: all). */
export function inScope(col: PgColumn, merchantIds: MerchantScope): SQL | undefined {
  return merchantIds === null ? undefined : merchantIds.length ? inArray(col, [...merchantIds]) : sql`false`;
}

const errText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 200);

/** The merchant's channel for money in: its payout channel (merchant_payment_config), else the default channel. */
export async function payInChannel(db: DbOrTx, merchantId: number): Promise<ChannelRecord> {
  const ch = await usableChannel(db, (await loadConfig(db, merchantId)).payoutChannelId);
  if (!ch) throw new AppError(CODE.CONFLICT, 'payment.noChannel');
  return ch;
}

export async function collectView(db: DbOrTx, id: number, message = ''): Promise<CollectView> {
  const [r] = await db.select({
    row: repayment,
    orderNo: loanOrder.orderNo,
    channelName: paymentChannel.name,
  }).from(repayment)
    .leftJoin(loanOrder, eq(loanOrder.id, repayment.orderId))
    .leftJoin(paymentChannel, eq(paymentChannel.id, repayment.channelId))
    .where(eq(repayment.id, id));
  const x = r.row;
  return {
    id: x.id, serial_no: x.serialNo, order_id: x.orderId ?? 0, order_no: r.orderNo ?? '', merchant_id: x.merchantId, type: x.type, status: x.status,
    currency: x.currency, requested_amount: x.requestedMinor, success_amount: x.successMinor, channel_id: x.channelId, channel_name: r.channelName ?? null,
    provider_ref: x.providerRef, link_url: x.linkUrl, qr_payload: x.qrPayload, card_no: x.cardNo, expires_at: x.expiresAt?.toISOString() ?? null,
    message: message || x.remark,
  };
}

/** The order the collect dialog names by its number, within the actor's merchants (40400 otherwise). */
export async function collectOrder(db: DbOrTx, merchantIds: MerchantScope, orderNo: string): Promise<CollectOrderView> {
  const [o] = await db.select({
    id: loanOrder.id, orderNo: loanOrder.orderNo, merchantId: loanOrder.merchantId, customerId: loanOrder.customerId, status: loanOrder.status,
    currency: loanOrder.currency, remaining: loanOrder.remainingDebtMinor, dueDate: loanOrder.dueDate, bankCardId: loanOrder.bankCardId,
    name: customer.name, phone: customer.phone,
  }).from(loanOrder).leftJoin(customer, eq(customer.id, loanOrder.customerId))
    .where(and(eq(loanOrder.orderNo, orderNo), inScope(loanOrder.merchantId, merchantIds)));
  if (!o) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repaymentCard.order' });
  const cards = await db.select().from(bankCard).where(and(eq(bankCard.customerId, o.customerId), eq(bankCard.status, 'bound'))).orderBy(asc(bankCard.id));
  return {
    order_id: o.id, order_no: o.orderNo, merchant_id: o.merchantId, customer_name: o.name ?? '', phone: o.phone ?? '', status: o.status, currency: o.currency,
    remaining_debt: o.remaining, due_date: o.dueDate, open: OPEN_STATUSES.includes(o.status as OrderStatus),
    bank_cards: cards.map((c) => ({ id: c.id, bank_name: c.bankName, card_no: maskCardNumber(c.cardNumber), is_default: c.id === o.bankCardId || (!o.bankCardId && c.isDefault) })),
  };
}

type Card = typeof bankCard.$inferSelect;

/** The card a deduction takes from: the one named (the customer's), else the order's card, else the customer's default bound card. */
async function deductionCard(tx: DbOrTx, order: { customerId: number; bankCardId: number | null }, bankCardId: number | undefined): Promise<Card> {
  const mine = (id: number) => and(eq(bankCard.id, id), eq(bankCard.customerId, order.customerId), eq(bankCard.status, 'bound'));
  if (bankCardId !== undefined) {
    const [c] = await tx.select().from(bankCard).where(mine(bankCardId));
    if (!c) throw new AppError(CODE.CONFLICT, 'repaymentCard.noCard');
    return c;
  }
  if (order.bankCardId) {
    const [c] = await tx.select().from(bankCard).where(mine(order.bankCardId));
    if (c) return c;
  }
  const [c] = await tx.select().from(bankCard).where(and(eq(bankCard.customerId, order.customerId), eq(bankCard.status, 'bound')))
    .orderBy(desc(bankCard.isDefault), desc(bankCard.id)).limit(1);
  if (!c) throw new AppError(CODE.CONFLICT, 'repaymentCard.noCard');
  return c;
}

export interface CollectInput {
  orderId: number;
  method: 'link' | 'qr' | 'card';
  amount?: number;
  bankCardId?: number;
  key: string;
  /** Idempotency scope: 'repayment.collect' (repayment list) or 'repayment.deduct' (paymentPayCard). */
  scope: string;
}

/**
 * Creates a link / QR code / card deduction for what an order still owes (or less): 42200 when the order does not
 * owe, 40000 above the remaining debt, 40900 without a channel or when the channel offers no such pay-in. The pending
 * row is committed first, then the provider is asked (a callback may arrive before its answer is stored).
 */
export async function collect(deps: Deps, a: ActionCtx, input: CollectInput): Promise<CollectView> {
  const payload = { order_id: input.orderId, method: input.method, amount: input.amount ?? null, bank_card_id: input.bankCardId ?? null };
  const run = await runIdempotent(deps.db, { scope: input.scope, owner: a.owner ?? keyOwner.of(a.actorId), key: input.key, accountId: a.actorId, payload }, async (tx) => {
    const order = await lockOrder(tx, input.orderId, a.merchantIds);
    if (!OPEN_STATUSES.includes(order.status as OrderStatus)) {
      throw new AppError(CODE.INVALID_TRANSITION, 'repayment.orderNotOpen', { status: `@option.status.${order.status}` });
    }
    const remaining = order.remainingDebtMinor;
    if (remaining <= 0) throw new AppError(CODE.INVALID_TRANSITION, 'repayment.orderNotOpen', { status: `@option.status.${order.status}` });
    const amount = input.amount ?? remaining;
    if (amount > remaining) {
      throw new AppError(CODE.VALIDATION, 'repaymentCard.amountAboveDebt', {}, 200, [{ path: 'amount', id: 'repaymentCard.amountAboveDebt', values: {} }]);
    }
    const ch = await payInChannel(tx, order.merchantId);
    if (!paymentRuntime(deps).provider(ch).payInMethods.includes(input.method)) throw new AppError(CODE.CONFLICT, 'repayment.collectUnsupported');
    const card = input.method === 'card' ? await deductionCard(tx, order, input.bankCardId) : null;
    const now = deps.clock.now();
    const id = await nextId(tx, 'repayment');
    const [row] = await tx.insert(repayment).values({
      id, serialNo: repaymentSerial(id, now), orderId: order.id, merchantId: order.merchantId, customerId: order.customerId, currency: order.currency,
      type: input.method, status: 'pending', requestedMinor: amount, channelId: ch.id, bankCardId: card?.id ?? null,
      cardNo: card ? maskCardNumber(card.cardNumber) : '', operatorId: a.actorId,
      expiresAt: input.method === 'card' ? null : new Date(now.getTime() + LINK_TTL_MS), createdAt: deps.now(), updatedAt: deps.now(),
    }).returning();
    await recordRepaymentEvent(tx, { repaymentId: id, channelId: ch.id, kind: 'created', body: { method: input.method, amount, channel: ch.code }, at: deps.now() });
    await a.log(tx, {
      action: input.scope, targetType: 'repayment', targetId: id,
      after: { serial_no: row.serialNo, order_id: order.id, method: input.method, amount, channel_id: ch.id },
    });
    return { repayment_id: id };
  });
  // The provider is asked only by the run that created the row, after its commit (a card deduction sent twice would
  // take the money twice). A crash before the provider's answer leaves the row pending without a reference: the
  // re-check asks the provider by its serial number. A replay answers the row as it is now (its link, its status).
  if (run.replay) return collectView(deps.db, run.result.repayment_id);
  const message = await sendCollect(deps, await pendingCollect(deps, run.result.repayment_id));
  return collectView(deps.db, run.result.repayment_id, message);
}

/** What sendCollect needs of a committed pending row: its channel, card, order number and customer. */
async function pendingCollect(deps: Deps, id: number) {
  const { db } = deps;
  const [row] = await db.select().from(repayment).where(eq(repayment.id, id));
  const [ch] = await db.select().from(paymentChannel).where(eq(paymentChannel.id, row.channelId!));
  const [card] = row.bankCardId === null ? [null] : await db.select().from(bankCard).where(eq(bankCard.id, row.bankCardId));
  const [o] = await db.select({ orderNo: loanOrder.orderNo }).from(loanOrder).where(eq(loanOrder.id, row.orderId!));
  const [who] = await db.select({ name: customer.name, phone: customer.phone }).from(customer).where(eq(customer.id, row.customerId!));
  return { row, ch, card: card ?? null, orderNo: o.orderNo, who };
}

async function sendCollect(deps: Deps, c: {
  row: RepaymentRecord; ch: ChannelRecord; card: Card | null; orderNo: string; who: { name: string; phone: string } | undefined;
}): Promise<string> {
  const { row, ch, card } = c;
  const provider = paymentRuntime(deps).provider(ch);
  let res;
  try {
    res = await provider.collect({
      paymentNo: row.serialNo, orderNo: c.orderNo, amountMinor: row.requestedMinor, currency: row.currency, method: row.type as 'link' | 'qr' | 'card',
      customer: { name: c.who?.name ?? '', phone: c.who?.phone ?? '' },
      card: card ? { bankName: card.bankName, bankCode: card.bankCode, number: card.cardNumber, holder: card.cardholder } : undefined,
    });
  } catch (err) {
    // Unknown outcome (timeout, network): the row stays pending; a re-check asks again.
    await recordRepaymentEvent(deps.db, { repaymentId: row.id, channelId: ch.id, kind: 'created', body: { error: errText(err) }, at: deps.now() });
    if (err instanceof AppError) {
      await deps.db.update(repayment).set({ status: 'failed', remark: err.messageId, updatedAt: deps.now() }).where(and(eq(repayment.id, row.id), eq(repayment.status, 'pending')));
    }
    return errText(err);
  }
  const ref = res.providerRef.slice(0, 64);
  await deps.db.transaction(async (tx) => {
    await tx.update(repayment).set({
      // A callback may have filled the reference (and applied the money) already.
      ...(ref ? { providerRef: sql`CASE WHEN ${repayment.providerRef} = '' THEN ${ref} ELSE ${repayment.providerRef} END` } : {}),
      linkUrl: res.url.slice(0, 500), qrPayload: res.qrPayload.slice(0, 500), updatedAt: deps.now(),
    }).where(eq(repayment.id, row.id));
    if (!res.accepted) {
      await tx.update(repayment).set({ status: 'failed', remark: res.message.slice(0, 500), updatedAt: deps.now() })
        .where(and(eq(repayment.id, row.id), eq(repayment.status, 'pending')));
    }
    await recordRepaymentEvent(tx, { repaymentId: row.id, channelId: ch.id, kind: 'created', body: { request: res.request, response: res.response }, at: deps.now() });
  });
  return res.message;
}

// ------------------------------------------------------------------ applying what the provider says

/** What the webhook answers (the same for a repeat of a callback). */
export interface PayInResult {
  repayment_id: number | null;
  serial_no: string;
  status: string;
  /** false: nothing changed (a repeat, a late failure, a notice about a row that already ended). */
  changed: boolean;
}

const resultOf = (r: Pick<RepaymentRecord, 'id' | 'serialNo' | 'status'>, changed: boolean): PayInResult =>
  ({ repayment_id: r.id, serial_no: r.serialNo, status: r.status, changed });

/**
 * A notice about one of our pending repayments (callback or re-check). Success applies the money the provider says
 * arrived (partial amounts allowed; above the debt becomes credit) on the pending row; failure fails it. Money that
 * arrives for a link that expired or failed before is still applied (the row is taken back to pending first). The
 * order row is locked before the repayment row, as the money core does, so that two deliveries at once apply once.
 */
export async function applyPaymentNotice(deps: Deps, ch: ChannelRecord, notice: Pick<PayInNotice, 'paymentNo' | 'providerRef' | 'status' | 'amountMinor' | 'message'>,
  source: { kind: 'callback' | 'query'; raw: unknown; actorId: number | null }): Promise<PayInResult> {
  const [found] = await deps.db.select().from(repayment).where(and(eq(repayment.serialNo, notice.paymentNo), eq(repayment.channelId, ch.id)));
  if (!found || found.orderId === null) {
    await recordRepaymentEvent(deps.db, { repaymentId: null, channelId: ch.id, kind: source.kind, body: { unknown_payment: notice.paymentNo, raw: source.raw }, at: deps.now() });
    throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repaymentCard.payment' });
  }
  if (found.providerRef && notice.providerRef && found.providerRef !== notice.providerRef) {
    await recordRepaymentEvent(deps.db, { repaymentId: found.id, channelId: ch.id, kind: source.kind, body: { mismatch: notice.providerRef, raw: source.raw }, at: deps.now() });
    throw new AppError(CODE.FORBIDDEN, 'payment.callbackMismatch', {}, 403);
  }
  const orderId = found.orderId;
  return deps.db.transaction(async (tx) => {
    if (notice.status === 'success') await lockOrder(tx, orderId);
    const [row] = await tx.select().from(repayment).where(eq(repayment.id, found.id)).for('update');
    const event = (kind: EventKind, body: Record<string, unknown>) => recordRepaymentEvent(tx, { repaymentId: row.id, channelId: ch.id, kind, body: { ...body, source: source.kind, raw: source.raw }, at: deps.now() });
    if (notice.status === 'failure') {
      if (row.status !== 'pending') {
        await event('duplicate', { status: 'failure' });
        return resultOf(row, false);
      }
      const [failed] = await tx.update(repayment).set({
        status: 'failed', remark: notice.message.slice(0, 500), updatedAt: deps.now(),
        ...(notice.providerRef && !row.providerRef ? { providerRef: notice.providerRef.slice(0, 64) } : {}),
      }).where(eq(repayment.id, row.id)).returning();
      await event(source.kind, { status: 'failure', message: notice.message });
      return resultOf(failed, true);
    }
    if (row.status !== 'pending' && row.status !== 'failed' && row.status !== 'expired') {
      await event('duplicate', { status: 'success' });
      return resultOf(row, false);
    }
    if (row.status !== 'pending') {
      // Money arrived after the link expired or an attempt failed: it is the customer's money all the same.
      await tx.update(repayment).set({ status: 'pending', updatedAt: deps.now() }).where(eq(repayment.id, row.id));
    }
    const amount = notice.amountMinor ?? row.requestedMinor;
    const done = await applyMoneyIn(tx, deps, {
      orderId, amount, type: row.type as RepaymentType, actorId: source.actorId, repaymentId: row.id, channelId: ch.id,
      providerRef: (notice.providerRef || row.providerRef).slice(0, 64),
    });
    await event('applied', { status: done.status, amount, message: notice.message });
    return resultOf(done, true);
  });
}

const byRef = async (db: DbOrTx, channelId: number, ref: string) =>
  (await db.select().from(repayment).where(and(eq(repayment.channelId, channelId), eq(repayment.providerRef, ref))))[0];

/**
 * Money sent to a virtual-account card: applied (type va) to the card customer's oldest open order of the card's
 * merchant, or, with none, kept as unmatched credit (abnormal, unknown_order) with the customer noted. A VA we never
 * issued (or an expired one) is refused (40400); a failure notice changes nothing. Idempotent by (channel,
 * provider_ref): a repeat answers the stored repayment; two deliveries at once meet at the unique index.
 */
export async function applyCardNotice(deps: Deps, ch: ChannelRecord, notice: PayInNotice, raw: unknown): Promise<PayInResult> {
  const seen = await byRef(deps.db, ch.id, notice.providerRef);
  if (seen) {
    await recordRepaymentEvent(deps.db, { repaymentId: seen.id, channelId: ch.id, kind: 'duplicate', body: { va_number: notice.vaNumber, raw }, at: deps.now() });
    return resultOf(seen, false);
  }
  if (notice.status !== 'success' || notice.amountMinor === null) {
    await recordRepaymentEvent(deps.db, { repaymentId: null, channelId: ch.id, kind: 'callback', body: { va_number: notice.vaNumber, status: notice.status, raw }, at: deps.now() });
    return { repayment_id: null, serial_no: '', status: 'failed', changed: false };
  }
  const [card] = await deps.db.select().from(repaymentCard).where(and(eq(repaymentCard.vaNumber, notice.vaNumber), eq(repaymentCard.status, 'active')));
  if (!card || (card.channelId !== null && card.channelId !== ch.id)) {
    await recordRepaymentEvent(deps.db, { repaymentId: null, channelId: ch.id, kind: 'callback', body: { unknown_va: notice.vaNumber, raw }, at: deps.now() });
    throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repaymentCard.virtualAccount' });
  }
  const amount = notice.amountMinor;
  const ref = notice.providerRef.slice(0, 64);
  try {
    return await deps.db.transaction(async (tx) => {
      const [open] = await tx.select({ id: loanOrder.id }).from(loanOrder)
        .where(and(eq(loanOrder.merchantId, card.merchantId), eq(loanOrder.customerId, card.customerId), inArray(loanOrder.status, [...OPEN_STATUSES])))
        .orderBy(asc(loanOrder.createdAt), asc(loanOrder.id)).limit(1);
      let row: RepaymentRecord;
      if (open) {
        const applied = await applyMoneyIn(tx, deps, { orderId: open.id, amount, type: 'va', actorId: null, channelId: ch.id, providerRef: ref, remark: `VA ${card.vaNumber}` });
        [row] = await tx.update(repayment).set({ vaNumber: card.vaNumber }).where(eq(repayment.id, applied.id)).returning();
      } else {
        const [m] = await tx.select({ currency: merchant.currency }).from(merchant).where(eq(merchant.id, card.merchantId));
        const unmatched = await recordUnmatchedMoney(tx, deps, {
          merchantId: card.merchantId, currency: m?.currency ?? 'VND', amount, type: 'va', channelId: ch.id, providerRef: ref, vaNumber: card.vaNumber,
          remark: 'no open order',
        });
        [row] = await tx.update(repayment).set({ customerId: card.customerId }).where(eq(repayment.id, unmatched.id)).returning();
      }
      await recordRepaymentEvent(tx, { repaymentId: row.id, channelId: ch.id, kind: 'applied', body: { va_number: card.vaNumber, amount, status: row.status, raw }, at: deps.now() });
      return resultOf(row, true);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await byRef(deps.db, ch.id, notice.providerRef);
      if (again) return resultOf(again, false);
    }
    throw err;
  }
}

/** Re-check a pending provider repayment: asks the provider and applies a final answer (nothing to do otherwise). */
export async function recheckRepayment(deps: Deps, a: ActionCtx, id: number): Promise<RecheckView> {
  const [row] = await deps.db.select().from(repayment).where(and(eq(repayment.id, id), inScope(repayment.merchantId, a.merchantIds)));
  if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repaymentCard.payment' });
  if (row.status !== 'pending' || row.channelId === null || !(PROVIDER_REPAYMENT_TYPES as readonly string[]).includes(row.type)) {
    throw new AppError(CODE.CONFLICT, 'repaymentCard.notPending', { status: `@repaymentCard.status.${row.status}` });
  }
  const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.id, row.channelId));
  const provider = paymentRuntime(deps).provider(ch);
  let q;
  try {
    q = await provider.queryCollect(row.serialNo, row.providerRef);
  } catch (err) {
    await recordRepaymentEvent(deps.db, { repaymentId: row.id, channelId: ch.id, kind: 'query', body: { error: errText(err) }, at: deps.now() });
    throw new AppError(CODE.CONFLICT, 'payment.providerError', { message: errText(err) });
  }
  let out: RecheckView;
  if (q.found && q.status !== 'in_progress') {
    const r = await applyPaymentNotice(deps, ch, {
      paymentNo: row.serialNo, providerRef: q.providerRef || row.providerRef, status: q.status, amountMinor: q.amountMinor, message: q.message,
    }, { kind: 'query', raw: q.response, actorId: a.actorId });
    out = { id: row.id, status: r.status, changed: r.changed, message: q.message };
  } else {
    await recordRepaymentEvent(deps.db, { repaymentId: row.id, channelId: ch.id, kind: 'query', body: { found: q.found, response: q.response }, at: deps.now() });
    out = { id: row.id, status: row.status, changed: false, message: q.message };
  }
  await a.log(deps.db, { action: 'repayment.recheck', targetType: 'repayment', targetId: row.id, before: { status: row.status }, after: { status: out.status, changed: out.changed } });
  return out;
}
