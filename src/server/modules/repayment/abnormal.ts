import { and, eq } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { ABNORMAL_RESOLUTIONS } from '../../../schemas/repayment';
import { AppError } from '../../errors';
import { keyOwner, withIdempotency } from '../idempotency/idempotency';
import { invalid } from '../intake/customers';
import { writeOpLog } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn, lockOrder, refundCredit } from './account';
import { repaymentResult, type RepaymentResult, type StaffCtx } from './manual';
import { repayment, repaymentEvent } from './repayment.table';

/**
 * /repayment/abnormal handle (docs/repayment.md): money the system kept as credit because it could not apply it by
 * itself (unknown order, order already settled) or that was paid above the debt (overpaid, over contract).
 *
 * - refunded: the credit is paid back to the customer (refundCredit: customer_credit +x, available −x);
 * - applied: the credit moves to an order of the same merchant that owes: released from the source (kind
 *   credit_transfer, tagged with the source order or none) and applied to the target as money in — two postings,
 *   so that each order's ledger entries keep equalling its figures;
 * - ignored: acknowledged; the money stays as the customer's credit.
 *
 * A row is handled once (40900 after); a revoked one not at all. Idempotent by key; nothing changes on a refusal.
 */

export type Resolution = (typeof ABNORMAL_RESOLUTIONS)[number];

export interface HandleResult {
  id: number;
  serial_no: string;
  resolution: Resolution;
  amount: number;
  /** The refund or credit-transfer posting (none when ignored). */
  posting_id: number | null;
  /** applied: the repayment recorded on the target order. */
  applied: RepaymentResult | null;
}

export async function handleAbnormal(ctx: StaffCtx, body: { id: number; resolution: Resolution; order_id?: number; remark: string }, key: string): Promise<HandleResult> {
  const { deps, req, actor } = ctx;
  const payload = { id: body.id, resolution: body.resolution, order_id: body.order_id ?? null, remark: body.remark };
  return withIdempotency(deps.db, { scope: 'repayment.abnormal', key, owner: keyOwner.account(actor.accountId), accountId: actor.accountId, payload }, async (tx) => {
    const [seen] = await tx.select({ merchantId: repayment.merchantId, orderId: repayment.orderId }).from(repayment).where(eq(repayment.id, body.id));
    if (!seen || (ctx.merchantIds && !ctx.merchantIds.includes(seen.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repayment.record' });
    // The order first, then the repayment: the order in which revoke takes them, so the two never wait on each other.
    if (seen.orderId !== null) await lockOrder(tx, seen.orderId);
    const [row] = await tx.select().from(repayment).where(eq(repayment.id, body.id)).for('update');
    if (!row.abnormalReason) throw new AppError(CODE.INVALID_TRANSITION, 'repayment.notAbnormal');
    if (row.resolution) throw new AppError(CODE.CONFLICT, 'repayment.alreadyHandled', { resolution: `@option.abnormal_resolution.${row.resolution}` });
    if (row.status !== 'success' && row.status !== 'abnormal') {
      throw new AppError(CODE.CONFLICT, 'repayment.notHandleable', { status: `@option.repayment_status.${row.status}` });
    }
    const amount = row.overpaidMinor;
    const moves = body.resolution !== 'ignored';
    if (moves && amount <= 0) throw new AppError(CODE.INVALID_TRANSITION, 'repayment.nothingToMove');

    let postingId: number | null = null;
    let applied: RepaymentResult | null = null;
    if (body.resolution === 'refunded') {
      postingId = await refundCredit(tx, deps, {
        merchantId: row.merchantId, orderId: row.orderId, amount, actorId: actor.accountId, ref: row.serialNo, memo: `abnormal ${row.serialNo} refunded`, kind: 'refund',
      });
    } else if (body.resolution === 'applied') {
      if (body.order_id === undefined) throw invalid('order_id', 'validation.required');
      const [target] = await tx.select({ id: loanOrder.id, merchantId: loanOrder.merchantId }).from(loanOrder).where(eq(loanOrder.id, body.order_id));
      if (!target || (ctx.merchantIds && !ctx.merchantIds.includes(target.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
      if (target.merchantId !== row.merchantId) throw invalid('order_id', 'repayment.otherMerchant');
      postingId = await refundCredit(tx, deps, {
        merchantId: row.merchantId, orderId: row.orderId, amount, actorId: actor.accountId, ref: row.serialNo,
        memo: `abnormal ${row.serialNo} applied to order ${target.id}`, kind: 'credit_transfer',
      });
      // Staff money: refused (42200 repayment.orderNotOpen) when the target owes nothing, which rolls the release back too.
      const r = await applyMoneyIn(tx, deps, {
        orderId: target.id, amount, type: 'reconciliation', actorId: actor.accountId, merchantIds: ctx.merchantIds, reference: row.serialNo,
        remark: `abnormal ${row.serialNo}: ${body.remark}`,
      });
      applied = await repaymentResult(tx, r);
    }

    const [done] = await tx.update(repayment).set({ resolution: body.resolution, resolvedBy: actor.accountId, resolvedAt: deps.now(), updatedAt: deps.now() })
      .where(and(eq(repayment.id, row.id), eq(repayment.resolution, ''))).returning();
    if (!done) throw new AppError(CODE.CONFLICT, 'repayment.alreadyHandled', { resolution: `@option.abnormal_resolution.${body.resolution}` });
    await tx.insert(repaymentEvent).values({
      repaymentId: row.id, kind: 'handled', createdAt: deps.now(),
      body: { resolution: body.resolution, remark: body.remark, amount, posting_id: postingId, order_id: body.order_id ?? null, applied_repayment_id: applied?.id ?? null, by: actor.accountId },
    });
    await writeOpLog(tx, req, {
      action: 'repayment.abnormal.handle', targetType: 'repayment', targetId: row.id,
      before: { resolution: '', abnormal_reason: row.abnormalReason, status: row.status },
      after: { resolution: body.resolution, remark: body.remark, amount: moves ? amount : 0, posting_id: postingId, target_order_id: body.order_id ?? null, applied_serial_no: applied?.serial_no ?? null },
    });
    return { id: row.id, serial_no: row.serialNo, resolution: body.resolution, amount: moves ? amount : 0, posting_id: postingId, applied };
  });
}
