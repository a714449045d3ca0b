import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { canTransition, type LifecycleAction } from '../../../schemas/lifecycle';
import type { OrderStatus } from '../../../schemas/order';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { loanOrder, orderStatusHistory } from '../order/order.table';

export type LoanOrderRow = typeof loanOrder.$inferSelect;
export type LoanOrderPatch = Partial<Omit<typeof loanOrder.$inferInsert, 'id' | 'status' | 'orderNo'>>;

export interface TransitionInput {
  orderId: number;
  action: LifecycleAction;
  to: OrderStatus;
  /** Staff account; null for the system (machine review, callbacks, jobs, the customer's app). */
  actorId: number | null;
  reason?: string;
  /** Other columns to change in the same update (stage, result, amounts, times). */
  patch?: LoanOrderPatch;
  /** When the caller knows the status it expects (what the user saw), a different one is refused. */
  expect?: OrderStatus | readonly OrderStatus[];
  /** Business time of the change (history row); system time stamps updated_at. */
  at: Date;
  /** Only orders of these merchants (the actor's scope); null = any. */
  merchantIds?: readonly number[] | null;
}

export function invalidTransition(from: OrderStatus | null, to: OrderStatus): AppError {
  return new AppError(CODE.INVALID_TRANSITION, 'lifecycle.invalidTransition', {
    from: from ? `@option.status.${from}` : '-', to: `@option.status.${to}`,
  });
}

/**
 * Moves one order along the lifecycle (src/schemas/lifecycle.ts): locks the row, checks the transition table,
 * updates with a guard on the status it read, and writes the history row, all in one transaction. A transition
 * the table does not allow — or an order that moved meanwhile — is refused with 42200 and nothing changes.
 */
export async function transitionOrder(db: DbOrTx, input: TransitionInput): Promise<LoanOrderRow> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select({ status: loanOrder.status, merchantId: loanOrder.merchantId }).from(loanOrder)
      .where(eq(loanOrder.id, input.orderId)).for('update');
    if (!cur || (input.merchantIds && !input.merchantIds.includes(cur.merchantId))) {
      throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@lifecycle.order` });
    }
    const from = cur.status as OrderStatus;
    const expected = input.expect === undefined ? null : ([] as OrderStatus[]).concat(input.expect as OrderStatus[]);
    if ((expected && !expected.includes(from)) || !canTransition(from, input.to, input.action)) throw invalidTransition(from, input.to);
    const [row] = await tx.update(loanOrder)
      .set({ ...input.patch, status: input.to, updatedAt: sql`now()` })
      .where(and(eq(loanOrder.id, input.orderId), eq(loanOrder.status, from)))
      .returning();
    if (!row) throw invalidTransition(from, input.to);
    await tx.insert(orderStatusHistory).values({
      orderId: input.orderId, merchantId: cur.merchantId, fromStatus: from, toStatus: input.to, accountId: input.actorId,
      reason: historyReason(input.action, input.reason), createdAt: input.at,
    });
    return row;
  });
}

/** The history keeps the action and the human reason: "reject: ID photo unreadable". */
function historyReason(action: LifecycleAction, reason?: string): string {
  return (reason ? `${action}: ${reason}` : action).slice(0, 200);
}

/** A new order's first history row (apply): the insert itself is the caller's. */
export async function recordCreation(db: DbOrTx, order: { id: number; merchantId: number; status: OrderStatus }, actorId: number | null, at: Date, reason = ''): Promise<void> {
  if (!canTransition(null, order.status, 'apply')) throw invalidTransition(null, order.status);
  await db.insert(orderStatusHistory).values({ orderId: order.id, merchantId: order.merchantId, fromStatus: null, toStatus: order.status, accountId: actorId, reason: historyReason('apply', reason), createdAt: at });
}
