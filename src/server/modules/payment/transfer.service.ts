import { and, desc, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { TransferView } from '../../../schemas/payment';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { keyOwner, runIdempotent, withIdempotency } from '../idempotency/idempotency';
import { reverse } from '../ledger/ledger';
import { transitionOrder } from '../lifecycle/transition';
import type { OpLogEntry } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { openAttempt } from './attempt';
import { sendCommitted } from './disburse';
import { recheckPayment, type RecheckResult } from './dispatch';
import { applyOutcomeTx, finishTransfer, freeze } from './outcome';
import { paymentOrder, transfer } from './payment.table';
import { loadConfig } from './plan';
import {
  expectTransfer, lockTransfer, nextId, paymentNo, recordEvent, scoped, transferView, usableChannel, type MerchantScope, type TransferRecord,
} from './records';
import { checkSecureKey } from './secureKey';

/** Who acts, on which merchants, and how the write is logged (writeOpLog bound to the request). */
export interface ActionCtx {
  /** Staff account; null for the system (jobs) and the borrower's app. */
  actorId: number | null;
  /** Owner of the idempotency keys it uses (keyOwner); default: the staff account, or the system without one. */
  owner?: string;
  merchantIds: MerchantScope;
  log(tx: DbOrTx, e: OpLogEntry): Promise<void>;
}

/** The idempotency call of an action: keys belong to the acting account (or app, or the system). */
const keyed = (a: ActionCtx, scope: string, key: string, payload: unknown) => ({ scope, key, payload, accountId: a.actorId, owner: a.owner ?? keyOwner.of(a.actorId) });

/** Attempts without a callback are re-checked this long after they were sent; unknown to the provider after it: failed. */
export const STALE_MS = 10 * 60_000;

const entry = (action: string, tr: TransferRecord, after: Record<string, unknown>): OpLogEntry => ({
  action, targetType: 'transfer', targetId: tr.id, before: { status: tr.status, transfer_no: tr.transferNo, order_id: tr.orderId }, after,
});

async function channelFor(tx: DbOrTx, tr: TransferRecord, channelId: number | undefined) {
  const ch = await usableChannel(tx, channelId ?? (await loadConfig(tx, tr.merchantId)).payoutChannelId);
  if (!ch) throw new AppError(CODE.CONFLICT, 'payment.noChannel');
  return ch;
}

/** Transfer audit: approve a pending transfer and send it to the channel (the one given, else the merchant's). */
export async function approveTransfer(deps: Deps, a: ActionCtx, input: { id: number; channelId?: number; remark: string; key: string }): Promise<TransferView> {
  const run = await runIdempotent(deps.db, keyed(a, 'transfer.approve', input.key, { transfer_id: input.id, channel_id: input.channelId ?? null, remark: input.remark }), async (tx) => {
    const tr = await lockTransfer(tx, input.id, a.merchantIds);
    expectTransfer(tr, 'pending_review');
    const ch = await channelFor(tx, tr, input.channelId);
    await tx.update(transfer).set({ auditedBy: a.actorId, auditedAt: deps.now(), auditRemark: input.remark }).where(eq(transfer.id, tr.id));
    const id = await openAttempt(tx, deps, tr, ch, a.actorId);
    await recordEvent(tx, { kind: 'audit', transfer: tr, paymentOrderId: id, status: 'in_progress', body: { decision: 'approve', remark: input.remark, channel: ch.code }, accountId: a.actorId, at: deps.now() });
    await a.log(tx, entry('transfer.approve', tr, { status: 'in_progress', channel_id: ch.id, remark: input.remark }));
    return { transfer_id: tr.id, attempt: id };
  });
  return sendCommitted(deps, run);
}

/** Transfer audit: reject a pending transfer; the order fails and the frozen money is released. */
export async function rejectTransfer(deps: Deps, a: ActionCtx, input: { id: number; reason: string; key: string }): Promise<TransferView> {
  return withIdempotency(deps.db, keyed(a, 'transfer.reject', input.key, { transfer_id: input.id, reason: input.reason }), async (tx) => {
    const tr = await lockTransfer(tx, input.id, a.merchantIds);
    expectTransfer(tr, 'pending_review');
    await tx.update(transfer).set({ auditedBy: a.actorId, auditedAt: deps.now(), auditRemark: input.reason }).where(eq(transfer.id, tr.id));
    await finishTransfer(tx, deps, tr, { status: 'failure', message: input.reason, actorId: a.actorId, reason: `audit rejected: ${input.reason}` });
    await recordEvent(tx, { kind: 'audit', transfer: tr, status: 'failure', body: { decision: 'reject', reason: input.reason }, accountId: a.actorId, at: deps.now() });
    await a.log(tx, entry('transfer.reject', tr, { status: 'failure', reason: input.reason }));
    return transferView(tx, input.id);
  });
}

/** Re-transfer a failed payout: the order back to disbursing, the money frozen again, a new attempt at a channel. */
export async function retransfer(deps: Deps, a: ActionCtx, input: { id: number; channelId?: number; key: string }): Promise<TransferView> {
  const run = await runIdempotent(deps.db, keyed(a, 'transfer.retransfer', input.key, { transfer_id: input.id, channel_id: input.channelId ?? null }), async (tx) => {
    const tr = await lockTransfer(tx, input.id, a.merchantIds);
    expectTransfer(tr, 'failure');
    const ch = await channelFor(tx, tr, input.channelId);
    await transitionOrder(tx, { orderId: tr.orderId, action: 're_transfer', to: 'disbursing', actorId: a.actorId, at: deps.clock.now(), expect: 'failed' });
    const freezeId = await freeze(tx, deps, tr, a.actorId);
    await tx.update(transfer).set({ freezePostingId: freezeId, successPostingId: null, releasePostingId: null }).where(eq(transfer.id, tr.id));
    const id = await openAttempt(tx, deps, tr, ch, a.actorId);
    await a.log(tx, entry('transfer.retransfer', tr, { status: 'in_progress', channel_id: ch.id, attempt: tr.attempts + 1 }));
    return { transfer_id: tr.id, attempt: id };
  });
  return sendCommitted(deps, run);
}

/**
 * Manual transfer: staff paid the customer outside the channels and record it (reference, proof). A pending
 * transfer succeeds at once; a failed one is frozen again first (its money was released). References are unique.
 */
export async function manualTransfer(deps: Deps, a: ActionCtx, input: { id: number; reference: string; proofUrl: string; remark: string; key: string }): Promise<TransferView> {
  const payload = { transfer_id: input.id, reference: input.reference, proof_url: input.proofUrl, remark: input.remark };
  return withIdempotency(deps.db, keyed(a, 'transfer.manual', input.key, payload), async (tx) => {
    let tr = await lockTransfer(tx, input.id, a.merchantIds);
    expectTransfer(tr, 'pending_review', 'failure');
    const [used] = await tx.select({ id: paymentOrder.id }).from(paymentOrder)
      .where(and(eq(paymentOrder.provider, 'manual'), eq(paymentOrder.merchantId, tr.merchantId), eq(paymentOrder.providerRef, input.reference)));
    if (used) throw new AppError(CODE.CONFLICT, 'payment.referenceUsed');
    if (tr.status === 'failure') {
      await transitionOrder(tx, { orderId: tr.orderId, action: 're_transfer', to: 'disbursing', actorId: a.actorId, at: deps.clock.now(), expect: 'failed', reason: 'manual transfer' });
      const freezeId = await freeze(tx, deps, tr, a.actorId);
      [tr] = await tx.update(transfer).set({ freezePostingId: freezeId, successPostingId: null, releasePostingId: null }).where(eq(transfer.id, tr.id)).returning();
    }
    const id = await nextId(tx, 'payment_order');
    await tx.insert(paymentOrder).values({
      id, paymentNo: paymentNo(id, deps.clock.now()), transferId: tr.id, orderId: tr.orderId, merchantId: tr.merchantId, channelId: null,
      provider: 'manual', currency: tr.currency, amountMinor: tr.amountMinor, status: 'in_progress', providerRef: input.reference,
      request: { reference: input.reference, proof_url: input.proofUrl, remark: input.remark }, createdBy: a.actorId, createdAt: deps.now(), updatedAt: deps.now(),
    });
    await tx.update(transfer).set({
      status: 'in_progress', manual: true, manualReference: input.reference, manualProofUrl: input.proofUrl, channelId: null,
      attempts: sql`${transfer.attempts} + 1`, sentAt: deps.now(), updatedAt: sql`now()`,
    }).where(eq(transfer.id, tr.id));
    await tx.update(loanOrder).set({ loanAt: deps.clock.now(), updatedAt: sql`now()` }).where(eq(loanOrder.id, tr.orderId));
    await applyOutcomeTx(tx, deps, { paymentOrderId: id, status: 'success', providerRef: input.reference, message: input.remark, raw: payload, source: 'manual', actorId: a.actorId });
    await a.log(tx, entry('transfer.manual', tr, { status: 'success', reference: input.reference, proof_url: input.proofUrl, remark: input.remark }));
    return transferView(tx, input.id);
  });
}

/**
 * Reverse a successful loan into failure (spec §4): only with the secure operation key, only before any repayment.
 * The success and freeze postings are reversed (the merchant's balances are as if the payout never happened), the
 * order goes repaying → failed without a due date or debt, the transfer is marked reversed; all logged.
 */
export async function reverseTransfer(deps: Deps, a: ActionCtx, input: { id: number; secureKey: string; reason: string; key: string }): Promise<TransferView> {
  await checkSecureKey(deps.db, input.secureKey);
  return withIdempotency(deps.db, keyed(a, 'transfer.reverse', input.key, { transfer_id: input.id, reason: input.reason }), async (tx) => {
    const tr = await lockTransfer(tx, input.id, a.merchantIds);
    expectTransfer(tr, 'success');
    const [order] = await tx.select().from(loanOrder).where(eq(loanOrder.id, tr.orderId)).for('update');
    if (order.paidAmountMinor > 0) throw new AppError(CODE.CONFLICT, 'payment.reverseRepaid');
    const now = deps.clock.now();
    await transitionOrder(tx, {
      orderId: tr.orderId, action: 'reverse', to: 'failed', actorId: a.actorId, at: now, expect: 'repaying', reason: input.reason,
      patch: { dueDate: null, dueAmountMinor: 0, remainingDebtMinor: 0, loanRemark: input.reason.slice(0, 500) },
    });
    const memo = `reversed: ${input.reason}`.slice(0, 200);
    const reversals = [];
    if (tr.successPostingId) reversals.push(await reverse(tx, tr.successPostingId, { accountId: a.actorId, memo, businessAt: now }));
    if (tr.freezePostingId) reversals.push(await reverse(tx, tr.freezePostingId, { accountId: a.actorId, memo, businessAt: now }));
    await tx.update(transfer).set({
      status: 'failure', reversed: true, reversedAt: deps.now(), reversedBy: a.actorId, reverseReason: input.reason, failureReason: input.reason.slice(0, 200), updatedAt: sql`now()`,
    }).where(eq(transfer.id, tr.id));
    await recordEvent(tx, { kind: 'reverse', transfer: tr, status: 'failure', body: { reason: input.reason, postings: reversals }, accountId: a.actorId, at: deps.now() });
    await a.log(tx, entry('transfer.reverse', tr, { status: 'failure', reversed: true, reason: input.reason, reversal_postings: reversals }));
    return transferView(tx, input.id);
  });
}

/** Re-check payment status of a transfer in progress (its current attempt). */
export async function recheckTransfer(deps: Deps, a: ActionCtx, id: number): Promise<RecheckResult & { transfer: TransferView }> {
  const [tr] = await deps.db.select().from(transfer).where(and(eq(transfer.id, id), scoped(a.merchantIds, transfer.merchantId)));
  if (!tr) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.transfer' });
  expectTransfer(tr, 'in_progress');
  const [po] = await deps.db.select().from(paymentOrder).where(and(eq(paymentOrder.transferId, id), eq(paymentOrder.status, 'in_progress'))).orderBy(desc(paymentOrder.id)).limit(1);
  if (!po) throw new AppError(CODE.INVALID_TRANSITION, 'payment.transferState', { status: `@option.transfer_status.${tr.status}` });
  const r = await recheckPayment(deps, po, { actorId: a.actorId, notFoundAfterMs: STALE_MS });
  return { ...r, transfer: await transferView(deps.db, id) };
}

/** Re-check payment status of one attempt (payment order). */
export async function recheckPaymentOrder(deps: Deps, a: ActionCtx, id: number): Promise<RecheckResult & { transfer: TransferView }> {
  const [po] = await deps.db.select().from(paymentOrder).where(and(eq(paymentOrder.id, id), scoped(a.merchantIds, paymentOrder.merchantId)));
  if (!po) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.paymentOrder' });
  if (po.status !== 'in_progress' || po.channelId === null) {
    throw new AppError(CODE.INVALID_TRANSITION, 'payment.paymentState', { status: `@option.payment_status.${po.status}` });
  }
  const r = await recheckPayment(deps, po, { actorId: a.actorId, notFoundAfterMs: STALE_MS });
  return { ...r, transfer: await transferView(deps.db, po.transferId) };
}

/** The transfer of a payment order in the actor's scope (the payment screens act on attempts). */
export async function transferOfPaymentOrder(deps: Deps, merchantIds: MerchantScope, id: number): Promise<number> {
  const [po] = await deps.db.select({ transferId: paymentOrder.transferId }).from(paymentOrder).where(and(eq(paymentOrder.id, id), scoped(merchantIds, paymentOrder.merchantId)));
  if (!po) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.paymentOrder' });
  return po.transferId;
}
