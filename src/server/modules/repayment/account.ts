import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { OrderStatus } from '../../../schemas/order';
import type { AbnormalReason, Parts, RepaymentType } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { post, reverse } from '../ledger/ledger';
import { daysBetween } from '../lifecycle/clock';
import { transitionOrder, type LoanOrderPatch, type LoanOrderRow } from '../lifecycle/transition';
import { merchantMarket } from '../merchant/market';
import { loanOrder } from '../order/order.table';
import { nextId } from '../payment/records';
import { endClaimIfRepaid } from '../client/claimEnd';
import { closeCaseOfOrder, onOrderPaid } from '../collection/cases';
import { allocate, orderFigures, owedParts, sumParts } from './money';
import { repayment } from './repayment.table';
import { debtSettings } from './settings';

/**
 * The database side of repayment (docs/repayment.md): money in, revocation, the order's columns and their postings.
 * Every function runs inside the caller's transaction with the order row locked (`lockOrder`), so concurrent
 * repayments of one order are applied one after the other and never double-count.
 */

/** Statuses an order accepts repayments in. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['repaying', 'overdue', 'extended', 'bad_debt'];
export type RepaymentRecord = typeof repayment.$inferSelect;

export const repaymentSerial = (id: number, at: Date) => `RP${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;

/** Locks an order (FOR UPDATE) within the actor's merchants; 40400 when missing or outside them. */
export async function lockOrder(tx: DbOrTx, orderId: number, merchantIds?: readonly number[] | null): Promise<LoanOrderRow> {
  const [order] = await tx.select().from(loanOrder)
    .where(and(eq(loanOrder.id, orderId), merchantIds == null ? undefined : merchantIds.length ? inArray(loanOrder.merchantId, [...merchantIds]) : sql`false`))
    .for('update');
  if (!order) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  return order;
}


/** The order columns that follow from its parts (due, paid, reduction total, remaining debt). */
export function figuresPatch(o: LoanOrderRow): LoanOrderPatch {
  const f = orderFigures(o);
  return { dueAmountMinor: f.due, paidAmountMinor: f.paid, reductionTotalMinor: f.reductionTotal, remainingDebtMinor: f.remaining };
}

/** Writes `patch` on the locked order, settling it (transition `settle`) when nothing is owed any more. */
export async function saveOrder(tx: DbOrTx, deps: Deps, order: LoanOrderRow, patch: LoanOrderPatch, actorId: number | null, reason: string): Promise<LoanOrderRow> {
  const next = { ...order, ...patch } as LoanOrderRow;
  const full = { ...patch, ...figuresPatch(next) };
  if (full.remainingDebtMinor === 0 && OPEN_STATUSES.includes(order.status as OrderStatus)) {
    const settled = await transitionOrder(tx, {
      orderId: order.id, action: 'settle', to: 'settled', actorId, reason, at: deps.clock.now(), expect: order.status as OrderStatus,
      patch: { ...full, settled: true, settledAt: deps.clock.now() },
    });
    // Repaid: the collection case ends as a success (docs/collection.md).
    await closeCaseOfOrder(tx, deps, order.id, 'success', 'settled', actorId);
    await endClaimIfRepaid(tx, order.customerId, deps.clock.now());
    return settled;
  }
  const [row] = await tx.update(loanOrder).set({ ...full, updatedAt: sql`now()` }).where(eq(loanOrder.id, order.id)).returning();
  return row;
}

export interface MoneyIn {
  orderId: number;
  amount: number;
  type: RepaymentType;
  actorId: number | null;
  merchantIds?: readonly number[] | null;
  /** Complete this pending row (provider repayments) instead of creating one. */
  repaymentId?: number;
  channelId?: number | null;
  providerRef?: string;
  reference?: string;
  cardNo?: string;
  bankCardId?: number | null;
  remark?: string;
  extensionId?: number | null;
  requested?: number;
}

/**
 * Applies money that came in for an order: allocated over what it owes in the merchant's order, one `repayment`
 * posting (available +amount; loan −principal; receivable −penalty −interest −fee; customer_credit −overpaid), the
 * order's paid parts, credit and figures, and the settlement when nothing is owed any more.
 *
 * An order that no longer owes (settled, closed …) still receives money that a provider says arrived: it is kept as
 * the customer's credit and listed on /repayment/abnormal. Staff entries (manual, reconciliation) on such an order
 * are refused (42200, `repayment.orderNotOpen`).
 */
export async function applyMoneyIn(tx: DbOrTx, deps: Deps, input: MoneyIn): Promise<RepaymentRecord> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError(CODE.VALIDATION, 'validation.amountPositive');
  const order = await lockOrder(tx, input.orderId, input.merchantIds);
  const open = OPEN_STATUSES.includes(order.status as OrderStatus);
  if (!open && (input.type === 'manual' || input.type === 'reconciliation' || input.type === 'extension')) {
    throw new AppError(CODE.INVALID_TRANSITION, 'repayment.orderNotOpen', { status: `@option.status.${order.status}` });
  }
  const now = deps.clock.now();
  const settings = await debtSettings(tx, order.merchantId);
  const { parts, overpaid } = open ? allocate(input.amount, owedParts(order), settings.allocation_order)
    : { parts: { penalty: 0, interest: 0, fee: 0, principal: 0 } as Parts, overpaid: input.amount };
  const repaid = sumParts(parts);
  const row = await upsertRepayment(tx, deps, order, input, now);
  const postingId = await post(tx, {
    merchantId: order.merchantId, kind: 'repayment', orderId: order.id, ref: row.serialNo, accountId: input.actorId, businessAt: now,
    memo: `${input.type} repayment`,
    lines: [
      { account: 'available', amount: input.amount },
      { account: 'loan', amount: -parts.principal },
      { account: 'receivable', amount: -(parts.penalty + parts.interest + parts.fee) },
      { account: 'customer_credit', amount: -overpaid },
    ],
  });
  const patch: LoanOrderPatch = {
    paidPenaltyMinor: order.paidPenaltyMinor + parts.penalty, paidInterestMinor: order.paidInterestMinor + parts.interest,
    paidFeeMinor: order.paidFeeMinor + parts.fee, paidPrincipalMinor: order.paidPrincipalMinor + parts.principal,
    creditMinor: order.creditMinor + overpaid,
  };
  const totalRepaid = order.paidAmountMinor + repaid + order.creditMinor + overpaid;
  const overContract = totalRepaid > order.contractAmountMinor;
  patch.overContract = order.overContract || overContract;
  // The collection case counts what came in and may see its promise kept (before a settlement closes it).
  await onOrderPaid(tx, deps, { id: order.id, paidAmountMinor: order.paidAmountMinor + repaid, creditMinor: order.creditMinor + overpaid });
  await saveOrder(tx, deps, order, patch, input.actorId, `${input.type} ${row.serialNo}`);
  const abnormal: AbnormalReason | '' = !open ? 'order_settled' : overpaid > 0 ? 'overpaid' : overContract ? 'over_contract' : '';
  const [done] = await tx.update(repayment).set({
    status: open ? 'success' : 'abnormal', successMinor: input.amount, ...partsColumns(parts), overpaidMinor: overpaid,
    overContract, abnormalReason: abnormal, postingId, paidAt: now, updatedAt: deps.now(),
  }).where(eq(repayment.id, row.id)).returning();
  return done;
}

export const partsColumns = (p: Parts) => ({ penaltyMinor: p.penalty, interestMinor: p.interest, feeMinor: p.fee, principalMinor: p.principal });

export async function upsertRepayment(tx: DbOrTx, deps: Deps, order: LoanOrderRow, input: MoneyIn, now: Date): Promise<RepaymentRecord> {
  if (input.repaymentId) {
    const [cur] = await tx.select().from(repayment).where(eq(repayment.id, input.repaymentId)).for('update');
    if (!cur) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repayment.record' });
    if (cur.status !== 'pending') throw new AppError(CODE.CONFLICT, 'repayment.notPending');
    const [row] = await tx.update(repayment).set({ providerRef: input.providerRef ?? cur.providerRef, updatedAt: deps.now() })
      .where(eq(repayment.id, cur.id)).returning();
    return row;
  }
  const id = await nextId(tx, 'repayment');
  const [row] = await tx.insert(repayment).values({
    id, serialNo: repaymentSerial(id, now), orderId: order.id, merchantId: order.merchantId, customerId: order.customerId, currency: order.currency,
    type: input.type, status: 'pending', requestedMinor: input.requested ?? input.amount, channelId: input.channelId ?? null,
    providerRef: input.providerRef ?? '', reference: input.reference ?? '', cardNo: input.cardNo ?? '', bankCardId: input.bankCardId ?? null,
    remark: input.remark ?? '', operatorId: input.actorId, extensionId: input.extensionId ?? null, createdAt: deps.now(), updatedAt: deps.now(),
  }).returning();
  return row;
}

/** Where an order that owes again belongs by its dates (a revoked settlement). */
export async function openStatusByDates(tx: DbOrTx, deps: Deps, order: LoanOrderRow): Promise<OrderStatus> {
  const { timeZone } = await merchantMarket(tx, order.merchantId);
  const today = deps.clock.today(timeZone);
  if (order.dueDate && today > order.dueDate) {
    const settings = await debtSettings(tx, order.merchantId);
    return daysBetween(order.dueDate, today) >= settings.bad_debt_days ? 'bad_debt' : 'overdue';
  }
  return order.extensionCount > 0 ? 'extended' : 'repaying';
}

/**
 * Revokes a successful repayment or reconciliation: its posting reversed, the order's paid parts and credit taken
 * back, and a settled order owing again (transition `revoke` to where its dates put it). Extension payments are not
 * revoked (the due date already moved); credit the customer has been refunded cannot be taken back (40900).
 */
export async function revokeRepayment(tx: DbOrTx, deps: Deps, input: { id: number; reason: string; actorId: number; merchantIds?: readonly number[] | null }): Promise<RepaymentRecord> {
  const [cur] = await tx.select().from(repayment).where(eq(repayment.id, input.id));
  if (!cur || (input.merchantIds && !input.merchantIds.includes(cur.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repayment.record' });
  if (cur.type === 'extension') throw new AppError(CODE.CONFLICT, 'repayment.extensionNotRevocable');
  if (!cur.orderId || cur.status !== 'success' || !cur.postingId) throw new AppError(CODE.CONFLICT, 'repayment.notRevocable', { status: `@option.repayment_status.${cur.status}` });
  const order = await lockOrder(tx, cur.orderId);
  const [row] = await tx.select().from(repayment).where(eq(repayment.id, input.id)).for('update');
  if (row.status !== 'success') throw new AppError(CODE.CONFLICT, 'repayment.notRevocable', { status: `@option.repayment_status.${row.status}` });
  if (order.creditMinor < row.overpaidMinor) throw new AppError(CODE.CONFLICT, 'repayment.creditRefunded');
  const now = deps.clock.now();
  const revokePostingId = await reverse(tx, row.postingId!, { accountId: input.actorId, memo: `revoke ${row.serialNo}`, businessAt: now });
  const patch: LoanOrderPatch = {
    paidPenaltyMinor: order.paidPenaltyMinor - row.penaltyMinor, paidInterestMinor: order.paidInterestMinor - row.interestMinor,
    paidFeeMinor: order.paidFeeMinor - row.feeMinor, paidPrincipalMinor: order.paidPrincipalMinor - row.principalMinor,
    creditMinor: order.creditMinor - row.overpaidMinor,
  };
  const next = { ...order, ...patch } as LoanOrderRow;
  patch.overContract = next.paidPenaltyMinor + next.paidInterestMinor + next.paidFeeMinor + next.paidPrincipalMinor + next.creditMinor > order.contractAmountMinor;
  if (order.status === 'settled') {
    const to = await openStatusByDates(tx, deps, order);
    await transitionOrder(tx, {
      orderId: order.id, action: 'revoke', to, actorId: input.actorId, reason: `revoke ${row.serialNo}: ${input.reason}`, at: now, expect: 'settled',
      patch: { ...patch, ...figuresPatch(next), settled: false, settledAt: null },
    });
  } else {
    await tx.update(loanOrder).set({ ...patch, ...figuresPatch(next), updatedAt: sql`now()` }).where(eq(loanOrder.id, order.id));
  }
  const [done] = await tx.update(repayment).set({
    status: 'revoked', revokePostingId, revokedBy: input.actorId, revokedAt: deps.now(), revokeReason: input.reason, updatedAt: deps.now(),
  }).where(eq(repayment.id, row.id)).returning();
  return done;
}

/**
 * Money that arrived for nobody the system can name (a callback for an unknown payment or card): recorded as an
 * abnormal repayment of the merchant (reason unknown_order), the money held as credit (available +x,
 * customer_credit −x, no order) until someone applies or refunds it on /repayment/abnormal.
 */
export async function recordUnmatchedMoney(tx: DbOrTx, deps: Deps, input: {
  merchantId: number; currency: string; amount: number; type: RepaymentType; channelId?: number | null; providerRef?: string; vaNumber?: string;
  remark?: string;
}): Promise<RepaymentRecord> {
  const now = deps.clock.now();
  const id = await nextId(tx, 'repayment');
  const serialNo = repaymentSerial(id, now);
  const postingId = await post(tx, {
    merchantId: input.merchantId, kind: 'repayment', ref: serialNo, businessAt: now, memo: 'unmatched money',
    lines: [{ account: 'available', amount: input.amount }, { account: 'customer_credit', amount: -input.amount }],
  });
  const [row] = await tx.insert(repayment).values({
    id, serialNo, orderId: null, merchantId: input.merchantId, customerId: null, currency: input.currency, type: input.type, status: 'abnormal',
    requestedMinor: input.amount, successMinor: input.amount, overpaidMinor: input.amount, channelId: input.channelId ?? null,
    providerRef: input.providerRef ?? '', vaNumber: input.vaNumber ?? '', abnormalReason: 'unknown_order', remark: input.remark ?? '',
    postingId, paidAt: now, createdAt: deps.now(), updatedAt: deps.now(),
  }).returning();
  return row;
}

/**
 * Takes `amount` of credit off an order (the customer's money above their debt) — before it is refunded or applied
 * elsewhere. 40900 when the order holds less credit. Orders-less credit (unmatched money) has nothing to update.
 */
export async function takeCredit(tx: DbOrTx, orderId: number | null, amount: number): Promise<void> {
  if (orderId === null) return;
  const order = await lockOrder(tx, orderId);
  if (order.creditMinor < amount) throw new AppError(CODE.CONFLICT, 'repayment.creditShort');
  await tx.update(loanOrder).set({ creditMinor: order.creditMinor - amount, updatedAt: sql`now()` }).where(eq(loanOrder.id, orderId));
}

/**
 * Pays credit back to the customer (customer_credit +x, available −x; available may not go negative). To apply credit
 * to an order instead (an abnormal repayment that belongs to another order), release it with kind `credit_transfer`
 * and then `applyMoneyIn` the same amount on the target order: two postings, each tagged with its own order, so that
 * every order's entries keep equalling its figures.
 */
export async function refundCredit(tx: DbOrTx, deps: Deps, input: {
  merchantId: number; orderId: number | null; amount: number; actorId: number | null; ref: string; memo?: string; kind?: 'refund' | 'credit_transfer';
}): Promise<number> {
  await takeCredit(tx, input.orderId, input.amount);
  return post(tx, {
    merchantId: input.merchantId, kind: input.kind ?? 'refund', orderId: input.orderId, ref: input.ref, accountId: input.actorId, businessAt: deps.clock.now(),
    memo: input.memo ?? 'credit refunded', nonNegative: ['available'],
    lines: [{ account: 'customer_credit', amount: input.amount }, { account: 'available', amount: -input.amount }],
  });
}
