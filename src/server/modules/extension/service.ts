import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { ExtensionQuote, ExtensionStatus } from '../../../schemas/extension';
import type { OrderStatus } from '../../../schemas/order';
import type { DebtSettings, Parts } from '../../../schemas/repayment';
import type { ExtensionQuoteView, ExtensionPayResult } from '../../../schemas/extensionQuote';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { customer } from '../client/client.table';
import { isUniqueViolation, maskPhone } from '../empower/scope';
import { keyOwner, withIdempotency } from '../idempotency/idempotency';
import { post } from '../ledger/ledger';
import { addDays, daysBetween } from '../lifecycle/clock';
import { transitionOrder, type LoanOrderPatch, type LoanOrderRow } from '../lifecycle/transition';
import type { OpLogEntry } from '../log/oplog';
import { loanOrder } from '../order/order.table';
import { nextId } from '../payment/records';
import { closeCaseOfOrder, onOrderPaid } from '../collection/cases';
import { figuresPatch, lockOrder, partsColumns, saveOrder, upsertRepayment } from '../repayment/account';
import { merchantMarket } from '../merchant/market';
import { allocate, extensionFee, orderFigures, owedParts, sumParts } from '../repayment/money';
import { repayment } from '../repayment/repayment.table';
import { debtSettings } from '../repayment/settings';
import { extension } from './extension.table';

/**
 * Extensions (spec §3 "Extension", docs/repayment.md): staff apply on the customer's behalf (the fee and time
 * settings of the merchant are copied onto the application), another person passes or rejects it (passing fixes the
 * fee and the penalty owed), and a passed one is paid: fee + the penalty owed at that moment, at least; the order gets
 * its new due date (transition `extend`). A payment short of that is refused and changes nothing.
 */

export type ExtensionRecord = typeof extension.$inferSelect;

/** Who acts, within which merchants (null: all), and the operation-log writer bound to the request. */
export interface ExtCtx {
  actorId: number | null;
  merchantIds: readonly number[] | null;
  log(tx: DbOrTx, e: OpLogEntry): Promise<void>;
}

/** Order statuses an extension may be applied for, passed and paid in. */
export const EXTENDABLE: readonly OrderStatus[] = ['repaying', 'overdue', 'extended'];

/** The fee and time terms of an extension: the merchant's settings when applying, the application's copy after. */
export interface ExtensionTerms {
  feeType: ExtensionQuote['fee_type'];
  feeSetting: number;
  days: number;
  dueBase: ExtensionQuote['due_base'];
  overpayment: ExtensionQuote['overpayment'];
}

export const termsOfSettings = (s: DebtSettings): ExtensionTerms => ({
  feeType: s.extension_fee_type, feeSetting: s.extension_fee_value, days: s.extension_days, dueBase: s.extension_due_base,
  overpayment: s.extension_overpayment,
});

export const termsOfExtension = (e: ExtensionRecord): ExtensionTerms => ({
  feeType: e.feeType as ExtensionTerms['feeType'], feeSetting: e.feeSetting, days: e.days, dueBase: e.timeType as ExtensionTerms['dueBase'],
  overpayment: e.overpayment as ExtensionTerms['overpayment'],
});

/**
 * Where the new due date counts from: the old due date, or — for an order past its due date when the base is
 * `today_if_overdue` — the business date today. An order is past due when its due date is before today (whether or
 * not the end-of-day job has marked it overdue yet).
 */
export function extensionDates(order: Pick<LoanOrderRow, 'dueDate' | 'status'>, terms: Pick<ExtensionTerms, 'days' | 'dueBase'>, today: string): { start: string; end: string } {
  const pastDue = order.status === 'overdue' || (order.dueDate !== null && order.dueDate < today);
  const start = terms.dueBase === 'today_if_overdue' && pastDue ? today : order.dueDate ?? today;
  return { start, end: addDays(start, terms.days) };
}

/** Why an order may not be extended now (message id), or null. */
export function extensionRefusal(order: Pick<LoanOrderRow, 'status' | 'extensionCount'>, maxCount: number): string | null {
  if (!EXTENDABLE.includes(order.status as OrderStatus)) return 'extension.wrongState';
  if (order.extensionCount >= maxCount) return 'extension.maxCount';
  return null;
}

function refuse(messageId: string, order: Pick<LoanOrderRow, 'status'>, maxCount: number): never {
  if (messageId === 'extension.wrongState') throw new AppError(CODE.INVALID_TRANSITION, messageId, { status: `@option.status.${order.status}` });
  throw new AppError(CODE.CONFLICT, messageId, { max: maxCount });
}

/**
 * What extending `order` costs today and what it does. `fixedFee`: the fee a passed application fixed (else by the
 * terms, from the principal). The penalty owed is the order's overdue interest and penalty not yet paid or reduced.
 */
export function computeQuote(order: LoanOrderRow, terms: ExtensionTerms, maxCount: number, today: string, unit: number, fixedFee?: number): ExtensionQuote {
  const fee = fixedFee ?? extensionFee(order.loanAmountMinor, terms.feeType, terms.feeSetting, unit);
  const penalty = owedParts(order).penalty;
  const { end } = extensionDates(order, terms, today);
  const refusal = extensionRefusal(order, maxCount);
  return {
    order_id: order.id, allowed: refusal === null, refusal, fee_type: terms.feeType, fee_setting: terms.feeSetting, fee, penalty_owed: penalty,
    total: fee + penalty, days: terms.days, due_base: terms.dueBase, overpayment: terms.overpayment, current_due_date: order.dueDate,
    new_due_date: end, count: order.extensionCount, max_count: maxCount, currency: order.currency,
  };
}

const notFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@extension.record' });

/** Locks an application (FOR UPDATE) within the actor's merchants; 40400 when missing or outside them. */
async function lockExtension(tx: DbOrTx, id: number, merchantIds: readonly number[] | null): Promise<ExtensionRecord> {
  const [row] = await tx.select().from(extension).where(eq(extension.id, id)).for('update');
  if (!row || (merchantIds && !merchantIds.includes(row.merchantId))) throw notFound();
  return row;
}

function expectStatus(e: ExtensionRecord, status: ExtensionStatus): void {
  if (e.status !== status) throw new AppError(CODE.CONFLICT, 'extension.wrongStatus', { status: `@option.extension_status.${e.status}` });
}

const applicationNo = (id: number, at: Date) => `EX${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;

async function openApplication(db: DbOrTx, orderId: number): Promise<ExtensionRecord | undefined> {
  const [row] = await db.select().from(extension).where(and(eq(extension.orderId, orderId), inArray(extension.status, ['under_review', 'passed']))).limit(1);
  return row;
}

// ------------------------------------------------------------------------------------------------ quote

/**
 * The quote the apply and pay dialogs show: by order (id or order number; the merchant's current settings) or by
 * application (its copied terms and, once passed, its fixed fee), within the actor's merchants.
 */
export async function quote(deps: Deps, c: Pick<ExtCtx, 'merchantIds'> & { privacy?: boolean }, q: { order_id?: number; order_no?: string; id?: number }): Promise<ExtensionQuoteView> {
  const { db } = deps;
  let ext: ExtensionRecord | undefined;
  let orderId = q.order_id;
  if (q.id !== undefined) {
    [ext] = await db.select().from(extension).where(eq(extension.id, q.id));
    if (!ext || (c.merchantIds && !c.merchantIds.includes(ext.merchantId))) throw notFound();
    orderId = ext.orderId;
  }
  const scope = c.merchantIds === null ? undefined : c.merchantIds.length ? inArray(loanOrder.merchantId, [...c.merchantIds]) : sql`false`;
  const byNo = q.order_no ? or(eq(loanOrder.orderNo, q.order_no), eq(loanOrder.externalOrderNo, q.order_no)) : undefined;
  if (orderId === undefined && !byNo) throw new AppError(CODE.VALIDATION, 'extension.orderRequired');
  const [order] = await db.select().from(loanOrder).where(and(orderId !== undefined ? eq(loanOrder.id, orderId) : byNo, scope)).limit(1);
  if (!order) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' });
  await deps.clock.refresh();
  const settings = await debtSettings(db, order.merchantId);
  const { timeZone, unit } = await merchantMarket(db, order.merchantId);
  const today = deps.clock.today(timeZone);
  const terms = ext ? termsOfExtension(ext) : termsOfSettings(settings);
  const fixed = ext && (ext.status === 'passed' || ext.status === 'success') ? ext.feeMinor : undefined;
  const base = computeQuote(order, terms, settings.extension_max_count, today, unit, fixed);
  const open = ext ? undefined : await openApplication(db, order.id);
  const [cu] = await db.select({ name: customer.name, phone: customer.phone }).from(customer).where(eq(customer.id, order.customerId));
  const refusal = base.refusal ?? (open ? 'extension.openExists' : null);
  return {
    ...base, allowed: refusal === null, refusal, order_no: order.orderNo, order_status: order.status, customer_name: cu?.name ?? null,
    phone: cu ? (c.privacy ? maskPhone(cu.phone) : cu.phone) : null, extension_id: ext?.id ?? null, open_application: open?.applicationNo ?? null,
    today,
  };
}

// ------------------------------------------------------------------------------------------------ apply, pass, reject

/** Staff apply for an extension on the customer's behalf: under_review, the merchant's terms copied. */
export async function applyExtension(deps: Deps, c: ExtCtx, input: { orderId: number; remark?: string }): Promise<ExtensionRecord> {
  await deps.clock.refresh();
  try {
    return await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId, c.merchantIds);
      const settings = await debtSettings(tx, order.merchantId);
      const { timeZone, unit } = await merchantMarket(tx, order.merchantId);
      const terms = termsOfSettings(settings);
      const q = computeQuote(order, terms, settings.extension_max_count, deps.clock.today(timeZone), unit);
      if (q.refusal) refuse(q.refusal, order, settings.extension_max_count);
      const open = await openApplication(tx, order.id);
      if (open) throw new AppError(CODE.CONFLICT, 'extension.openExists', { application_no: open.applicationNo });
      const id = await nextId(tx, 'extension');
      const [row] = await tx.insert(extension).values({
        id, applicationNo: applicationNo(id, deps.clock.now()), orderId: order.id, merchantId: order.merchantId, customerId: order.customerId,
        status: 'under_review', feeType: terms.feeType, feeSetting: terms.feeSetting, feeMinor: q.fee, penaltyMinor: q.penalty_owed,
        timeType: terms.dueBase, days: terms.days, overpayment: terms.overpayment, remark: input.remark ?? '', applicantId: c.actorId,
        createdAt: deps.now(), updatedAt: deps.now(),
      }).returning();
      await c.log(tx, {
        action: 'extension.apply', targetType: 'extension', targetId: row.id,
        after: { application_no: row.applicationNo, order_id: order.id, order_no: order.orderNo, fee: q.fee, penalty: q.penalty_owed, days: terms.days, remark: row.remark },
      });
      return row;
    });
  } catch (err) {
    // Two applications at the same moment: the partial unique index lets one through.
    if (isUniqueViolation(err, 'extension_open_order_uq')) throw new AppError(CODE.CONFLICT, 'extension.openExists', { application_no: '' });
    throw err;
  }
}

/** Passes an application: not by its applicant (40300); the fee and the penalty owed now are fixed on it. */
export async function passExtension(deps: Deps, c: ExtCtx, input: { id: number; remark?: string }): Promise<ExtensionRecord> {
  await deps.clock.refresh();
  return deps.db.transaction(async (tx) => {
    const ext = await lockExtension(tx, input.id, c.merchantIds);
    expectStatus(ext, 'under_review');
    if (ext.applicantId !== null && ext.applicantId === c.actorId) throw new AppError(CODE.FORBIDDEN, 'extension.sameReviewer');
    const order = await lockOrder(tx, ext.orderId);
    const settings = await debtSettings(tx, order.merchantId);
    const { timeZone, unit } = await merchantMarket(tx, order.merchantId);
    const q = computeQuote(order, termsOfExtension(ext), settings.extension_max_count, deps.clock.today(timeZone), unit);
    if (q.refusal) refuse(q.refusal, order, settings.extension_max_count);
    const [row] = await tx.update(extension).set({
      status: 'passed', feeMinor: q.fee, penaltyMinor: q.penalty_owed, reviewerId: c.actorId, reviewedAt: deps.now(), reviewRemark: input.remark ?? '',
      updatedAt: deps.now(),
    }).where(eq(extension.id, ext.id)).returning();
    await c.log(tx, {
      action: 'extension.pass', targetType: 'extension', targetId: ext.id, before: { status: ext.status },
      after: { status: row.status, fee: row.feeMinor, penalty: row.penaltyMinor, remark: row.reviewRemark },
    });
    return row;
  });
}

/** Rejects an application (a remark says why). */
export async function rejectExtension(deps: Deps, c: ExtCtx, input: { id: number; remark: string }): Promise<ExtensionRecord> {
  return deps.db.transaction(async (tx) => {
    const ext = await lockExtension(tx, input.id, c.merchantIds);
    expectStatus(ext, 'under_review');
    const [row] = await tx.update(extension).set({
      status: 'rejected', reviewerId: c.actorId, reviewedAt: deps.now(), reviewRemark: input.remark, updatedAt: deps.now(),
    }).where(eq(extension.id, ext.id)).returning();
    await c.log(tx, { action: 'extension.reject', targetType: 'extension', targetId: ext.id, before: { status: ext.status }, after: { status: row.status, remark: input.remark } });
    return row;
  });
}

// ------------------------------------------------------------------------------------------------ pay

/**
 * Pays a passed extension (idempotent by `key`). Required: the fee fixed at review + the penalty owed now; less is
 * refused (40900, "insufficient payment for extension") and changes nothing. Otherwise, in one transaction:
 *  - a repayment row (type extension) holding how the money went over the order's parts;
 *  - ONE posting `extension_fee`: available +amount, income −fee, receivable −penalty, then the rest by the
 *    application's overpayment handling — `credit`: customer_credit −rest; `to_debt`: repaid over what the order still
 *    owes in the merchant's allocation order (loan −principal, receivable −others), what is left beyond the debt
 *    to customer_credit;
 *  - the order: paid parts, credit, extension fee, then `extend` to a new due date (and, when to_debt paid everything,
 *    `settle` right after);
 *  - the application: success, paid fee, start and end dates, paid time, repayment.
 */
export async function payExtension(deps: Deps, c: ExtCtx, input: { id: number; amount: number; remark?: string; key: string }): Promise<ExtensionPayResult> {
  const payload = { id: input.id, amount: input.amount, remark: input.remark ?? '' };
  await deps.clock.refresh();
  return withIdempotency(deps.db, { scope: 'extension.pay', owner: keyOwner.of(c.actorId), key: input.key, accountId: c.actorId, payload }, async (tx) => {
    const ext = await lockExtension(tx, input.id, c.merchantIds);
    expectStatus(ext, 'passed');
    const order = await lockOrder(tx, ext.orderId);
    const settings = await debtSettings(tx, order.merchantId);
    const { timeZone, unit } = await merchantMarket(tx, order.merchantId);
    const today = deps.clock.today(timeZone);
    const terms = termsOfExtension(ext);
    const refusal = extensionRefusal(order, settings.extension_max_count);
    if (refusal) refuse(refusal, order, settings.extension_max_count);

    const owed = owedParts(order);
    const fee = ext.feeMinor;
    const penalty = owed.penalty;
    if (!Number.isSafeInteger(input.amount) || input.amount < fee + penalty) throw new AppError(CODE.CONFLICT, 'extension.insufficientPayment');
    const rest = input.amount - fee - penalty;

    // The rest: to the debt (what is still owed after the penalty, in the merchant's order) or kept as credit.
    let repaid: Parts = { penalty: 0, interest: 0, fee: 0, principal: 0 };
    let credit = rest;
    if (rest > 0 && terms.overpayment === 'to_debt') {
      const r = allocate(rest, { ...owed, penalty: 0 }, settings.allocation_order);
      repaid = r.parts;
      credit = r.overpaid;
    }
    const parts: Parts = { ...repaid, penalty: penalty + repaid.penalty };

    const now = deps.clock.now();
    const row = await upsertRepayment(tx, deps, order, {
      orderId: order.id, amount: input.amount, type: 'extension', actorId: c.actorId, extensionId: ext.id, remark: input.remark,
    }, now);
    const postingId = await post(tx, {
      merchantId: order.merchantId, kind: 'extension_fee', orderId: order.id, ref: row.serialNo, accountId: c.actorId, businessAt: now,
      memo: `extension ${ext.applicationNo}`,
      lines: [
        { account: 'available', amount: input.amount },
        { account: 'income', amount: -fee },
        { account: 'receivable', amount: -(parts.penalty + parts.interest + parts.fee) },
        { account: 'loan', amount: -parts.principal },
        { account: 'customer_credit', amount: -credit },
      ],
    });

    const paidPatch: LoanOrderPatch = {
      paidPenaltyMinor: order.paidPenaltyMinor + parts.penalty, paidInterestMinor: order.paidInterestMinor + parts.interest,
      paidFeeMinor: order.paidFeeMinor + parts.fee, paidPrincipalMinor: order.paidPrincipalMinor + parts.principal,
      creditMinor: order.creditMinor + credit, extensionFeeMinor: order.extensionFeeMinor + fee,
    };
    const overContract = order.paidAmountMinor + sumParts(parts) + order.creditMinor + credit > order.contractAmountMinor;
    paidPatch.overContract = order.overContract || overContract;
    const updated = { ...order, ...paidPatch } as LoanOrderRow;
    const { start, end } = extensionDates(order, terms, today);
    let after = await transitionOrder(tx, {
      orderId: order.id, action: 'extend', to: 'extended', actorId: c.actorId, at: now, expect: order.status as OrderStatus,
      reason: `extension ${ext.applicationNo}: due ${end}`,
      patch: {
        ...paidPatch, ...figuresPatch(updated), dueDate: end, extensionCount: order.extensionCount + 1, extensionDays: order.extensionDays + terms.days,
        extendedAt: now, overdueDays: Math.max(0, daysBetween(end, today)),
      },
    });
    // The rest repaid the whole debt (to_debt): extended and settled at once.
    if (orderFigures(after).remaining === 0) after = await saveOrder(tx, deps, after, {}, c.actorId, `extension ${ext.applicationNo}`);
    // An extension closes the order's collection case as a success (docs/collection.md), in this transaction.
    await onOrderPaid(tx, deps, { id: order.id, paidAmountMinor: after.paidAmountMinor, creditMinor: after.creditMinor });
    await closeCaseOfOrder(tx, deps, order.id, 'success', 'extended', c.actorId);

    const abnormal = credit > 0 ? 'overpaid' : overContract ? 'over_contract' : '';
    await tx.update(repayment).set({
      status: 'success', successMinor: input.amount, ...partsColumns(parts), overpaidMinor: credit, overContract, abnormalReason: abnormal, postingId,
      paidAt: now, updatedAt: deps.now(),
    }).where(eq(repayment.id, row.id));
    const [done] = await tx.update(extension).set({
      status: 'success', penaltyMinor: penalty, paidFeeMinor: fee, startDate: start, endDate: end, paidAt: now, repaymentId: row.id, updatedAt: deps.now(),
    }).where(eq(extension.id, ext.id)).returning();
    const result: ExtensionPayResult = {
      id: done.id, application_no: done.applicationNo, status: 'success', amount: input.amount, fee, penalty, repaid: sumParts(repaid), credit,
      start_date: start, end_date: end, repayment_id: row.id, serial_no: row.serialNo, order_id: order.id, order_status: after.status, due_date: after.dueDate,
      remaining_debt: after.remainingDebtMinor,
    };
    await c.log(tx, {
      action: 'extension.pay', targetType: 'extension', targetId: ext.id,
      before: { status: ext.status, order_status: order.status, due_date: order.dueDate },
      after: { ...result, remark: input.remark ?? '' },
    });
    return result;
  });
}
