import { and, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { TransferView as TransferViewFull } from '../../../schemas/payment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { withIdempotency } from '../idempotency/idempotency';
import { invalidTransition, transitionOrder } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { openAttempt } from './attempt';
import { dispatch } from './dispatch';
import { freeze } from './outcome';
import { transfer } from './payment.table';
import { planPayout } from './plan';
import { nextId, recordEvent, transferNo, transferView } from './records';

export type TransferView = TransferViewFull;

/**
 * CONTRACT (owned by the payment area). The customer (auto) or staff (manual) confirms the withdrawal of an order in
 * `withdrawal`: money is frozen on the merchant's ledger, the order moves to `disbursing`, a transfer is created
 * (pending review when the merchant's payment config asks for transfer audit, else sent to the payment channel).
 * Idempotent by key (withIdempotency, scope 'withdrawal.confirm').
 *
 * In one transaction: the order locked and checked (40400 outside `merchantIds`, 42200 when not in withdrawal),
 * the payout planned (40900: nothing to pay, outside the per-payout limits, no bank card), available → frozen for
 * received amount + the platform payout fee (40900 ledger.insufficientBalance when short: nothing changes), the
 * transition `confirm_withdrawal` (withdrawal_type, withdrawal_at), the transfer and, when no audit is needed, its
 * first attempt. The attempt is sent to the channel after the commit. Concurrent confirmations of one order: the
 * row lock lets one through; the others see `disbursing` and get 42200.
 */
export async function confirmWithdrawal(deps: Deps, input: {
  orderId: number; actorId: number | null; withdrawalType: 'auto' | 'manual'; idempotencyKey: string; merchantIds?: readonly number[] | null;
}): Promise<TransferView> {
  return withIdempotency(deps.db, {
    scope: 'withdrawal.confirm', key: input.idempotencyKey, accountId: input.actorId,
    payload: { order_id: input.orderId, withdrawal_type: input.withdrawalType },
  }, async () => {
    const created = await deps.db.transaction(async (tx) => {
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
      return { transferId: tr.id, attempt };
    });
    if (created.attempt) await dispatch(deps, created.attempt);
    return transferView(deps.db, created.transferId);
  });
}
