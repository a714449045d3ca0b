import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { CoDebtEffect, CoDebtFinding, CoDebtKey, CoDebtScope, CoDebtThreshold } from '../../../schemas/coDebt';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { customer, customerDevice } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { coDebtHit, coDebtRule } from './coDebt.table';

/**
 * What intake, review, collection and the customer detail read of a merchant's co-debt rule (docs/coDebt.md): the
 * person's open debts at the other merchants the rule counts, measured against its thresholds.
 */

/** Orders that carry (or are about to carry) a debt. */
export const OPEN_DEBT_STATUSES = ['disbursing', 'repaying', 'overdue', 'extended', 'bad_debt'] as const;
/** Other customer records of one person looked at, at most (a phone shared by thousands is not a person). */
const RECORD_CAP = 500;

export interface CoDebtRuleOf {
  id: number;
  merchantId: number;
  scope: CoDebtScope;
  matchKeys: CoDebtKey[];
  maxOpenLoans: number | null;
  maxOverdueDays: number | null;
  maxOutstandingMinor: number | null;
  intakeEffect: CoDebtEffect;
  collectionFlag: boolean;
}

/** The merchant's enabled rule, or null. */
export async function coDebtRuleOf(db: DbOrTx, merchantId: number): Promise<CoDebtRuleOf | null> {
  const [r] = await db.select().from(coDebtRule).where(and(eq(coDebtRule.merchantId, merchantId), eq(coDebtRule.enabled, true)));
  if (!r) return null;
  return {
    id: r.id, merchantId: r.merchantId, scope: r.scope as CoDebtScope, matchKeys: r.matchKeys as CoDebtKey[], maxOpenLoans: r.maxOpenLoans,
    maxOverdueDays: r.maxOverdueDays, maxOutstandingMinor: r.maxOutstandingMinor, intakeEffect: r.intakeEffect as CoDebtEffect, collectionFlag: r.collectionFlag,
  };
}

export interface Person {
  idNumber: string;
  phone: string;
  deviceIds: readonly string[];
}

/** The merchants a rule counts besides its own: the main merchant's family, or null for every merchant. */
export async function countedMerchants(db: DbOrTx, rule: CoDebtRuleOf): Promise<number[] | null> {
  if (rule.scope === 'all') return null;
  const [m] = await db.select({ id: merchant.id, parentId: merchant.parentId }).from(merchant).where(eq(merchant.id, rule.merchantId));
  if (!m) return [];
  const root = m.parentId ?? m.id;
  const family = await db.select({ id: merchant.id }).from(merchant).where(or(eq(merchant.id, root), eq(merchant.parentId, root)));
  return family.map((f) => f.id).filter((id) => id !== rule.merchantId);
}

/** Other customer records of the person by the rule's keys (any merchant; the orders are filtered by merchant after). */
async function recordsOf(db: DbOrTx, rule: CoDebtRuleOf, p: Person, merchants: number[] | null): Promise<number[]> {
  const conds: SQL[] = [];
  if (rule.matchKeys.includes('id_number') && p.idNumber) conds.push(eq(customer.idNumber, p.idNumber));
  if (rule.matchKeys.includes('phone') && p.phone) conds.push(eq(customer.phone, p.phone));
  const inMerchants = merchants === null ? ne(customer.merchantId, rule.merchantId) : inArray(customer.merchantId, merchants);
  const ids = new Set<number>();
  if (conds.length) {
    for (const r of await db.select({ id: customer.id }).from(customer).where(and(or(...conds), inMerchants)).limit(RECORD_CAP)) ids.add(r.id);
  }
  const devices = rule.matchKeys.includes('device') ? p.deviceIds.filter(Boolean) : [];
  if (devices.length) {
    const shared = await db.selectDistinct({ id: customerDevice.customerId }).from(customerDevice)
      .innerJoin(customer, eq(customer.id, customerDevice.customerId))
      .where(and(inArray(customerDevice.deviceId, [...devices]), inMerchants)).limit(RECORD_CAP);
    for (const s of shared) ids.add(s.id);
  }
  return [...ids];
}

/**
 * The person's open debts at the merchants the rule counts, against the rule's thresholds: open loans, the most days
 * overdue, and what remains owed in the rule merchant's currency (debts in other currencies are counted as loans
 * and days but not summed).
 */
export async function findCoDebt(db: DbOrTx, rule: CoDebtRuleOf, p: Person): Promise<CoDebtFinding> {
  const [m] = await db.select({ currency: merchant.currency }).from(merchant).where(eq(merchant.id, rule.merchantId));
  const currency = m?.currency ?? '';
  const merchants = await countedMerchants(db, rule);
  const none: CoDebtFinding = { open_loans: 0, max_overdue_days: 0, outstanding_minor: 0, currency, over: [] };
  if (merchants !== null && !merchants.length) return none;
  const records = await recordsOf(db, rule, p, merchants);
  if (!records.length) return none;
  const [agg] = await db.select({
    n: sql<number>`count(*)::int`,
    days: sql<number>`coalesce(max(${loanOrder.overdueDays}), 0)::int`,
    owed: sql<string>`coalesce(sum(${loanOrder.remainingDebtMinor}) filter (where ${loanOrder.currency} = ${currency}), 0)::text`,
  }).from(loanOrder).where(and(
    inArray(loanOrder.customerId, records), inArray(loanOrder.status, [...OPEN_DEBT_STATUSES]),
    merchants === null ? ne(loanOrder.merchantId, rule.merchantId) : inArray(loanOrder.merchantId, merchants),
  ));
  const f: CoDebtFinding = { open_loans: Number(agg?.n ?? 0), max_overdue_days: Number(agg?.days ?? 0), outstanding_minor: Number(agg?.owed ?? 0), currency, over: [] };
  const over: CoDebtThreshold[] = [];
  if (rule.maxOpenLoans !== null && f.open_loans > rule.maxOpenLoans) over.push('max_open_loans');
  if (rule.maxOverdueDays !== null && f.open_loans > 0 && f.max_overdue_days > rule.maxOverdueDays) over.push('max_overdue_days');
  if (rule.maxOutstandingMinor !== null && f.outstanding_minor > rule.maxOutstandingMinor) over.push('max_outstanding');
  return { ...f, over };
}

export interface CoDebtOutcome {
  rule: CoDebtRuleOf;
  finding: CoDebtFinding;
}

/**
 * Intake's check (call inside the application's transaction, before the order is inserted): with the merchant's rule
 * over a threshold, `reject` refuses the application (42200 `coDebt.refused`, the first threshold exceeded as the
 * reason, nothing written) and `review` answers the outcome that `recordCoDebt` keeps with the order, which sends it
 * to manual review; otherwise null.
 */
export async function checkCoDebt(tx: DbOrTx, input: { merchantId: number } & Person): Promise<CoDebtOutcome | null> {
  const rule = await coDebtRuleOf(tx, input.merchantId);
  if (!rule || rule.intakeEffect === 'none') return null;
  const finding = await findCoDebt(tx, rule, input);
  if (!finding.over.length) return null;
  if (rule.intakeEffect === 'reject') {
    const values = { reason: `@coDebt.over.${finding.over[0]}`, open: finding.open_loans, days: finding.max_overdue_days };
    throw new AppError(CODE.INVALID_TRANSITION, 'coDebt.refused', values, 200, [{ path: 'customer', id: 'coDebt.refused', values }]);
  }
  return { rule, finding };
}

/** Keeps a `review` outcome with the order just created (no-op for null). */
export async function recordCoDebt(tx: DbOrTx, outcome: CoDebtOutcome | null, order: { id: number; customerId: number; at: Date }): Promise<void> {
  if (!outcome) return;
  await tx.insert(coDebtHit).values({
    merchantId: outcome.rule.merchantId, customerId: order.customerId, orderId: order.id, effect: outcome.rule.intakeEffect,
    found: outcome.finding, createdAt: order.at,
  });
}

/** Whether intake kept a co-debt hit that sends this order to manual review (review flow, after machine review). */
export async function coDebtForcesReview(db: DbOrTx, orderId: number): Promise<boolean> {
  const [h] = await db.select({ id: coDebtHit.id }).from(coDebtHit).where(and(eq(coDebtHit.orderId, orderId), eq(coDebtHit.effect, 'review'))).limit(1);
  return !!h;
}

/** The person's co-debt for the collection flag of a merchant's case: the finding when the rule flags and a threshold is exceeded. */
export async function coDebtFlagOf(db: DbOrTx, merchantId: number, customerId: number): Promise<CoDebtFinding | null> {
  const rule = await coDebtRuleOf(db, merchantId);
  if (!rule || !rule.collectionFlag) return null;
  const [c] = await db.select({ idNumber: customer.idNumber, phone: customer.phone }).from(customer).where(eq(customer.id, customerId));
  if (!c) return null;
  const devices = await db.select({ d: customerDevice.deviceId }).from(customerDevice).where(eq(customerDevice.customerId, customerId)).limit(50);
  const f = await findCoDebt(db, rule, { idNumber: c.idNumber, phone: c.phone, deviceIds: devices.map((d) => d.d) });
  return f.over.length ? f : null;
}
