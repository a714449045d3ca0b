import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loanOrder } from '../order/order.table';
import { decide } from './decide';
import { merchantRules, storeRun } from './machine-review';
import { machineReviewRun } from './scoring.table';
import { computeVariables } from './variables';

/** The reason a reconstructed run carries, so that nobody takes it for the one that decided at the time. */
export const BACKFILL_REASON = 'Reconstructed: the rules in force evaluated on the order as it is now';

/**
 * An order scored without a stored run (the generated demo data and imported orders carry only a score and a result)
 * gets one the first time its breakdown is asked for: the merchant's rules in force, evaluated on the order's
 * variables now, stored like any run; the order's score becomes that run's total, so the figure shown and the lines
 * that add up to it agree. The order's status and result stay as they are. False when there is nothing to evaluate
 * (no rules, no customer) or another reader stored it first.
 */
export async function backfillRun(db: DbOrTx, orderId: number, at: Date): Promise<boolean> {
  const values = await computeVariables(db, orderId, at);
  if (!values) return false;
  return db.transaction(async (tx) => {
    const [o] = await tx.select({ id: loanOrder.id, merchantId: loanOrder.merchantId, customerId: loanOrder.customerId })
      .from(loanOrder).where(eq(loanOrder.id, orderId)).for('update');
    if (!o) return false;
    const [had] = await tx.select({ id: machineReviewRun.id }).from(machineReviewRun).where(eq(machineReviewRun.orderId, orderId)).limit(1);
    if (had) return false;
    const { rules, passScore } = await merchantRules(tx, o.merchantId);
    if (!rules.length) return false;
    const d = decide(rules, new Map(Object.entries(values)), passScore);
    await storeRun(tx, o, { ...d, reason: BACKFILL_REASON }, values, at);
    await tx.update(loanOrder).set({ machineReviewScore: Math.round(d.score) }).where(eq(loanOrder.id, orderId));
    return true;
  });
}
