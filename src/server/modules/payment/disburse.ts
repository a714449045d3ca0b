import { and, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { TransferView as TransferViewFull } from '../../../schemas/payment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { afterCommit, keyOwner, outerDeps, ownerOf, runIdempotent, type IdempotentRun } from '../idempotency/idempotency';
import { invalidTransition, transitionOrder } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { openAttempt } from './attempt';
import { dispatch } from './dispatch';
import { freeze } from './outcome';
import { transfer } from './payment.table';
import { planPayout } from './plan';
import { nextId, recordEvent, transferNo, transferView } from './records';

export type TransferView = TransferViewFull;

/** What a payout write stores under its key: the transfer, and the attempt to send once committed (null: none). */
export interface CommittedPayout {
  transfer_id: number;
  attempt: number | null;
}

/**
 * After the commit of a payout write: its attempt is sent to the channel only by the run that created it (a replay
 * sends nothing: the first run sent it, or crashed before — then the attempt stays in progress, unknown to the
 * provider, and the re-check job fails it after STALE_MS so that staff may re-transfer; nothing is paid twice). Nested
 * in another idempotent write (`deps.db` is its transaction), the sending waits for that write's commit. The answer
 * is the transfer as it is now.
 */
export async function sendCommitted(deps: Deps, run: IdempotentRun<CommittedPayout>): Promise<TransferView> {
  const attempt = run.result.attempt;
  if (!run.replay && attempt) await afterCommit(deps.db, () => dispatch(outerDeps(deps), attempt));
  return transferView(deps.db, run.result.transfer_id);
}

export interface ConfirmInput {
  orderId: number;
  actorId: number | null;
  withdrawalType: 'auto' | 'manual';
  merchantIds?: readonly number[] | null;
}

/**
 * CONTRACT (owned by the payment area). The customer (auto) or staff (manual) confirms the withdrawal of an order in
 * `withdrawal`: money is frozen on the merchant's ledger, the order moves to `disbursing`, a transfer is created
 * (pending review when the merchant's payment config asks for transfer audit, else sent to the payment channel).
 * Idempotent by key (runIdempotent, scope 'withdrawal.confirm'; the key belongs to `owner`, else to the idempotent
 * write this one runs in, else to the actor or the system).
 *
 * In one transaction with the key: the order locked and checked (40400 outside `merchantIds`, 42200 when not in
 * withdrawal), the payout planned (40900: nothing to pay, outside the per-payout limits, no bank card), available →
 * frozen for received amount + the platform payout fee (40900 ledger.insufficientBalance when short: nothing
 * changes), the transition `confirm_withdrawal` (withdrawal_type, withdrawal_at), the transfer and, when no audit is
 * needed, its first attempt. The attempt is sent to the channel after the commit (sendCommitted). Concurrent
 * confirmations of one order: the row lock lets one through; the others see `disbursing` and get 42200.
 *
 * Callers with their own idempotent write (the agent's and the app's confirmations) call it with
 * `depsIn(deps, tx)`: it becomes part of their transaction, and the payout is sent once they commit.
 */
export async function confirmWithdrawal(deps: Deps, input: ConfirmInput & { idempotencyKey: string; owner?: string }): Promise<TransferView> {
  const run = await runIdempotent(deps.db, {
    scope: 'withdrawal.confirm', key: input.idempotencyKey, accountId: input.actorId, owner: input.owner ?? ownerOf(deps.db) ?? keyOwner.of(input.actorId),
    payload: { order_id: input.orderId, withdrawal_type: input.withdrawalType },
  }, (tx) => confirmWithdrawalTx(tx, deps, input));
  return sendCommitted(deps, run);
}

/** confirmWithdrawal's write, on `tx` only. */
async function confirmWithdrawalTx(tx: DbOrTx, deps: Deps, input: ConfirmInput): Promise<CommittedPayout> {
  const scope = input.merchantIds ?? null;
  const [order] = await tx.select().from(loanOrder)
    .where(and(eq(loanOrder.id, input.orderId), scope === null ? undefined : scope.length ? inArray(loanOrder.merchantId, [...scope]) : eq(loanOrder.id, -1)))
    .for('update');
  if (!order) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  if (order.status !== 'withdrawal') throw invalidTransition(order.status as never, 'disbursing');
  const plan = await planPayout(tx, order);
  const now = deps.clock.now();
  const id = await nextId(tx, 'transfer');
  const [tr] = await tx.insert(transfer).values({
    id, transferNo: transferNo(id, now), orderId: order.id, merchantId: order.merchantId, customerId: order.customerId, bankCardId: plan.cardId,
    currency: order.currency, amountMinor: plan.amount, feeMinor: plan.fee, loanAmountMinor: order.loanAmountMinor, status: 'pending_review',
    channelId: plan.channel?.id ?? null, auditRequired: plan.auditReason !== '', auditReason: plan.auditReason, withdrawalType: input.withdrawalType,
    createdBy: input.actorId, createdAt: deps.now(), updatedAt: deps.now(),
  }).returning();
  const freezeId = await freeze(tx, deps, tr, input.actorId);
  await tx.update(transfer).set({ freezePostingId: freezeId }).where(eq(transfer.id, tr.id));
  await transitionOrder(tx, {
    orderId: order.id, action: 'confirm_withdrawal', to: 'disbursing', actorId: input.actorId, at: now, expect: 'withdrawal',
    reason: plan.auditReason ? `transfer audit: ${plan.auditReason}` : input.withdrawalType,
    patch: { withdrawalType: input.withdrawalType, withdrawalAt: now, bankCardId: plan.cardId },
  });
  const attempt = plan.auditReason || !plan.channel ? null : await openAttempt(tx, deps, { ...tr, freezePostingId: freezeId }, plan.channel, input.actorId);
  if (!attempt) await recordEvent(tx, { kind: 'audit', transfer: tr, status: 'pending_review', body: { reason: plan.auditReason }, accountId: input.actorId, at: deps.now() });
  return { transfer_id: tr.id, attempt };
}
