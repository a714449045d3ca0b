import { and, eq, inArray } from 'drizzle-orm';
import { CLAIM_ORDER_STATUSES, CLAIM_QUEUE } from '../../../schemas/customer';
import type { DbOrTx } from '../../db/client';
import { loanOrder } from '../order/order.table';
import { finishCustomerTasks } from '../task/task';

/**
 * A customer claim (/client/clientUserCollection) ends when the customer owes nothing any more: called by the
 * repayment side when an order settles, inside its transaction. A later loan starts unclaimed.
 */
export async function endClaimIfRepaid(tx: DbOrTx, customerId: number, at: Date): Promise<void> {
  const [open] = await tx.select({ id: loanOrder.id }).from(loanOrder)
    .where(and(eq(loanOrder.customerId, customerId), inArray(loanOrder.status, [...CLAIM_ORDER_STATUSES]))).limit(1);
  if (open) return;
  await finishCustomerTasks(tx, { customerId, queues: [CLAIM_QUEUE], at });
}
