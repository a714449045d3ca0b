import type { OrderStatus } from '../../../schemas/order';
import type { Deps } from '../../deps';

export interface MachineReviewResult {
  result: 'approved' | 'rejected';
  score: number;
  /** The order's status after machine review. */
  status: OrderStatus;
}

/**
 * CONTRACT (owned by the scoring area): runs the scoring rules on an order in pending_review or reloan: moves it
 * to machine_review, evaluates every enabled rule of its merchant, stores the per-rule breakdown, and moves it on
 * (nextReviewStatus) or to closed (machine_reject), all through transitionOrder.
 */
export async function runMachineReview(_deps: Deps, _orderId: number): Promise<MachineReviewResult> {
  throw new Error('runMachineReview: not implemented yet');
}
