import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { virtualListQuery, type virtualChannelBody, type virtualChannelEditBody, type VirtualChannelRow } from '../../../schemas/channel';
import type { DbOrTx } from '../../db/client';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { merchantInScope } from '../client/customer.service';
import { likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { virtualChannel } from './channelAdmin.table';
import { codeTaken } from './channels';
import { channelOfMerchant, conflictField, invalidField, notFoundWhat, scopedMerchant, type ChannelCtx } from './scope';

/**
 * /merchant/virtualChannel: aliases. An alias routes to a channel of its own merchant, or to another alias of that
 * merchant; following the chain always ends at a channel (a change that would close a loop is refused), within
 * MAX_HOPS steps.
 */
export const MAX_HOPS = 16;

type VirtualRecord = typeof virtualChannel.$inferSelect;

/**
 * The real channel at the end of an alias chain, in SQL (a recursive walk bounded by MAX_HOPS), for the list.
 */
const resolvedSql = sql<number | null>`(with recursive walk(id, target_channel_id, target_virtual_id, hops) as (
    select v.id, v.target_channel_id, v.target_virtual_id, 0 from ${virtualChannel} v where v.id = ${outer(virtualChannel.id)}
    union all
    select v.id, v.target_channel_id, v.target_virtual_id, w.hops + 1 from ${virtualChannel} v join walk w on v.id = w.target_virtual_id
    where w.hops < ${MAX_HOPS})
  select target_channel_id from walk where target_channel_id is not null limit 1)`;

export const virtualList = defineList({
  id: 'merchant.virtualChannel',
  permission: pageKey('merchant', 'virtualChannel'),
  from: virtualChannel,
  columns: {
    id: virtualChannel.id,
    merchant_id: virtualChannel.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(virtualChannel.merchantId)})`,
    code: virtualChannel.code,
    name: virtualChannel.name,
    target_channel_id: virtualChannel.targetChannelId,
    target_virtual_id: virtualChannel.targetVirtualId,
    resolved_channel_id: resolvedSql,
    target_name: sql<string | null>`coalesce((select c.code || ' · ' || c.name from ${channel} c where c.id = ${outer(virtualChannel.targetChannelId)}),
      (select t.code || ' · ' || t.name from ${virtualChannel} t where t.id = ${outer(virtualChannel.targetVirtualId)}))`,
    enabled: virtualChannel.enabled,
    note: virtualChannel.note,
    created_at: virtualChannel.createdAt,
  },
  filters: virtualListQuery,
  where: (f) => [
    f.merchant_id !== undefined ? eq(virtualChannel.merchantId, f.merchant_id) : undefined,
    f.target_channel_id !== undefined ? eq(virtualChannel.targetChannelId, f.target_channel_id) : undefined,
    f.keyword ? or(ilike(virtualChannel.code, `%${likeEscape(f.keyword)}%`), ilike(virtualChannel.name, `%${likeEscape(f.keyword)}%`)) : undefined,
  ],
  scope: merchantScope(virtualChannel.merchantId),
  sorts: { id: virtualChannel.id, created_at: virtualChannel.createdAt },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'code', title: 'channel.field.code' },
    { key: 'name', title: 'field.name' },
    { key: 'target_name', title: 'channel.field.target' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'note', title: 'field.note' },
  ],
});

const view = (v: VirtualRecord) => ({
  id: v.id, merchant_id: v.merchantId, code: v.code, name: v.name, target_channel_id: v.targetChannelId, target_virtual_id: v.targetVirtualId,
  enabled: v.enabled, note: v.note,
});

async function scopedVirtual(db: DbOrTx, ctx: ChannelCtx, id: number): Promise<VirtualRecord> {
  const [v] = await db.select().from(virtualChannel).where(eq(virtualChannel.id, id));
  if (!v || !merchantInScope(ctx.actor, v.merchantId)) throw notFoundWhat('virtualChannel');
  return v;
}

/**
 * Checks the target of an alias `selfId` (null for a new one) of `merchantId`: exactly one target, of the same
 * merchant, and — for an alias target — a chain that ends at a channel without coming back to `selfId`.
 */
async function checkTarget(db: DbOrTx, ctx: ChannelCtx, merchantId: number, selfId: number | null, t: { target_channel_id?: number | null; target_virtual_id?: number | null }): Promise<void> {
  const hasC = t.target_channel_id != null;
  const hasV = t.target_virtual_id != null;
  if (hasC === hasV) throw invalidField('target_channel_id', 'channel.oneTarget');
  if (hasC) {
    await channelOfMerchant(db, ctx.actor, t.target_channel_id!, merchantId, 'target_channel_id');
    return;
  }
  let cur: number | null = t.target_virtual_id!;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (cur === selfId) throw invalidField('target_virtual_id', 'channel.aliasCycle');
    const [v]: VirtualRecord[] = await db.select().from(virtualChannel).where(eq(virtualChannel.id, cur!));
    if (!v || v.merchantId !== merchantId || !merchantInScope(ctx.actor, v.merchantId)) throw invalidField('target_virtual_id', 'channel.channelNotOfMerchant');
    if (v.targetChannelId !== null) return;
    cur = v.targetVirtualId;
  }
  throw invalidField('target_virtual_id', 'channel.aliasTooDeep', { max: MAX_HOPS });
}

/** Serialises alias writes of a merchant, so that two edits cannot close a loop between them. */
async function lockMerchant(tx: DbOrTx, merchantId: number): Promise<void> {
  await tx.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId)).for('update');
}

export async function addVirtual(ctx: ChannelCtx, body: z.infer<typeof virtualChannelBody>) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, body.merchant_id);
    await checkTarget(tx, ctx, body.merchant_id, null, body);
    if (await codeTaken(tx, body.code)) throw conflictField('code', 'channel.codeTaken', { code: body.code });
    const now = deps.now();
    const [v] = await tx.insert(virtualChannel).values({
      merchantId: body.merchant_id, code: body.code, name: body.name, targetChannelId: body.target_channel_id ?? null,
      targetVirtualId: body.target_virtual_id ?? null, enabled: body.enabled, note: body.note, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(tx, req, { action: 'merchant.virtualChannel.add', targetType: 'virtual_channel', targetId: v.id, after: view(v) });
    return view(v);
  });
}

export async function editVirtual(ctx: ChannelCtx, body: z.infer<typeof virtualChannelEditBody>) {
  const { deps, req } = ctx;
  const found = await scopedVirtual(deps.db, ctx, body.id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, found.merchantId);
    const before = await scopedVirtual(tx, ctx, body.id);
    await checkTarget(tx, ctx, before.merchantId, before.id, body);
    const [v] = await tx.update(virtualChannel).set({
      name: body.name, targetChannelId: body.target_channel_id ?? null, targetVirtualId: body.target_virtual_id ?? null, enabled: body.enabled,
      note: body.note, updatedAt: deps.now(),
    }).where(eq(virtualChannel.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.virtualChannel.edit', targetType: 'virtual_channel', targetId: v.id, before: view(before), after: view(v) });
    return view(v);
  });
}

/** Deletes an alias no other alias routes to (40900 naming them otherwise). */
export async function deleteVirtual(ctx: ChannelCtx, id: number) {
  const { deps, req } = ctx;
  const found = await scopedVirtual(deps.db, ctx, id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, found.merchantId);
    const users = await tx.select({ code: virtualChannel.code }).from(virtualChannel).where(eq(virtualChannel.targetVirtualId, id)).limit(5);
    if (users.length) throw conflictField('id', 'channel.aliasInUse', { codes: users.map((u) => u.code).join(', ') });
    await tx.delete(virtualChannel).where(eq(virtualChannel.id, id));
    await writeOpLog(tx, req, { action: 'merchant.virtualChannel.del', targetType: 'virtual_channel', targetId: id, before: view(found) });
    return null;
  });
}

/**
 * The channel a registration code stands for, among `merchantIds` (the merchants of the calling app): an enabled
 * channel with that code, or an enabled alias whose chain of enabled aliases ends at an enabled channel of the same
 * merchant. Null when the code is unknown there. Intake calls this instead of reading `channel.code` itself.
 */
export async function resolveChannelCode(db: DbOrTx, merchantIds: number[], code: string): Promise<{ channelId: number; merchantId: number; virtualId: number | null } | null> {
  if (!merchantIds.length) return null;
  const [c] = await db.select({ id: channel.id, merchantId: channel.merchantId }).from(channel)
    .where(and(eq(channel.code, code), inArray(channel.merchantId, merchantIds), eq(channel.enabled, true))).limit(1);
  if (c) return { channelId: c.id, merchantId: c.merchantId, virtualId: null };
  const [alias] = await db.select().from(virtualChannel)
    .where(and(eq(virtualChannel.code, code), inArray(virtualChannel.merchantId, merchantIds), eq(virtualChannel.enabled, true))).limit(1);
  if (!alias) return null;
  let cur: VirtualRecord = alias;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (cur.targetChannelId !== null) {
      const [t] = await db.select({ id: channel.id, merchantId: channel.merchantId, enabled: channel.enabled }).from(channel).where(eq(channel.id, cur.targetChannelId));
      return t && t.enabled && t.merchantId === alias.merchantId ? { channelId: t.id, merchantId: t.merchantId, virtualId: alias.id } : null;
    }
    const [next]: VirtualRecord[] = await db.select().from(virtualChannel).where(eq(virtualChannel.id, cur.targetVirtualId!));
    if (!next || !next.enabled || next.merchantId !== alias.merchantId) return null;
    cur = next;
  }
  return null;
}

export type { VirtualChannelRow };
