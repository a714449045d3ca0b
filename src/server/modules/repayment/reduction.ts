import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import { CODE } from '../../../schemas/common';
import { reductionListQuery, type ReductionQuote } from '../../../schemas/debt';
import type { OrderStatus } from '../../../schemas/order';
import { DEBT_PARTS, type Parts } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { moneyValue } from '../../list/values';
import { customer } from '../client/client.table';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUniqueViolation } from '../empower/scope';
import { dateRange } from '../empower/time';
import { post } from '../ledger/ledger';
import { daysBetween } from '../lifecycle/clock';
import type { LoanOrderRow } from '../lifecycle/transition';
import type { OpLogEntry } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { lockOrder, OPEN_STATUSES, saveOrder } from './account';
import { merchantMarket } from '../merchant/market';
import { fitsRoom, matchingRule, maxReduction, ruleRoom, type DiscountRule } from './discount';
import { chargedParts, owedParts, reducedParts, splitReduction, sumParts } from './money';
import { reduction } from './repayment.table';
import { debtSettings } from './settings';

/**
 * Reductions (waivers) of what a customer owes (docs/repayment.md): one person requests, another approves or
 * rejects; a pending request expires after the merchant's reduction_expiry_hours (the end-of-day job marks it).
 *
 * - request: the order must owe (OPEN_STATUSES); the amount at most what it owes; split penalty first
 *   (splitReduction), the split within the merchant's enabled discount rule for the order's overdue days
 *   (discount.ts); one pending request per order (a unique index backs the check).
 * - approve: by someone other than the requester (40300); not after expiry (40900); the stored split must still be
 *   owed now — a repayment may have paid part of it meanwhile (40900, nothing changes). Then, in one transaction with
 *   the order locked: a `reduction` posting (loan −principal, receivable −penalty −interest −fee, income +total:
 *   revenue given up), the order's reduced parts, figures and — when nothing is owed any more — its settlement.
 * - reject: with a remark, by someone other than the requester.
 */

export type ReductionRecord = typeof reduction.$inferSelect;

export interface ReductionActor {
  actorId: number;
  /** The actor's merchants; null: all. */
  merchantIds: readonly number[] | null;
  /** Operation log writer of the request (inside the transaction). */
  log: (tx: DbOrTx, e: OpLogEntry) => Promise<void>;
}

export const reductionView = (r: ReductionRecord) => ({
  id: r.id, order_id: r.orderId, merchant_id: r.merchantId, status: r.status, amount: r.amountMinor,
  penalty: r.penaltyMinor, interest: r.interestMinor, fee: r.feeMinor, principal: r.principalMinor, reason: r.reason,
  requested_by: r.requestedBy, decided_by: r.decidedBy, decided_at: r.decidedAt?.toISOString() ?? null, decide_remark: r.decideRemark,
  expires_at: r.expiresAt.toISOString(), posting_id: r.postingId,
});

/** Minor units as the message shows them: major units with the currency's decimals and the code (1,250.00 USD). */
export function moneyText(minor: number, currency: string): string {
  const digits = CURRENCY_EXPONENT[currency] ?? 2;
  return `${(minor / 10 ** digits).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

const partsOf = (r: ReductionRecord): Parts => ({ penalty: r.penaltyMinor, interest: r.interestMinor, fee: r.feeMinor, principal: r.principalMinor });

/** Overdue days of an order on the business date of its merchant's market (0 before or on the due date). */
export async function overdueDaysNow(db: DbOrTx, deps: Deps, order: LoanOrderRow): Promise<number> {
  if (!order.dueDate) return 0;
  const { timeZone } = await merchantMarket(db, order.merchantId);
  return Math.max(0, daysBetween(order.dueDate, deps.clock.today(timeZone)));
}

function assertOpen(order: LoanOrderRow): void {
  if (!OPEN_STATUSES.includes(order.status as OrderStatus)) {
    throw new AppError(CODE.INVALID_TRANSITION, 'reduction.orderNotOpen', { status: `@option.status.${order.status}` });
  }
}

/** What a reduction of `order` may be now: owed parts, the matching rule and the largest amount it allows. */
export async function quoteOrder(db: DbOrTx, deps: Deps, order: LoanOrderRow): Promise<{ days: number; rule: DiscountRule | null; owed: Parts; max: number; room: Parts }> {
  const days = await overdueDaysNow(db, deps, order);
  const rule = await matchingRule(db, order.merchantId, days);
  const owed = owedParts(order);
  if (!rule) return { days, rule, owed, max: 0, room: { penalty: 0, interest: 0, fee: 0, principal: 0 } };
  const room = ruleRoom(rule, order);
  return { days, rule, owed, max: maxReduction(owed, room), room: { penalty: room.penalty, interest: room.interestFee, fee: 0, principal: room.principal } };
}

/** The quote the request dialog shows, for an order found by number (or external number) or id within the actor's merchants. */
export async function reductionQuote(deps: Deps, actor: Pick<ReductionActor, 'merchantIds'>, by: { orderNo?: string; orderId?: number }): Promise<ReductionQuote> {
  const db = deps.db;
  const [order] = await db.select().from(loanOrder).where(and(
    by.orderId !== undefined ? eq(loanOrder.id, by.orderId) : or(eq(loanOrder.orderNo, by.orderNo!), eq(loanOrder.externalOrderNo, by.orderNo!)),
    actor.merchantIds == null ? undefined : actor.merchantIds.length ? inArray(loanOrder.merchantId, [...actor.merchantIds]) : sql`false`,
  )).orderBy(desc(loanOrder.id)).limit(1);
  if (!order) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  const q = await quoteOrder(db, deps, order);
  const [c] = await db.select({ name: customer.name }).from(customer).where(eq(customer.id, order.customerId));
  const [pending] = await db.select({ id: reduction.id }).from(reduction).where(and(eq(reduction.orderId, order.id), eq(reduction.status, 'pending')));
  const open = OPEN_STATUSES.includes(order.status as OrderStatus);
  return {
    order_id: order.id, order_no: order.orderNo, merchant_id: order.merchantId, currency: order.currency, status: order.status,
    customer_name: c?.name ?? null, overdue_days: q.days, charged: chargedParts(order), reduced: reducedParts(order), owed: q.owed,
    owed_total: open ? sumParts(q.owed) : 0,
    rule: q.rule && {
      id: q.rule.id, name: q.rule.name, min_overdue_days: q.rule.minOverdueDays, max_overdue_days: q.rule.maxOverdueDays,
      max_penalty_bp: q.rule.maxPenaltyBp, max_interest_bp: q.rule.maxInterestBp, max_principal_bp: q.rule.maxPrincipalBp,
    },
    max_amount: open ? q.max : 0, room: q.room, pending_id: pending?.id ?? null,
  };
}


/** Requests a reduction of `amount` (minor units) on an order; see the file comment for the checks. */
export async function requestReduction(deps: Deps, actor: ReductionActor, input: { orderId: number; amount: number; reason: string }) {
  try {
    return await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId, actor.merchantIds);
      assertOpen(order);
      const q = await quoteOrder(tx, deps, order);
      const owedTotal = sumParts(q.owed);
      if (input.amount > owedTotal) {
        throw new AppError(CODE.INVALID_TRANSITION, 'reduction.aboveOwed', { owed: moneyText(owedTotal, order.currency) });
      }
      if (!q.rule) throw new AppError(CODE.INVALID_TRANSITION, 'reduction.noRule', { days: q.days });
      const parts = splitReduction(input.amount, q.owed)!;
      if (!fitsRoom(parts, ruleRoom(q.rule, order))) {
        throw new AppError(CODE.INVALID_TRANSITION, 'reduction.aboveRule', { rule: q.rule.name, max: moneyText(q.max, order.currency) });
      }
      const [pending] = await tx.select({ id: reduction.id }).from(reduction).where(and(eq(reduction.orderId, order.id), eq(reduction.status, 'pending')));
      if (pending) throw new AppError(CODE.CONFLICT, 'reduction.pendingExists');
      const settings = await debtSettings(tx, order.merchantId);
      const [row] = await tx.insert(reduction).values({
        orderId: order.id, merchantId: order.merchantId, amountMinor: input.amount, penaltyMinor: parts.penalty, interestMinor: parts.interest,
        feeMinor: parts.fee, principalMinor: parts.principal, status: 'pending', reason: input.reason, requestedBy: actor.actorId,
        expiresAt: new Date(deps.clock.now().getTime() + settings.reduction_expiry_hours * 3_600_000),
      }).returning();
      await actor.log(tx, { action: 'reduction.request', targetType: 'loan_order', targetId: order.id, after: { ...reductionView(row), order_no: order.orderNo, rule_id: q.rule.id, overdue_days: q.days } });
      return reductionView(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(CODE.CONFLICT, 'reduction.pendingExists');
    throw e;
  }
}

/** Locks the order of a reduction, then the reduction (the order lock first, like every money path). */
async function lockReduction(tx: DbOrTx, actor: Pick<ReductionActor, 'merchantIds'>, id: number): Promise<{ row: ReductionRecord; order: LoanOrderRow }> {
  const [found] = await tx.select({ orderId: reduction.orderId, merchantId: reduction.merchantId }).from(reduction).where(eq(reduction.id, id));
  if (!found || (actor.merchantIds && !actor.merchantIds.includes(found.merchantId))) {
    throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@debt.what.reduction' });
  }
  const order = await lockOrder(tx, found.orderId);
  const [row] = await tx.select().from(reduction).where(eq(reduction.id, id)).for('update');
  return { row, order };
}

function assertDecidable(row: ReductionRecord, actor: ReductionActor): void {
  if (row.status !== 'pending') throw new AppError(CODE.CONFLICT, 'reduction.notPending', { status: `@option.reduction_status.${row.status}` });
  if (row.requestedBy === actor.actorId) throw new AppError(CODE.FORBIDDEN, 'reduction.sameApprover');
}

export async function approveReduction(deps: Deps, actor: ReductionActor, input: { id: number; remark?: string }) {
  return deps.db.transaction(async (tx) => {
    const { row, order } = await lockReduction(tx, actor, input.id);
    assertDecidable(row, actor);
    const now = deps.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(CODE.CONFLICT, 'reduction.expired');
    const parts = partsOf(row);
    const owed = owedParts(order);
    if (!OPEN_STATUSES.includes(order.status as OrderStatus) || DEBT_PARTS.some((k) => parts[k] > owed[k])) {
      throw new AppError(CODE.CONFLICT, 'reduction.exceedsOwed', { owed: moneyText(OPEN_STATUSES.includes(order.status as OrderStatus) ? sumParts(owed) : 0, order.currency) });
    }
    const postingId = await post(tx, {
      merchantId: order.merchantId, kind: 'reduction', orderId: order.id, ref: `RD${row.id}`, accountId: actor.actorId, businessAt: now,
      memo: `reduction ${row.id}`,
      lines: [
        { account: 'loan', amount: -parts.principal },
        { account: 'receivable', amount: -(parts.penalty + parts.interest + parts.fee) },
        { account: 'income', amount: row.amountMinor },
      ],
    });
    const saved = await saveOrder(tx, deps, order, {
      reducedPenaltyMinor: order.reducedPenaltyMinor + parts.penalty, reducedInterestMinor: order.reducedInterestMinor + parts.interest,
      reducedFeeMinor: order.reducedFeeMinor + parts.fee, reducedPrincipalMinor: order.reducedPrincipalMinor + parts.principal,
    }, actor.actorId, `reduction ${row.id}`);
    const [done] = await tx.update(reduction).set({
      status: 'approved', decidedBy: actor.actorId, decidedAt: now, decideRemark: input.remark ?? '', postingId,
    }).where(eq(reduction.id, row.id)).returning();
    await actor.log(tx, {
      action: 'reduction.approve', targetType: 'loan_order', targetId: order.id,
      before: { ...reductionView(row), order_status: order.status, remaining_debt: order.remainingDebtMinor },
      after: { ...reductionView(done), order_status: saved.status, remaining_debt: saved.remainingDebtMinor },
    });
    return { ...reductionView(done), order_status: saved.status, remaining_debt: saved.remainingDebtMinor };
  });
}

export async function rejectReduction(deps: Deps, actor: ReductionActor, input: { id: number; remark: string }) {
  return deps.db.transaction(async (tx) => {
    const { row, order } = await lockReduction(tx, actor, input.id);
    assertDecidable(row, actor);
    const [done] = await tx.update(reduction).set({
      status: 'rejected', decidedBy: actor.actorId, decidedAt: deps.clock.now(), decideRemark: input.remark,
    }).where(eq(reduction.id, row.id)).returning();
    await actor.log(tx, { action: 'reduction.reject', targetType: 'loan_order', targetId: order.id, before: reductionView(row), after: reductionView(done) });
    return reductionView(done);
  });
}

const accountName = (col: PgColumn) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;

/** The Reductions tab of /merchant/repaymentDiscountRule. */
export const reductionList = defineList({
  id: 'merchant.repaymentDiscountRule.reductions',
  permission: pageKey('merchant', 'repaymentDiscountRule'),
  from: reduction,
  columns: {
    id: reduction.id,
    order_id: reduction.orderId,
    order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(reduction.orderId)})`,
    merchant_id: reduction.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(reduction.merchantId)})`,
    customer_name: sql<string | null>`(select c.name from ${loanOrder} o join ${customer} c on c.id = o.customer_id where o.id = ${outer(reduction.orderId)})`,
    phone: sql<string | null>`(select c.phone from ${loanOrder} o join ${customer} c on c.id = o.customer_id where o.id = ${outer(reduction.orderId)})`,
    currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(reduction.merchantId)})`,
    status: reduction.status,
    amount: reduction.amountMinor,
    penalty: reduction.penaltyMinor,
    interest: reduction.interestMinor,
    fee: reduction.feeMinor,
    principal: reduction.principalMinor,
    reason: reduction.reason,
    requested_by: reduction.requestedBy,
    requested_by_name: accountName(reduction.requestedBy),
    decided_by_name: accountName(reduction.decidedBy),
    decide_remark: reduction.decideRemark,
    expires_at: reduction.expiresAt,
    decided_at: reduction.decidedAt,
    created_at: reduction.createdAt,
  },
  filters: reductionListQuery,
  scope: merchantScope(reduction.merchantId),
  where: (f, _actor, ctx) => [
    f.order_no ? inArray(reduction.orderId, sql`(select o.id from ${loanOrder} o where o.order_no = ${f.order_no} or o.external_order_no = ${f.order_no})`) : undefined,
    f.merchant_id !== undefined ? eq(reduction.merchantId, f.merchant_id) : undefined,
    f.status?.length ? inArray(reduction.status, f.status) : undefined,
    ...dateRange(reduction.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: reduction.createdAt },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'order_no', title: 'field.order_no' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'status', title: 'field.status' },
    { key: 'amount', title: 'debt.field.reduction_amount', value: moneyValue('amount') },
    { key: 'penalty', title: 'debt.part.penalty', value: moneyValue('penalty') },
    { key: 'interest', title: 'debt.part.interest', value: moneyValue('interest') },
    { key: 'fee', title: 'debt.part.fee', value: moneyValue('fee') },
    { key: 'principal', title: 'debt.part.principal', value: moneyValue('principal') },
    { key: 'reason', title: 'field.reason' },
    { key: 'requested_by_name', title: 'debt.field.requested_by' },
    { key: 'decided_by_name', title: 'debt.field.decided_by' },
    { key: 'decide_remark', title: 'field.remark' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'decided_at', title: 'debt.field.decided_at' },
  ],
});
