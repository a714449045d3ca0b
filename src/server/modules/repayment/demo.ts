import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_DEBT_SETTINGS, type RepaymentType } from '../../../schemas/repayment';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { adminAccount } from '../empower/empower.table';
import { applyExtension, passExtension, rejectExtension } from '../extension/service';
import { createBusinessClock } from '../lifecycle/clock';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn, recordUnmatchedMoney } from './account';
import { owedParts } from './money';
import { approveReduction, requestReduction } from './reduction';
import { debtSetting, repayment, repaymentDiscountRule } from './repayment.table';
import { saveDebtSettings } from './settings';

/**
 * The demo's repayment history, so that every repayment screen opens on real rows: for the merchants the demo staff
 * work, debt settings and two discount rules, then — through the same services staff use — repayments of each kind
 * on some owing orders (partial and full), reductions pending and approved, extension applications under review,
 * passed and rejected, and one payment nobody could match (abnormal). Skipped when repayments exist.
 */
export async function seedRepaymentHistory(db: Db): Promise<{ done: number; refused: number }> {
  const out = { done: 0, refused: 0 };
  const [has] = await db.select({ id: repayment.id }).from(repayment).limit(1);
  if (has) return out;
  const staff = await db.select({ id: adminAccount.id, account: adminAccount.account, merchantIds: adminAccount.merchantIds }).from(adminAccount)
    .where(inArray(adminAccount.account, ['admin', 'merchant']));
  const admin = staff.find((s) => s.account === 'admin');
  const op = staff.find((s) => s.account === 'merchant');
  if (!admin || !op) return out;
  const clock = createBusinessClock(db, () => new Date());
  await clock.refresh(true);
  const deps = { db, clock, now: () => new Date() } as unknown as Deps;
  const ctx = (actorId: number) => ({ actorId, merchantIds: null, log: async () => {} });
  const attempt = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      out.done++;
    } catch (e) {
      if (process.env.DEMO_DEBUG) console.log('demo refused', (e as Error).message);
      out.refused++; // a generated order the rules do not allow this for (no matching rule, nothing owed …)
    }
  };
  const types: RepaymentType[] = ['manual', 'reconciliation', 'link', 'va', 'app', 'qr'];

  for (const merchantId of op.merchantIds) {
    const [saved] = await db.select({ id: debtSetting.merchantId }).from(debtSetting).where(eq(debtSetting.merchantId, merchantId));
    if (!saved) await saveDebtSettings(db, merchantId, DEFAULT_DEBT_SETTINGS, admin.id);
    await db.insert(repaymentDiscountRule).values([
      { merchantId, name: 'Early overdue: penalty only', minOverdueDays: 0, maxOverdueDays: 30, maxPenaltyBp: 10_000, maxInterestBp: 0, createdBy: admin.id },
      { merchantId, name: 'Long overdue: penalty and half the interest', minOverdueDays: 31, maxOverdueDays: 3650, maxPenaltyBp: 10_000, maxInterestBp: 5000, createdBy: admin.id },
    ]);
    const orders = await db.select().from(loanOrder)
      .where(and(eq(loanOrder.merchantId, merchantId), inArray(loanOrder.status, ['repaying', 'overdue', 'extended', 'bad_debt'])))
      .orderBy(asc(loanOrder.id)).limit(60);
    // Overdue orders: reductions (every other one approved); repaying ones: extension applications (under review,
    // passed, rejected in turn); the rest: repayments of every kind, one in three paid in full.
    const overdue = orders.filter((o) => (o.status === 'overdue' || o.status === 'bad_debt') && owedParts(o).penalty > 0);
    const repaying = orders.filter((o) => o.status === 'repaying');
    const reductionOrders = overdue.slice(0, 4);
    const extensionOrders = repaying.slice(0, 6);
    const taken = new Set([...reductionOrders, ...extensionOrders].map((o) => o.id));
    for (const [i, o] of reductionOrders.entries()) {
      await attempt(async () => {
        const r = await requestReduction(deps, ctx(admin.id), { orderId: o.id, amount: owedParts(o).penalty, reason: 'Customer in hardship, agreed by phone' });
        if (i % 2 === 1) await approveReduction(deps, ctx(op.id), { id: (r as { id: number }).id, remark: 'Approved' });
      });
    }
    for (const [i, o] of extensionOrders.entries()) {
      await attempt(async () => {
        const e = await applyExtension(deps, ctx(admin.id), { orderId: o.id, remark: 'Customer asked for one more week' });
        if (i % 3 === 1) await passExtension(deps, ctx(op.id), { id: e.id });
        if (i % 3 === 2) await rejectExtension(deps, ctx(op.id), { id: e.id, remark: 'Two late payments already' });
      });
    }
    for (const [i, o] of orders.filter((x) => !taken.has(x.id)).slice(0, 30).entries()) {
      const type = types[i % types.length];
      const amount = i % 3 === 0 ? o.remainingDebtMinor : Math.max(1, Math.round(o.remainingDebtMinor * 0.3));
      await attempt(() => db.transaction((tx) => applyMoneyIn(tx, deps, {
        orderId: o.id, amount, type, actorId: type === 'manual' || type === 'reconciliation' ? op.id : null, reference: `DEMO-${o.orderNo}`,
      })));
    }
  }
  const [main] = op.merchantIds;
  if (main) {
    const [m] = await db.select({ currency: loanOrder.currency }).from(loanOrder).where(eq(loanOrder.merchantId, main)).limit(1);
    await attempt(() => db.transaction((tx) => recordUnmatchedMoney(tx, deps, { merchantId: main, currency: m?.currency ?? 'VND', amount: 150_000, type: 'va', vaNumber: '9704000000000000', remark: 'Transfer without a matching card' })));
  }
  return out;
}
