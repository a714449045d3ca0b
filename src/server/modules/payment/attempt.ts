import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { loanOrder } from '../order/order.table';
import { paymentOrder, transfer } from './payment.table';
import { nextId, paymentNo, type ChannelRecord, type TransferRecord } from './records';

/**
 * Opens a new attempt of a transfer at a channel, in the caller's transaction: the payment order (in progress),
 * the transfer in progress at that channel, and the order's loan time (the payout is sent). The caller sends it with
 * `dispatch` once committed.
 */
export async function openAttempt(tx: DbOrTx, deps: Deps, tr: TransferRecord, channel: ChannelRecord, actorId: number | null): Promise<number> {
  const now = deps.now();
  const id = await nextId(tx, 'payment_order');
  await tx.insert(paymentOrder).values({
    id, paymentNo: paymentNo(id, deps.clock.now()), transferId: tr.id, orderId: tr.orderId, merchantId: tr.merchantId, channelId: channel.id,
    provider: channel.provider, currency: tr.currency, amountMinor: tr.amountMinor, status: 'in_progress', createdBy: actorId, createdAt: now, updatedAt: now,
  });
  await tx.update(transfer).set({
    status: 'in_progress', channelId: channel.id, attempts: sql`${transfer.attempts} + 1`, providerRef: '', failureReason: '', sentAt: now,
    completedAt: null, updatedAt: sql`now()`,
  }).where(eq(transfer.id, tr.id));
  await tx.update(loanOrder).set({ loanAt: deps.clock.now(), updatedAt: sql`now()` }).where(eq(loanOrder.id, tr.orderId));
  return id;
}
