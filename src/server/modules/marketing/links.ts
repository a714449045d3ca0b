import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { landingListQuery, linkListQuery, type landingBody, type landingEditBody, type linkBody, type linkEditBody } from '../../../schemas/marketing';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUniqueViolation } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { loanOrder } from '../order/order.table';
import { marketingEntry, marketingLanding, marketingLink } from './marketing.table';
import { agentOf, invalidField, mayReach, notFound, scopedMerchant, type MarketingCtx } from './scope';

/**
 * H5UrlList and promotionLinkList (docs/marketing.md "Promotion"): landing pages per channel from templates, and short
 * promotion links per channel and agent. /p/<code> is public: it counts the click (once per address and link in
 * CLICK_RULES.dedupeMs, the address limited to CLICK_RULES.perMinute requests) and redirects to the landing page.
 */

export const CLICK_RULES = { perMinute: 60, dedupeMs: 10 * 60_000 };

const channelName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select c.name from ${channel} c where c.id = ${outer(col)})`;

export const landingList = defineList({
  id: 'marketing.H5UrlList',
  permission: pageKey('Marketing', 'H5UrlList'),
  from: marketingLanding,
  columns: {
    id: marketingLanding.id,
    merchant_id: marketingLanding.merchantId,
    channel_id: marketingLanding.channelId,
    channel_name: channelName(marketingLanding.channelId),
    template: marketingLanding.template,
    title: marketingLanding.title,
    url: marketingLanding.url,
    enabled: marketingLanding.enabled,
    links: sql<number>`(select count(*)::int from ${marketingLink} l where l.landing_id = ${outer(marketingLanding.id)})`,
    created_at: marketingLanding.createdAt,
  },
  filters: landingListQuery,
  scope: merchantScope(marketingLanding.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(marketingLanding.merchantId, f.merchant_id) : undefined,
    f.channel_id !== undefined ? eq(marketingLanding.channelId, f.channel_id) : undefined,
    f.template !== undefined ? eq(marketingLanding.template, f.template) : undefined,
    f.enabled !== undefined ? eq(marketingLanding.enabled, f.enabled) : undefined,
  ],
  sorts: { id: marketingLanding.id },
  defaultSort: 'id:desc',
  exportColumns: [
    { key: 'channel_name', title: 'marketing.field.channel' },
    { key: 'template', title: 'marketing.field.template' },
    { key: 'title', title: 'marketing.field.title' },
    { key: 'url', title: 'marketing.field.url' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

/** Numbers the link was sent to that registered, and of those, the ones that applied after registering. */
const registrations = sql<number>`(select count(*)::int from ${marketingEntry} e where e.link_id = ${outer(marketingLink.id)} and e.customer_id is not null)`;
const applications = sql<number>`(select count(*)::int from ${marketingEntry} e where e.link_id = ${outer(marketingLink.id)} and e.customer_id is not null
  and exists (select 1 from ${loanOrder} o where o.customer_id = e.customer_id and o.created_at >= e.registered_at))`;

export const linkList = defineList({
  id: 'marketing.promotionLinkList',
  permission: pageKey('Marketing', 'promotionLinkList'),
  from: marketingLink,
  columns: {
    id: marketingLink.id,
    merchant_id: marketingLink.merchantId,
    channel_id: marketingLink.channelId,
    channel_name: channelName(marketingLink.channelId),
    landing_id: marketingLink.landingId,
    agent_id: marketingLink.agentId,
    agent_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(marketingLink.agentId)})`,
    code: marketingLink.code,
    target_url: marketingLink.targetUrl,
    enabled: marketingLink.enabled,
    clicks: marketingLink.clicks,
    registrations,
    applications,
    created_at: marketingLink.createdAt,
  },
  filters: linkListQuery,
  scope: merchantScope(marketingLink.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(marketingLink.merchantId, f.merchant_id) : undefined,
    f.channel_id !== undefined ? eq(marketingLink.channelId, f.channel_id) : undefined,
    f.agent_id !== undefined ? eq(marketingLink.agentId, f.agent_id) : undefined,
    f.code ? eq(marketingLink.code, f.code) : undefined,
  ],
  sorts: { id: marketingLink.id, clicks: marketingLink.clicks },
  defaultSort: 'id:desc',
  map: (r) => ({ ...r, short_url: `/p/${r.code}` }),
  exportColumns: [
    { key: 'code', title: 'marketing.field.code' },
    { key: 'short_url', title: 'marketing.field.short_url' },
    { key: 'channel_name', title: 'marketing.field.channel' },
    { key: 'agent_name', title: 'marketing.field.agent' },
    { key: 'target_url', title: 'marketing.field.url' },
    { key: 'clicks', title: 'marketing.field.clicks' },
    { key: 'registrations', title: 'marketing.field.registered' },
    { key: 'applications', title: 'marketing.field.applied' },
  ],
});

// ------------------------------------------------------------------------------------------------ writes

async function channelOf(db: DbOrTx, merchantId: number, channelId: number) {
  const [c] = await db.select().from(channel).where(eq(channel.id, channelId));
  if (!c || c.merchantId !== merchantId) throw invalidField('channel_id', 'marketing.channelNotOfMerchant');
  return c;
}

type LandingDb = typeof marketingLanding.$inferSelect;
const landingView = (l: LandingDb) => ({ id: l.id, merchant_id: l.merchantId, channel_id: l.channelId, template: l.template, title: l.title, url: l.url, enabled: l.enabled });

export async function addLanding(ctx: MarketingCtx, body: z.infer<typeof landingBody>) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  await channelOf(deps.db, body.merchant_id, body.channel_id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [l] = await tx.insert(marketingLanding).values({
      merchantId: body.merchant_id, channelId: body.channel_id, template: body.template, title: body.title, url: body.url, enabled: body.enabled, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(tx, req, { action: 'marketing.h5.add', targetType: 'marketing_landing', targetId: l.id, after: landingView(l) });
    return landingView(l);
  });
}

export async function editLanding(ctx: MarketingCtx, body: z.infer<typeof landingEditBody>) {
  const { deps, req, actor } = ctx;
  const [before] = await deps.db.select().from(marketingLanding).where(eq(marketingLanding.id, body.id));
  if (!before || !mayReach(actor, before.merchantId)) throw notFound('landing');
  await channelOf(deps.db, before.merchantId, body.channel_id);
  return deps.db.transaction(async (tx) => {
    const [l] = await tx.update(marketingLanding).set({ channelId: body.channel_id, template: body.template, title: body.title, url: body.url, enabled: body.enabled, updatedAt: deps.clock.now() })
      .where(eq(marketingLanding.id, body.id)).returning();
    await writeOpLog(tx, req, { action: 'marketing.h5.edit', targetType: 'marketing_landing', targetId: l.id, before: landingView(before), after: landingView(l) });
    return landingView(l);
  });
}

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCode(len = 8): string {
  const bytes = crypto.randomBytes(len);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

function withParams(base: string, ch: string, code: string): string {
  const u = new URL(base);
  u.searchParams.set('ch', ch);
  u.searchParams.set('pc', code);
  return u.toString().slice(0, 400);
}

type LinkDb = typeof marketingLink.$inferSelect;
const linkView = (l: LinkDb) => ({ id: l.id, merchant_id: l.merchantId, channel_id: l.channelId, landing_id: l.landingId, agent_id: l.agentId, code: l.code, target_url: l.targetUrl, enabled: l.enabled });

async function landingFor(db: DbOrTx, merchantId: number, channelId: number, landingId: number | null | undefined) {
  if (landingId == null) return null;
  const [l] = await db.select().from(marketingLanding).where(eq(marketingLanding.id, landingId));
  if (!l || l.merchantId !== merchantId || l.channelId !== channelId) throw invalidField('landing_id', 'marketing.landingNotOfChannel');
  return l;
}

async function checkAgent(db: DbOrTx, merchantId: number, agentId: number | null | undefined) {
  if (agentId == null) return;
  if (!(await agentOf(db, merchantId, agentId))) throw invalidField('agent_id', 'marketing.notAgent', { ids: String(agentId) });
}

export async function addLink(ctx: MarketingCtx, body: z.infer<typeof linkBody>) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  const ch = await channelOf(deps.db, body.merchant_id, body.channel_id);
  const landing = await landingFor(deps.db, body.merchant_id, body.channel_id, body.landing_id);
  await checkAgent(deps.db, body.merchant_id, body.agent_id);
  const base = landing?.url ?? body.target_url ?? ch.promotionUrl;
  if (!base) throw invalidField('target_url', 'validation.required');
  const now = deps.clock.now();
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    try {
      return await deps.db.transaction(async (tx) => {
        const [l] = await tx.insert(marketingLink).values({
          merchantId: body.merchant_id, channelId: body.channel_id, landingId: landing?.id ?? null, agentId: body.agent_id ?? null, code,
          targetUrl: withParams(base, ch.code, code), enabled: body.enabled, createdAt: now, updatedAt: now,
        }).returning();
        await writeOpLog(tx, req, { action: 'marketing.link.add', targetType: 'marketing_link', targetId: l.id, after: linkView(l) });
        return linkView(l);
      });
    } catch (err) {
      // A code already taken (1 in 10^13 per link): draw again.
      if (!isUniqueViolation(err, 'marketing_link_code_uq') || attempt >= 3) throw err;
    }
  }
}

export async function editLink(ctx: MarketingCtx, body: z.infer<typeof linkEditBody>) {
  const { deps, req, actor } = ctx;
  const [before] = await deps.db.select().from(marketingLink).where(eq(marketingLink.id, body.id));
  if (!before || !mayReach(actor, before.merchantId)) throw notFound('link');
  const landing = body.landing_id === undefined ? undefined : await landingFor(deps.db, before.merchantId, before.channelId, body.landing_id);
  if (body.agent_id !== undefined) await checkAgent(deps.db, before.merchantId, body.agent_id);
  const [ch] = await deps.db.select().from(channel).where(eq(channel.id, before.channelId));
  return deps.db.transaction(async (tx) => {
    const [l] = await tx.update(marketingLink).set({
      enabled: body.enabled,
      ...(body.agent_id !== undefined ? { agentId: body.agent_id } : {}),
      ...(landing ? { landingId: landing.id, targetUrl: withParams(landing.url, ch?.code ?? '', before.code) } : {}),
      ...(landing === null ? { landingId: null } : {}),
      updatedAt: deps.clock.now(),
    }).where(eq(marketingLink.id, body.id)).returning();
    await writeOpLog(tx, req, { action: 'marketing.link.edit', targetType: 'marketing_link', targetId: l.id, before: linkView(before), after: linkView(l) });
    return linkView(l);
  });
}

// ------------------------------------------------------------------------------------------------ the public redirect

const perIp = new Map<string, { windowStart: number; n: number }>();
const seen = new Map<string, number>();

function prune(now: number) {
  if (seen.size < 50_000 && perIp.size < 50_000) return;
  for (const [k, at] of seen) if (now - at > CLICK_RULES.dedupeMs) seen.delete(k);
  for (const [k, w] of perIp) if (now - w.windowStart > 60_000) perIp.delete(k);
}

/** GET /p/<code>: counts the click and redirects; an unknown or disabled link is 40400, a flood from one address 42900. */
export async function followLink(deps: Deps, req: FastifyRequest, reply: FastifyReply, code: string) {
  const now = Date.now();
  prune(now);
  const w = perIp.get(req.ip);
  if (!w || now - w.windowStart > 60_000) perIp.set(req.ip, { windowStart: now, n: 1 });
  else if (++w.n > CLICK_RULES.perMinute) throw new AppError(CODE.THROTTLED, 'marketing.tooManyClicks', {}, 429);
  const [l] = await deps.db.select().from(marketingLink).where(eq(marketingLink.code, code));
  if (!l || !l.enabled) throw notFound('link');
  const key = `${req.ip}|${code}`;
  const last = seen.get(key);
  if (last === undefined || now - last > CLICK_RULES.dedupeMs) {
    seen.set(key, now);
    await deps.db.update(marketingLink).set({ clicks: sql`${marketingLink.clicks} + 1`, lastClickAt: deps.clock.now() }).where(and(eq(marketingLink.id, l.id)));
  }
  return reply.header('cache-control', 'no-store').redirect(l.targetUrl, 302);
}

/** Test hook: forget the click memory. */
export function resetClickMemory(): void {
  perIp.clear();
  seen.clear();
}
