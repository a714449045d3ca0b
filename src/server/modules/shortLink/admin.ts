import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CODE } from '../../../schemas/common';
import type {
  domainAddBody, domainEditBody, linkAddBody, providerAddBody, providerEditBody, ProviderTestResult, useAddBody, useEditBody,
} from '../../../schemas/shortLink';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { createShortLink } from './links';
import { ADAPTERS } from './providers';
import { shortLink, shortLinkDomain, shortLinkProvider, shortLinkUse } from './shortLink.table';

/**
 * Writes of the short-link screens (docs/shortLink.md). Domains and providers are platform resources: only an
 * unscoped account (admin_y) changes them. LinkUseChannel rows of a merchant are changed by accounts of that
 * merchant; the platform rows (no merchant) only by an unscoped account. Links are made for a merchant in scope.
 */
export interface SlCtx { deps: Deps; req: FastifyRequest; actor: Actor }

const field = (path: string, id: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, id, values, 200, [{ path, id, values }]);
const platformOnly = () => new AppError(CODE.FORBIDDEN, 'shortLink.platformOnly');
export const mayReach = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

function requirePlatform(actor: Actor) {
  if (!isUnscoped(actor)) throw platformOnly();
}

async function merchantInScope(db: DbOrTx, actor: Actor, merchantId: number) {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !mayReach(actor, merchantId)) throw field('merchant_id', 'error.notFound', { what: '@shortLink.what.merchant' });
}

// ------------------------------------------------------------------------------------------------ domains

export async function addDomain(ctx: SlCtx, b: z.infer<typeof domainAddBody>) {
  requirePlatform(ctx.actor);
  const now = ctx.deps.now();
  try {
    const [row] = await ctx.deps.db.insert(shortLinkDomain).values({
      host: b.host, state: b.domain_state, https: b.https, remark: b.remark, createdBy: ctx.actor.accountId, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(ctx.deps.db, ctx.req, { action: 'shortLink.domain.add', targetType: 'short_link_domain', targetId: row!.id, after: row });
    return { id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw field('host', 'shortLink.hostTaken');
    throw e;
  }
}

export async function editDomain(ctx: SlCtx, b: z.infer<typeof domainEditBody>) {
  requirePlatform(ctx.actor);
  return ctx.deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(shortLinkDomain).where(eq(shortLinkDomain.id, b.id)).for('update');
    if (!cur) throw notFound('@shortLink.what.domain');
    const [row] = await tx.update(shortLinkDomain).set({
      state: b.domain_state ?? cur.state, https: b.https ?? cur.https, remark: b.remark ?? cur.remark, updatedAt: ctx.deps.now(),
    }).where(eq(shortLinkDomain.id, b.id)).returning();
    await writeOpLog(tx, ctx.req, { action: 'shortLink.domain.edit', targetType: 'short_link_domain', targetId: b.id, before: cur, after: row });
    return { id: b.id };
  });
}

/** A domain still assigned to a purpose, or that links were issued on, is blocked rather than removed (40900). */
export async function deleteDomain(ctx: SlCtx, id: number) {
  requirePlatform(ctx.actor);
  return ctx.deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(shortLinkDomain).where(eq(shortLinkDomain.id, id)).for('update');
    if (!cur) throw notFound('@shortLink.what.domain');
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(shortLinkUse).where(eq(shortLinkUse.domainId, id));
    const [issued] = await tx.select({ n: sql<number>`count(*)::int` }).from(shortLink).where(eq(shortLink.domainId, id));
    if (used!.n > 0 || issued!.n > 0) throw new AppError(CODE.CONFLICT, 'shortLink.domainInUse');
    await tx.delete(shortLinkDomain).where(eq(shortLinkDomain.id, id));
    await writeOpLog(tx, ctx.req, { action: 'shortLink.domain.del', targetType: 'short_link_domain', targetId: id, before: cur });
    return { id };
  });
}

// ------------------------------------------------------------------------------------------------ providers

/** What the operation log keeps of a provider: never the sealed secret. */
const shown = (p: typeof shortLinkProvider.$inferSelect) => ({ ...p, secretSealed: p.secretSealed ? '***' : null });

export async function addProvider(ctx: SlCtx, b: z.infer<typeof providerAddBody>) {
  requirePlatform(ctx.actor);
  const { db } = ctx.deps;
  const sealed = b.secret ? await sealSecret(db, b.secret) : null;
  const now = ctx.deps.now();
  try {
    const [row] = await db.insert(shortLinkProvider).values({
      name: b.name, kind: b.provider_kind, endpoint: b.endpoint, urlField: b.url_field, resultField: b.result_field, authHeader: b.auth_header,
      secretSealed: sealed, secretHint: b.secret ? secretHint(b.secret) : '', timeoutMs: b.timeout_ms, enabled: b.enabled, remark: b.remark,
      createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(db, ctx.req, { action: 'shortLink.provider.add', targetType: 'short_link_provider', targetId: row!.id, after: shown(row!) });
    return { id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw field('name', 'shortLink.nameTaken');
    throw e;
  }
}

export async function editProvider(ctx: SlCtx, b: z.infer<typeof providerEditBody>) {
  requirePlatform(ctx.actor);
  const { db } = ctx.deps;
  const sealed = b.secret ? await sealSecret(db, b.secret) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(shortLinkProvider).where(eq(shortLinkProvider.id, b.id)).for('update');
      if (!cur) throw notFound('@shortLink.what.provider');
      const endpoint = b.endpoint ?? cur.endpoint;
      if (cur.kind === 'http' && !/^https?:\/\//i.test(endpoint)) throw field('endpoint', 'validation.required');
      const [row] = await tx.update(shortLinkProvider).set({
        name: b.name ?? cur.name, endpoint, urlField: b.url_field ?? cur.urlField, resultField: b.result_field ?? cur.resultField,
        authHeader: b.auth_header ?? cur.authHeader, timeoutMs: b.timeout_ms ?? cur.timeoutMs, enabled: b.enabled ?? cur.enabled,
        remark: b.remark ?? cur.remark, updatedAt: ctx.deps.now(),
        ...(sealed ? { secretSealed: sealed, secretHint: secretHint(b.secret!) } : {}),
      }).where(eq(shortLinkProvider.id, b.id)).returning();
      await writeOpLog(tx, ctx.req, { action: 'shortLink.provider.edit', targetType: 'short_link_provider', targetId: b.id, before: shown(cur), after: shown(row!) });
      return { id: b.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw field('name', 'shortLink.nameTaken');
    throw e;
  }
}

/** Shortens a sample address through the provider (nothing is recorded). */
export async function testProvider(ctx: SlCtx, id: number): Promise<ProviderTestResult> {
  requirePlatform(ctx.actor);
  const [p] = await ctx.deps.db.select().from(shortLinkProvider).where(eq(shortLinkProvider.id, id));
  if (!p) throw notFound('@shortLink.what.provider');
  const adapter = ADAPTERS[p.kind];
  if (!adapter) return { ok: false, url: null, error: 'unknown kind' };
  const r = await adapter.shorten(ctx.deps.db, p, 'https://example.com/s/TestCode01');
  return r.ok ? { ok: true, url: r.url, error: null } : { ok: false, url: null, error: r.error };
}

// ------------------------------------------------------------------------------------------------ LinkUseChannel

async function checkRefs(db: DbOrTx, domainId: number | null | undefined, providerId: number | null | undefined) {
  if (domainId) {
    const [d] = await db.select({ id: shortLinkDomain.id }).from(shortLinkDomain).where(eq(shortLinkDomain.id, domainId));
    if (!d) throw field('domain_id', 'error.notFound', { what: '@shortLink.what.domain' });
  }
  if (providerId) {
    const [p] = await db.select({ id: shortLinkProvider.id }).from(shortLinkProvider).where(eq(shortLinkProvider.id, providerId));
    if (!p) throw field('provider_id', 'error.notFound', { what: '@shortLink.what.provider' });
  }
}

function mayEditUse(actor: Actor, merchantId: number | null) {
  return merchantId === null ? isUnscoped(actor) : mayReach(actor, merchantId);
}

export async function addUse(ctx: SlCtx, b: z.infer<typeof useAddBody>) {
  const { db } = ctx.deps;
  const merchantId = b.merchant_id ?? null;
  if (merchantId === null) requirePlatform(ctx.actor);
  else await merchantInScope(db, ctx.actor, merchantId);
  await checkRefs(db, b.domain_id, b.provider_id);
  const now = ctx.deps.now();
  try {
    const [row] = await db.insert(shortLinkUse).values({
      merchantId, purpose: b.link_purpose, channel: b.link_channel, domainId: b.domain_id ?? null, providerId: b.provider_id ?? null,
      enabled: b.enabled, remark: b.remark, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(db, ctx.req, { action: 'shortLink.use.add', targetType: 'short_link_use', targetId: row!.id, after: row });
    return { id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw field('link_purpose', 'shortLink.useTaken');
    throw e;
  }
}

async function ownUse(db: DbOrTx, actor: Actor, id: number) {
  const [cur] = await db.select().from(shortLinkUse).where(eq(shortLinkUse.id, id)).for('update');
  // A platform row is visible to everyone but another merchant's row is not: both answer "not found" / "platform only".
  if (!cur || (cur.merchantId !== null && !mayReach(actor, cur.merchantId))) throw notFound('@shortLink.what.use');
  if (!mayEditUse(actor, cur.merchantId)) throw platformOnly();
  return cur;
}

export async function editUse(ctx: SlCtx, b: z.infer<typeof useEditBody>) {
  const { db } = ctx.deps;
  await checkRefs(db, b.domain_id, b.provider_id);
  return db.transaction(async (tx) => {
    const cur = await ownUse(tx, ctx.actor, b.id);
    const [row] = await tx.update(shortLinkUse).set({
      domainId: b.domain_id === undefined ? cur.domainId : b.domain_id || null,
      providerId: b.provider_id === undefined ? cur.providerId : b.provider_id || null,
      enabled: b.enabled ?? cur.enabled, remark: b.remark ?? cur.remark, updatedAt: ctx.deps.now(),
    }).where(eq(shortLinkUse.id, b.id)).returning();
    await writeOpLog(tx, ctx.req, { action: 'shortLink.use.edit', targetType: 'short_link_use', targetId: b.id, before: cur, after: row });
    return { id: b.id };
  });
}

export async function deleteUse(ctx: SlCtx, id: number) {
  return ctx.deps.db.transaction(async (tx) => {
    const cur = await ownUse(tx, ctx.actor, id);
    await tx.delete(shortLinkUse).where(eq(shortLinkUse.id, id));
    await writeOpLog(tx, ctx.req, { action: 'shortLink.use.del', targetType: 'short_link_use', targetId: id, before: cur });
    return { id };
  });
}

// ------------------------------------------------------------------------------------------------ links

export async function addLink(ctx: SlCtx, b: z.infer<typeof linkAddBody>) {
  const { db } = ctx.deps;
  await merchantInScope(db, ctx.actor, b.merchant_id);
  const made = await createShortLink(db, { merchantId: b.merchant_id, purpose: b.link_purpose, channel: b.link_channel, longUrl: b.long_url, createdBy: ctx.actor.accountId });
  await writeOpLog(db, ctx.req, { action: 'shortLink.link.add', targetType: 'short_link', targetId: made.id, after: { code: made.code, long_url: b.long_url, short_url: made.shortUrl } });
  return { id: made.id, code: made.code, short_url: made.shortUrl };
}

/** Clicks by day of one link in scope (the business time zone). */
export async function linkDaily(deps: Deps, actor: Actor, id: number) {
  const [l] = await deps.db.select().from(shortLink).where(eq(shortLink.id, id));
  if (!l || !mayReach(actor, l.merchantId)) throw notFound('@shortLink.what.link');
  const tz = deps.cfg.timeZone;
  const rows = await deps.db.execute(sql`select to_char(at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as clicks,
    count(distinct ip_hash)::int as visitors from short_link_click where link_id = ${id} group by 1 order by 1 desc limit 366`);
  const list = rowsOf<{ day: string; clicks: number; visitors: number }>(rows);
  return { id: l.id, code: l.code, long_url: l.longUrl, days: list.map((r) => ({ day: r.day, clicks: Number(r.clicks), visitors: Number(r.visitors) })) };
}

