import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actionKey, can } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import type { OrderMoney, Parts } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { isUnscoped, maskPhone } from '../empower/scope';
import { keyOwner, withIdempotency } from '../idempotency/idempotency';
import { invalid } from '../intake/customers';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentChannel } from '../payment/payment.table';
import { applyMoneyIn, revokeRepayment, type RepaymentRecord } from './account';
import { merchantMarket } from '../merchant/market';
import { orderMoney } from './money';
import { acceptProofs, lockUnusedProofs, revokeProofs } from './proof';
import { repayment, repaymentEvent } from './repayment.table';

/**
 * Staff money (docs/repayment.md): manual reconciliation (/repayment/settlement), manual repayments with vouchers
 * (/review/manualRepayment) and revocation (any of the lists). Each write runs once per Idempotency-Key, in one
 * transaction with its operation-log row, on an order of the actor's merchants (40400 otherwise); refusals change
 * nothing.
 */

export interface StaffCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
  /** The actor's merchants; null: all. */
  merchantIds: number[] | null;
}

export function staffCtx(deps: Deps, req: FastifyRequest): StaffCtx {
  const actor = req.actor!;
  return { deps, req, actor, merchantIds: isUnscoped(actor) ? null : actor.merchantIds };
}

/** What a money write answers: the repayment and the order's figures after it. */
export interface RepaymentResult {
  id: number;
  serial_no: string;
  type: string;
  status: string;
  amount: number;
  currency: string;
  allocated: Parts & { overpaid: number };
  over_contract: boolean;
  abnormal_reason: string;
  order: { id: number; order_no: string; status: string; remaining_debt: number; credit: number } | null;
}

export async function repaymentResult(db: DbOrTx, r: RepaymentRecord): Promise<RepaymentResult> {
  const [o] = r.orderId === null ? [] : await db.select().from(loanOrder).where(eq(loanOrder.id, r.orderId));
  return {
    id: r.id, serial_no: r.serialNo, type: r.type, status: r.status, amount: r.successMinor || r.requestedMinor, currency: r.currency,
    allocated: { penalty: r.penaltyMinor, interest: r.interestMinor, fee: r.feeMinor, principal: r.principalMinor, overpaid: r.overpaidMinor },
    over_contract: r.overContract, abnormal_reason: r.abnormalReason,
    order: o ? { id: o.id, order_no: o.orderNo, status: o.status, remaining_debt: o.remainingDebtMinor, credit: o.creditMinor } : null,
  };
}

/** An order's money as the add dialogs (and the detail sections) show it. */

export type OrderLookup = OrderMoney & { customer_name: string | null; phone: string | null; merchant_id: number; merchant_name: string | null; open: boolean };

const OPEN = ['repaying', 'overdue', 'extended', 'bad_debt'];

/** The order with this number in the actor's merchants, or null. */
export async function lookupOrder(ctx: StaffCtx, orderNo: string): Promise<OrderLookup | null> {
  const { db } = ctx.deps;
  const rows = await db.select({ o: loanOrder, name: customer.name, phone: customer.phone, merchantName: merchant.name }).from(loanOrder)
    .leftJoin(customer, eq(customer.id, loanOrder.customerId))
    .leftJoin(merchant, eq(merchant.id, loanOrder.merchantId))
    .where(and(eq(loanOrder.orderNo, orderNo), ctx.merchantIds ? (ctx.merchantIds.length ? inArray(loanOrder.merchantId, ctx.merchantIds) : sql`false`) : undefined))
    .limit(1);
  const hit = rows[0];
  if (!hit) return null;
  const phone = hit.phone && ctx.actor.privacy ? maskPhone(hit.phone) : hit.phone;
  return {
    ...orderMoney(hit.o), customer_name: hit.name, phone, merchant_id: hit.o.merchantId, merchant_name: hit.merchantName,
    open: OPEN.includes(hit.o.status),
  };
}

/** Merchants (with their currency) and payment channels for the filters of these screens. */
export async function staffOptions(ctx: StaffCtx) {
  const { db } = ctx.deps;
  const ids = ctx.merchantIds;
  const [merchants, channels] = await Promise.all([
    db.select({ id: merchant.id, name: merchant.name, code: merchant.code, currency: merchant.currency }).from(merchant)
      .where(ids ? (ids.length ? inArray(merchant.id, ids) : sql`false`) : undefined).orderBy(asc(merchant.id)),
    db.select({ id: paymentChannel.id, name: paymentChannel.name, code: paymentChannel.code }).from(paymentChannel).orderBy(asc(paymentChannel.id)),
  ]);
  return { merchants, channels };
}

async function recordEvent(tx: DbOrTx, deps: Deps, repaymentId: number, kind: string, body: unknown): Promise<void> {
  await tx.insert(repaymentEvent).values({ repaymentId, kind, body: body as never, createdAt: deps.now() });
}

/** /repayment/settlement add: money seen on the merchant's account, balanced against an order that owes. */
export async function reconcile(ctx: StaffCtx, body: { order_id: number; amount: number; reference: string; remark?: string }, key: string): Promise<RepaymentResult> {
  const { deps, req, actor } = ctx;
  const payload = { order_id: body.order_id, amount: body.amount, reference: body.reference, remark: body.remark ?? '' };
  return withIdempotency(deps.db, { scope: 'repayment.reconcile', key, owner: keyOwner.account(actor.accountId), accountId: actor.accountId, payload }, async (tx) => {
    const r = await applyMoneyIn(tx, deps, {
      orderId: body.order_id, amount: body.amount, type: 'reconciliation', actorId: actor.accountId, merchantIds: ctx.merchantIds,
      reference: body.reference, remark: body.remark,
    });
    const out = await repaymentResult(tx, r);
    await recordEvent(tx, deps, r.id, 'applied', { by: actor.accountId, reference: body.reference });
    await writeOpLog(tx, req, { action: 'repayment.settlement.add', targetType: 'repayment', targetId: r.id, after: { ...payload, serial_no: r.serialNo, allocated: out.allocated, order: out.order } });
    return out;
  });
}

/** /review/manualRepayment add: money the customer paid outside the system, with the actor's uploaded vouchers. */
export async function addManual(ctx: StaffCtx, body: { order_id: number; amount: number; proof_ids: number[]; paid_at?: string; remark?: string }, key: string): Promise<RepaymentResult> {
  const { deps, req, actor } = ctx;
  const payload = { order_id: body.order_id, amount: body.amount, proof_ids: [...body.proof_ids].sort((a, b) => a - b), paid_at: body.paid_at ?? null, remark: body.remark ?? '' };
  return withIdempotency(deps.db, { scope: 'repayment.manual', key, owner: keyOwner.account(actor.accountId), accountId: actor.accountId, payload }, async (tx) => {
    const proofs = await lockUnusedProofs(tx, body.proof_ids, actor.accountId);
    let r = await applyMoneyIn(tx, deps, {
      orderId: body.order_id, amount: body.amount, type: 'manual', actorId: actor.accountId, merchantIds: ctx.merchantIds, remark: body.remark,
    });
    if (body.paid_at) {
      const { timeZone } = await merchantMarket(tx, r.merchantId);
      const at = /(Z|[+-]\d{2}:?\d{2})$/.test(body.paid_at) ? sql`${body.paid_at}::timestamptz` : sql`(${body.paid_at}::timestamp at time zone ${timeZone})`;
      const [{ ms }] = rowsOf<{ ms: string }>(await tx.execute(sql`select (extract(epoch from ${at}) * 1000)::bigint::text as ms`));
      const paidAt = new Date(Number(ms));
      if (!(paidAt.getTime() <= deps.clock.now().getTime())) throw invalid('paid_at', 'repayment.paidAtFuture');
      [r] = await tx.update(repayment).set({ paidAt, updatedAt: deps.now() }).where(eq(repayment.id, r.id)).returning();
    }
    await acceptProofs(tx, proofs, r.id);
    const out = await repaymentResult(tx, r);
    await recordEvent(tx, deps, r.id, 'applied', { by: actor.accountId, proof_ids: proofs });
    await writeOpLog(tx, req, { action: 'review.manualRepayment.add', targetType: 'repayment', targetId: r.id, after: { ...payload, serial_no: r.serialNo, allocated: out.allocated, order: out.order } });
    return out;
  });
}

/**
 * Revoke (any of the three lists): repaymentList_revoke revokes any repayment; settlement_revoke only
 * reconciliations, manualRepayment_revoke only manual repayments (40300 for other types). The reversal posting and
 * the order's figures are the core's (revokeRepayment); a manual repayment's vouchers become revoked.
 */
export async function revoke(ctx: StaffCtx, body: { id: number; reason: string }, key: string): Promise<RepaymentResult> {
  const { deps, req, actor } = ctx;
  const payload = { id: body.id, reason: body.reason };
  return withIdempotency(deps.db, { scope: 'repayment.revoke', key, owner: keyOwner.account(actor.accountId), accountId: actor.accountId, payload }, async (tx) => {
    const [cur] = await tx.select().from(repayment).where(eq(repayment.id, body.id));
    if (!cur || (ctx.merchantIds && !ctx.merchantIds.includes(cur.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repayment.record' });
    const allowed = can(actor.nodes, actionKey('repayment', 'repaymentList', 'revoke'))
      || (cur.type === 'reconciliation' && can(actor.nodes, actionKey('repayment', 'settlement', 'revoke')))
      || (cur.type === 'manual' && can(actor.nodes, actionKey('review', 'manualRepayment', 'revoke')));
    if (!allowed) throw new AppError(CODE.FORBIDDEN, 'repayment.revokeType', { type: `@option.repayment_type.${cur.type}` });
    const [before] = await tx.select({ status: loanOrder.status, remaining: loanOrder.remainingDebtMinor, credit: loanOrder.creditMinor })
      .from(loanOrder).where(eq(loanOrder.id, cur.orderId ?? -1));
    const r = await revokeRepayment(tx, deps, { id: body.id, reason: body.reason, actorId: actor.accountId, merchantIds: ctx.merchantIds });
    const proofs = cur.type === 'manual' ? await revokeProofs(tx, r.id) : 0;
    const out = await repaymentResult(tx, r);
    await recordEvent(tx, deps, r.id, 'revoked', { by: actor.accountId, reason: body.reason, proofs });
    await writeOpLog(tx, req, {
      action: 'repayment.revoke', targetType: 'repayment', targetId: r.id,
      before: { status: cur.status, order: before ?? null }, after: { status: r.status, reason: body.reason, serial_no: r.serialNo, order: out.order, proofs_revoked: proofs },
    });
    return out;
  });
}
