import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import {
  deliveryListQuery, providerListQuery, type AttemptRow, type channelProviderBody, type channelProviderEditBody, type ChannelProviderRow,
  type ChannelProviderSecret,
} from '../../../schemas/channel';
import type { DbOrTx } from '../../db/client';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { merchantInScope } from '../client/customer.service';
import { sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { channelConversion, channelDeliveryAttempt, channelProvider } from './channelAdmin.table';
import { urlProblem } from './outbound';
import { conflictField, invalidField, notFoundWhat, scopedMerchant, type ChannelCtx } from './scope';

/**
 * /merchant/channelProvider: the tracking providers of a merchant and the deliveries of their conversion events.
 * The provider's signing secret is made by the server, shown once (create, rotate) and kept sealed.
 */

type ProviderRecord = typeof channelProvider.$inferSelect;
const PAGE = pageKey('merchant', 'channelProvider');

const countOf = (status: string) =>
  sql<number>`(select count(*)::int from ${channelConversion} cv where cv.provider_id = ${outer(channelProvider.id)} and cv.status = ${status})`;

export const providerList = defineList({
  id: 'merchant.channelProvider',
  permission: PAGE,
  from: channelProvider,
  columns: {
    id: channelProvider.id,
    merchant_id: channelProvider.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(channelProvider.merchantId)})`,
    name: channelProvider.name,
    kind: channelProvider.kind,
    url: channelProvider.url,
    secret_hint: channelProvider.secretHint,
    events: channelProvider.events,
    channel_ids: channelProvider.channelIds,
    failure_rate: channelProvider.failureRate,
    timeout_ms: channelProvider.timeoutMs,
    max_attempts: channelProvider.maxAttempts,
    enabled: channelProvider.enabled,
    pending: countOf('pending'),
    delivered: countOf('delivered'),
    failed: countOf('failed'),
    created_at: channelProvider.createdAt,
  },
  filters: providerListQuery,
  where: (f) => [
    f.merchant_id !== undefined ? eq(channelProvider.merchantId, f.merchant_id) : undefined,
    f.kind ? eq(channelProvider.kind, f.kind) : undefined,
    f.enabled !== undefined ? eq(channelProvider.enabled, f.enabled) : undefined,
  ],
  scope: merchantScope(channelProvider.merchantId),
  sorts: { id: channelProvider.id, created_at: channelProvider.createdAt },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'kind', title: 'field.kind' },
    { key: 'url', title: 'channel.field.url' },
    { key: 'events', title: 'channel.field.events', value: (r) => ((r.events ?? []) as string[]).join(', ') },
    { key: 'delivered', title: 'channel.delivered' },
    { key: 'failed', title: 'channel.failed' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

export const deliveryList = defineList({
  id: 'merchant.channelProvider.deliveries',
  permission: PAGE,
  from: channelConversion,
  columns: {
    id: channelConversion.id,
    provider_id: channelConversion.providerId,
    provider_name: sql<string | null>`(select p.name from ${channelProvider} p where p.id = ${outer(channelConversion.providerId)})`,
    merchant_id: channelConversion.merchantId,
    channel_id: channelConversion.channelId,
    channel_code: sql<string | null>`(select c.code from ${channel} c where c.id = ${outer(channelConversion.channelId)})`,
    kind: channelConversion.kind,
    customer_id: channelConversion.customerId,
    order_id: channelConversion.orderId,
    occurred_at: channelConversion.occurredAt,
    status: channelConversion.status,
    attempts: channelConversion.attempts,
    next_attempt_at: channelConversion.nextAttemptAt,
    last_code: channelConversion.lastCode,
    delivered_at: channelConversion.deliveredAt,
    created_at: channelConversion.createdAt,
  },
  filters: deliveryListQuery,
  where: (f) => [
    f.provider_id !== undefined ? eq(channelConversion.providerId, f.provider_id) : undefined,
    f.merchant_id !== undefined ? eq(channelConversion.merchantId, f.merchant_id) : undefined,
    f.channel_id !== undefined ? eq(channelConversion.channelId, f.channel_id) : undefined,
    f.kind ? eq(channelConversion.kind, f.kind) : undefined,
    f.state ? eq(channelConversion.status, f.state) : undefined,
  ],
  scope: merchantScope(channelConversion.merchantId),
  sorts: { created_at: channelConversion.createdAt, id: channelConversion.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'provider_name', title: 'channel.field.provider' },
    { key: 'channel_code', title: 'field.channel_id' },
    { key: 'kind', title: 'field.kind' },
    { key: 'customer_id', title: 'field.customer_id' },
    { key: 'order_id', title: 'field.order_id' },
    { key: 'occurred_at', title: 'channel.field.occurred_at' },
    { key: 'status', title: 'field.status' },
    { key: 'attempts', title: 'field.attempts' },
    { key: 'last_code', title: 'channel.field.last_code' },
  ],
});

const newProviderSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;

function rowOf(p: ProviderRecord, counts = { pending: 0, delivered: 0, failed: 0 }, merchantName: string | null = null): ChannelProviderRow {
  return {
    id: p.id, merchant_id: p.merchantId, merchant_name: merchantName, name: p.name, kind: p.kind, url: p.url, secret_hint: p.secretHint,
    events: p.events, channel_ids: p.channelIds, failure_rate: p.failureRate, timeout_ms: p.timeoutMs, max_attempts: p.maxAttempts,
    enabled: p.enabled, ...counts, created_at: p.createdAt.toISOString(),
  };
}
const logView = (p: ProviderRecord) => {
  const { secret_hint: _h, ...rest } = rowOf(p);
  return rest;
};

async function scopedProvider(db: DbOrTx, ctx: ChannelCtx, id: number): Promise<ProviderRecord> {
  const [p] = await db.select().from(channelProvider).where(eq(channelProvider.id, id));
  if (!p || !merchantInScope(ctx.actor, p.merchantId)) throw notFoundWhat('provider');
  return p;
}

type Settings = Omit<z.infer<typeof channelProviderEditBody>, 'id'>;

/** http needs a public URL; the sandbox takes none. Channels must be the merchant's. */
async function checkSettings(db: DbOrTx, merchantId: number, kind: string, s: Settings): Promise<void> {
  if (kind === 'http') {
    if (!s.url) throw invalidField('url', 'validation.required');
    const problem = urlProblem(s.url);
    if (problem) throw invalidField('url', problem);
  } else if (s.url) {
    throw invalidField('url', 'channel.sandboxNoUrl');
  }
  if (kind !== 'sandbox' && s.failure_rate) throw invalidField('failure_rate', 'channel.sandboxOnly');
  const ids = [...new Set(s.channel_ids)];
  if (ids.length) {
    const found = await db.select({ id: channel.id }).from(channel).where(and(inArray(channel.id, ids), eq(channel.merchantId, merchantId)));
    if (found.length !== ids.length) throw invalidField('channel_ids', 'channel.channelNotOfMerchant');
  }
}

const values = (s: Settings) => ({
  name: s.name, url: s.url, events: [...new Set(s.events)], channelIds: [...new Set(s.channel_ids)].sort((a, b) => a - b), failureRate: s.failure_rate,
  timeoutMs: s.timeout_ms, maxAttempts: s.max_attempts, enabled: s.enabled,
});

export async function addProvider(ctx: ChannelCtx, body: z.infer<typeof channelProviderBody>): Promise<ChannelProviderSecret> {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  await checkSettings(deps.db, body.merchant_id, body.kind, body);
  const secret = newProviderSecret();
  const sealed = await sealSecret(deps.db, secret);
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [p] = await tx.insert(channelProvider).values({
      merchantId: body.merchant_id, kind: body.kind, ...values(body), secretSealed: sealed, secretHint: secretHint(secret),
      createdBy: actor.accountId, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(tx, req, { action: 'merchant.channelProvider.add', targetType: 'channel_provider', targetId: p.id, after: logView(p) });
    return { row: rowOf(p), secret };
  });
}

export async function editProvider(ctx: ChannelCtx, body: z.infer<typeof channelProviderEditBody>): Promise<ChannelProviderRow> {
  const { deps, req } = ctx;
  const found = await scopedProvider(deps.db, ctx, body.id);
  await checkSettings(deps.db, found.merchantId, found.kind, body);
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.update(channelProvider).set({ ...values(body), updatedAt: deps.now() }).where(eq(channelProvider.id, found.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.channelProvider.edit', targetType: 'channel_provider', targetId: p.id, before: logView(found), after: logView(p) });
    return rowOf(p);
  });
}

/** A new signing secret, in force at once (events still queued are signed with it when they are sent). */
export async function rotateProvider(ctx: ChannelCtx, id: number): Promise<ChannelProviderSecret> {
  const { deps, req } = ctx;
  const found = await scopedProvider(deps.db, ctx, id);
  const secret = newProviderSecret();
  const sealed = await sealSecret(deps.db, secret);
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.update(channelProvider).set({ secretSealed: sealed, secretHint: secretHint(secret), updatedAt: deps.now() })
      .where(eq(channelProvider.id, found.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.channelProvider.rotate', targetType: 'channel_provider', targetId: p.id, before: logView(found), after: logView(p) });
    return { row: rowOf(p), secret };
  });
}

/** Deletes a provider that never received an event; one with history is disabled instead (40900). */
export async function deleteProvider(ctx: ChannelCtx, id: number) {
  const { deps, req } = ctx;
  const found = await scopedProvider(deps.db, ctx, id);
  return deps.db.transaction(async (tx) => {
    const [used] = await tx.select({ id: channelConversion.id }).from(channelConversion).where(eq(channelConversion.providerId, id)).limit(1);
    if (used) throw conflictField('id', 'channel.providerHasEvents');
    await tx.delete(channelProvider).where(eq(channelProvider.id, id));
    await writeOpLog(tx, req, { action: 'merchant.channelProvider.del', targetType: 'channel_provider', targetId: id, before: logView(found) });
    return null;
  });
}

async function scopedConversion(db: DbOrTx, ctx: ChannelCtx, id: number) {
  const [cv] = await db.select().from(channelConversion).where(eq(channelConversion.id, id));
  if (!cv || !merchantInScope(ctx.actor, cv.merchantId)) throw notFoundWhat('delivery');
  return cv;
}

/** Every attempt of one delivery, first to last. */
export async function attemptsOf(db: DbOrTx, ctx: ChannelCtx, conversionId: number): Promise<AttemptRow[]> {
  await scopedConversion(db, ctx, conversionId);
  const rows = await db.select().from(channelDeliveryAttempt).where(eq(channelDeliveryAttempt.conversionId, conversionId)).orderBy(asc(channelDeliveryAttempt.id));
  return rows.map((a) => ({ id: a.id, attempt: a.attempt, status: a.status, response_code: a.responseCode, error: a.error, duration_ms: a.durationMs, at: a.at.toISOString() }));
}

/** Sends a failed event once more, now (its attempts keep their numbers in the log). A delivered event stays delivered (40000). */
export async function retryDelivery(ctx: ChannelCtx, id: number) {
  const { deps, req } = ctx;
  const cv = await scopedConversion(deps.db, ctx, id);
  if (cv.status !== 'failed') throw invalidField('id', 'channel.retryOnlyFailed');
  return deps.db.transaction(async (tx) => {
    const [after] = await tx.update(channelConversion).set({ status: 'pending', nextAttemptAt: deps.now() })
      .where(and(eq(channelConversion.id, id), eq(channelConversion.status, 'failed'))).returning();
    if (!after) throw invalidField('id', 'channel.retryOnlyFailed');
    await writeOpLog(tx, req, { action: 'merchant.channelProvider.retry', targetType: 'channel_conversion', targetId: id, before: { status: cv.status, attempts: cv.attempts }, after: { status: 'pending' } });
    return { id, status: after.status };
  });
}
