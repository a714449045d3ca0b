import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { merchantInScope } from '../client/customer.service';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';

/** What every write of the area gets: the dependencies, the request (operation log) and the signed-in actor. */
export interface ChannelCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

/** 40400 naming the thing; another merchant's rows answer the same as missing ones (no probing of ids). */
export const notFoundWhat = (what: string) => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@channel.what.${what}` });

/** 40000 on one field, so the form marks it. */
export const invalidField = (path: string, messageId: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, messageId, values, 200, [{ path, id: messageId, values }]);

export const conflictField = (path: string, messageId: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.CONFLICT, messageId, values, 200, [{ path, id: messageId, values }]);

export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number, path = 'merchant_id'): Promise<void> {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !merchantInScope(actor, merchantId)) throw invalidField(path, 'channel.merchantUnknown');
}

export type ChannelRecord = typeof channel.$inferSelect;

/** A channel the actor may manage; 40400 otherwise. */
export async function scopedChannel(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<ChannelRecord> {
  const q = db.select().from(channel).where(eq(channel.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !merchantInScope(actor, row.merchantId)) throw notFoundWhat('channel');
  return row;
}

/** A channel named in a body: it must exist in the actor's scope and belong to `merchantId` (40000 on `path`). */
export async function channelOfMerchant(db: DbOrTx, actor: Actor, id: number, merchantId: number, path: string): Promise<ChannelRecord> {
  const [row] = await db.select().from(channel).where(eq(channel.id, id));
  if (!row || !merchantInScope(actor, row.merchantId) || row.merchantId !== merchantId) throw invalidField(path, 'channel.channelNotOfMerchant');
  return row;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
