import type { OrderStatus } from '../../../schemas/order';
import type { DbOrTx } from '../../db/client';

/**
 * Which manual stages an order goes through (returning customers may skip stages by rule).
 * CONTRACT (owned by the review area): the status an order moves to when it passes `from`
 * (machine_review / reloan / a review status): the next stage that applies, or 'withdrawal' when none is left.
 */
export async function nextReviewStatus(_db: DbOrTx, order: { merchantId: number; isReturning: boolean }, from: OrderStatus): Promise<OrderStatus> {
  // Default until the review flow rules exist: every stage, in order.
  const chain: OrderStatus[] = ['machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal'];
  const at = from === 'reloan' ? 0 : chain.indexOf(from);
  void order;
  return chain[Math.max(at, 0) + 1] ?? 'withdrawal';
}
