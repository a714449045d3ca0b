import type { Deps } from '../../deps';

export interface TransferView {
  transfer_id: number;
  order_id: number;
  /** pending_review | in_progress | success | failure (spec §4 "Transfer") */
  status: string;
  amount_minor: number;
  provider_ref: string;
}

/**
 * CONTRACT (owned by the payment area). The customer (auto) or staff (manual) confirms the withdrawal of an order in
 * `withdrawal`: money is frozen on the merchant's ledger, the order moves to `disbursing`, a transfer is created
 * (pending review when the merchant's payment config asks for transfer audit, else sent to the payment channel).
 * Idempotent by key (withIdempotency, scope 'withdrawal.confirm').
 */
export async function confirmWithdrawal(_deps: Deps, _input: {
  orderId: number; actorId: number | null; withdrawalType: 'auto' | 'manual'; idempotencyKey: string; merchantIds?: readonly number[] | null;
}): Promise<TransferView> {
  throw new Error('confirmWithdrawal: not implemented yet');
}
