import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { TransferView } from '../../../schemas/payment';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { paymentChannel, paymentEvent, paymentOrder, transfer } from './payment.table';
import { rowsOf } from '../../db/rows';

export type TransferRecord = typeof transfer.$inferSelect;
export type PaymentOrderRecord = typeof paymentOrder.$inferSelect;
export type ChannelRecord = typeof paymentChannel.$inferSelect;
/** Authorised merchants of the actor; null = all. */
export type MerchantScope = readonly number[] | null;


/**
 * The next id of a bigserial table, so that a human-readable number (TR…, PO…) can be derived from it in the same
 * insert: unique because the id is.
 */
export async function nextId(db: DbOrTx, table: 'transfer' | 'payment_order' | 'repayment' | 'extension'): Promise<number> {
  const r = await db.execute(sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id`);
  return Number(rowsOf<{ id: string }>(r)[0].id);
}

export const transferNo = (id: number, at: Date) => `TR${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;
export const paymentNo = (id: number, at: Date) => `PO${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;

export function scoped(merchantIds: MerchantScope, column: typeof transfer.merchantId | typeof paymentOrder.merchantId) {
  return merchantIds === null ? undefined : merchantIds.length ? inArray(column, [...merchantIds]) : sql`false`;
}

/** A transfer in the actor's scope, locked for the write (40400 when missing or another merchant's). */
export async function lockTransfer(tx: DbOrTx, id: number, merchantIds: MerchantScope): Promise<TransferRecord> {
  const [row] = await tx.select().from(transfer).where(and(eq(transfer.id, id), scoped(merchantIds, transfer.merchantId))).for('update');
  if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.transfer' });
  return row;
}

/** Refuses an action on a transfer that is not in one of the statuses it applies to (42200, nothing changes). */
export function expectTransfer(tr: TransferRecord, ...statuses: string[]): void {
  if (!statuses.includes(tr.status)) {
    throw new AppError(CODE.INVALID_TRANSITION, 'payment.transferState', { status: `@option.transfer_status.${tr.status}` });
  }
}

export async function usableChannel(db: DbOrTx, channelId: number | null): Promise<ChannelRecord | null> {
  if (channelId !== null) {
    const [ch] = await db.select().from(paymentChannel).where(eq(paymentChannel.id, channelId));
    return ch && ch.enabled ? ch : null;
  }
  const [def] = await db.select().from(paymentChannel).where(and(eq(paymentChannel.isDefault, true), eq(paymentChannel.enabled, true)))
    .orderBy(desc(paymentChannel.id)).limit(1);
  return def ?? null;
}

export interface EventInput {
  kind: 'request' | 'response' | 'callback' | 'query' | 'manual' | 'audit' | 'reverse';
  transfer: Pick<TransferRecord, 'id' | 'orderId' | 'merchantId'>;
  paymentOrderId?: number | null;
  status?: string;
  providerRef?: string;
  body?: unknown;
  accountId?: number | null;
  at: Date;
}

/** One payout record (orderRecord). */
export async function recordEvent(db: DbOrTx, e: EventInput): Promise<void> {
  await db.insert(paymentEvent).values({
    kind: e.kind, transferId: e.transfer.id, orderId: e.transfer.orderId, merchantId: e.transfer.merchantId,
    paymentOrderId: e.paymentOrderId ?? null, status: e.status ?? '', providerRef: (e.providerRef ?? '').slice(0, 64),
    body: (e.body ?? null) as never, accountId: e.accountId ?? null, createdAt: e.at,
  });
}

/** What a money action answers. */
export async function transferView(db: DbOrTx, id: number): Promise<TransferView> {
  const [tr] = await db.select().from(transfer).where(eq(transfer.id, id));
  const [po] = await db.select({ paymentNo: paymentOrder.paymentNo }).from(paymentOrder).where(eq(paymentOrder.transferId, id)).orderBy(desc(paymentOrder.id)).limit(1);
  return {
    transfer_id: tr.id, transfer_no: tr.transferNo, order_id: tr.orderId, status: tr.status as TransferView['status'],
    amount_minor: tr.amountMinor, fee_minor: tr.feeMinor, provider_ref: tr.providerRef, payment_no: po?.paymentNo ?? null,
  };
}
