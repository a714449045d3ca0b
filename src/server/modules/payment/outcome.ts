import { eq, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { MARKET_TIME_ZONE, type Market } from '../../../schemas/merchant';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { post } from '../ledger/ledger';
import { addDays } from '../lifecycle/clock';
import { transitionOrder } from '../lifecycle/transition';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentOrder, transfer } from './payment.table';
import { recordEvent, type TransferRecord } from './records';
import { orderFigures } from '../repayment/money';
import { emitConversion } from '../channel/conversions';

/**
 * The money side of a payout, in the caller's transaction. Postings (accounts of the merchant, signed amounts):
 *
 *   freeze   available −(amount + fee)   frozen +(amount + fee)
 *   success  frozen −(amount + fee)      loan +principal   income −(principal − amount)   platform_fee +fee
 *   release  frozen −(amount + fee)      available +(amount + fee)
 *
 * `amount` reaches the customer's card (principal less fees deducted up front), `fee` is the platform's payout fee
 * charged to the merchant, and the up-front fees are the merchant's income when the money leaves.
 */

export async function freeze(tx: DbOrTx, deps: Deps, tr: Pick<TransferRecord, 'merchantId' | 'orderId' | 'transferNo' | 'amountMinor' | 'feeMinor'>, actorId: number | null): Promise<number> {
  const total = tr.amountMinor + tr.feeMinor;
  return post(tx, {
    merchantId: tr.merchantId, kind: 'disburse_freeze', orderId: tr.orderId, ref: tr.transferNo, accountId: actorId, businessAt: deps.clock.now(),
    memo: 'payout frozen', lines: [{ account: 'available', amount: -total }, { account: 'frozen', amount: total }], nonNegative: ['available'],
  });
}

export interface FinishInput {
  status: 'success' | 'failure';
  providerRef?: string;
  message?: string;
  actorId: number | null;
  /** Why, for the order's history ('callback', 'query', 'manual transfer', a reject reason …). */
  reason: string;
}

/**
 * Ends the current attempt of a transfer: the order's transition (disbursing → repaying with its loan dates and
 * debt, or → failed), the success or release posting, and the transfer's status. The transfer row must be locked.
 */
export async function finishTransfer(tx: DbOrTx, deps: Deps, tr: TransferRecord, input: FinishInput): Promise<void> {
  const now = deps.clock.now();
  const [order] = await tx.select().from(loanOrder).where(eq(loanOrder.id, tr.orderId)).for('update');
  if (!order) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  const total = tr.amountMinor + tr.feeMinor;
  const ref = input.providerRef || tr.providerRef;
  if (input.status === 'success') {
    const [m] = await tx.select({ market: merchant.market }).from(merchant).where(eq(merchant.id, tr.merchantId));
    const tz = MARKET_TIME_ZONE[(m?.market ?? 'vn') as Market] ?? deps.cfg.timeZone;
    // What is owed follows from the order's parts, not from the contract alone: an order paid out again after a
    // reversal keeps the reductions (and charges) booked before it, and its postings carry them (found by the money
    // simulation: due = contract left the columns 340,000 above the parts and the ledger).
    const { due, remaining } = orderFigures(order);
    await transitionOrder(tx, {
      orderId: order.id, action: 'payout_success', to: 'repaying', actorId: input.actorId, reason: input.reason, at: now, expect: 'disbursing',
      patch: {
        successAt: now, loanAt: order.loanAt ?? now, dueDate: addDays(deps.clock.today(tz), order.loanDays),
        dueAmountMinor: due, remainingDebtMinor: remaining, externalOrderNo: ref || order.externalOrderNo, loanRemark: '',
      },
    });
    await emitConversion(tx, { merchantId: order.merchantId, channelId: order.channelId, kind: 'payout', customerId: order.customerId, orderId: order.id, at: now });
    const postingId = await post(tx, {
      merchantId: tr.merchantId, kind: 'disburse_success', orderId: tr.orderId, ref: tr.transferNo, accountId: input.actorId, businessAt: now,
      memo: 'payout succeeded',
      // The customer now owes the contract: the principal on `loan`, interest and fees at maturity on `receivable`
      // (earned as income, like the up-front fees), so an order's loan + receivable entries are its remaining debt.
      lines: [
        { account: 'frozen', amount: -total }, { account: 'loan', amount: tr.loanAmountMinor },
        { account: 'receivable', amount: order.contractAmountMinor - tr.loanAmountMinor },
        { account: 'income', amount: -(tr.loanAmountMinor - tr.amountMinor) - (order.contractAmountMinor - tr.loanAmountMinor) },
        { account: 'platform_fee', amount: tr.feeMinor },
      ],
    });
    await tx.update(transfer).set({ status: 'success', successPostingId: postingId, providerRef: ref, failureReason: '', completedAt: deps.now(), updatedAt: sql`now()` })
      .where(eq(transfer.id, tr.id));
  } else {
    const message = (input.message || input.reason).slice(0, 200);
    await transitionOrder(tx, {
      orderId: order.id, action: 'payout_failure', to: 'failed', actorId: input.actorId, reason: input.reason, at: now, expect: 'disbursing',
      patch: { loanRemark: message },
    });
    const postingId = await post(tx, {
      merchantId: tr.merchantId, kind: 'disburse_release', orderId: tr.orderId, ref: tr.transferNo, accountId: input.actorId, businessAt: now,
      memo: 'payout failed: released', lines: [{ account: 'frozen', amount: -total }, { account: 'available', amount: total }],
    });
    await tx.update(transfer).set({ status: 'failure', releasePostingId: postingId, providerRef: ref, failureReason: message, completedAt: deps.now(), updatedAt: sql`now()` })
      .where(eq(transfer.id, tr.id));
  }
}

export interface OutcomeInput {
  paymentOrderId: number;
  status: 'success' | 'failure';
  providerRef?: string;
  message?: string;
  /** What the provider said (callback body, query answer). */
  raw?: unknown;
  source: 'callback' | 'response' | 'query' | 'manual';
  actorId?: number | null;
}

export interface OutcomeResult {
  /** false: the attempt had ended already (a repeated callback): nothing changed. */
  changed: boolean;
  status: string;
  transferId: number;
}

/** Applies a provider's result to an attempt once: a second result for an ended attempt changes nothing. */
export function applyOutcome(deps: Deps, input: OutcomeInput): Promise<OutcomeResult> {
  return deps.db.transaction((tx) => applyOutcomeTx(tx, deps, input));
}

export async function applyOutcomeTx(tx: DbOrTx, deps: Deps, input: OutcomeInput): Promise<OutcomeResult> {
  const [po] = await tx.select().from(paymentOrder).where(eq(paymentOrder.id, input.paymentOrderId)).for('update');
  if (!po) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.paymentOrder' });
  if (po.status !== 'in_progress') return { changed: false, status: po.status, transferId: po.transferId };
  const [tr] = await tx.select().from(transfer).where(eq(transfer.id, po.transferId)).for('update');
  const ref = input.providerRef || po.providerRef;
  const message = (input.message ?? '').slice(0, 200);
  await finishTransfer(tx, deps, tr, { status: input.status, providerRef: ref, message, actorId: input.actorId ?? null, reason: input.source });
  await tx.update(paymentOrder).set({
    status: input.status, providerRef: ref, failureReason: input.status === 'failure' ? message : '', completedAt: deps.now(), updatedAt: sql`now()`,
    ...(input.source === 'callback' ? { callback: (input.raw ?? null) as never, callbackAt: deps.now() } : {}),
    ...(input.source === 'query' ? { checkedAt: deps.now(), checkCount: sql`${paymentOrder.checkCount} + 1` } : {}),
  }).where(eq(paymentOrder.id, po.id));
  await recordEvent(tx, {
    kind: input.source === 'response' ? 'response' : input.source === 'manual' ? 'manual' : input.source, transfer: tr, paymentOrderId: po.id,
    status: input.status, providerRef: ref, body: input.raw ?? { message }, accountId: input.actorId ?? null, at: deps.now(),
  });
  return { changed: true, status: input.status, transferId: tr.id };
}
