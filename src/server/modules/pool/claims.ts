import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { AgentLoad, Outcome, PoolEvent } from '../../../schemas/pool';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { writeOpLog } from '../log/oplog';
import { eligibleReviewers } from '../review/reviewers';
import { PAGES } from './lists';
import { poolEntry, poolEvent, type PoolEntryRow } from './pool.table';
import { checkOfferProduct, inMerchantScope, invalidField, notFound, rulesOf } from './rules';

/**
 * Claims and the work on a claimed customer (docs/pool.md "Claims"). A claim is one guarded UPDATE … WHERE status =
 * 'open' RETURNING: under READ COMMITTED, concurrent claims of one entry queue on its row lock and, once the first
 * commits, the others re-check the WHERE and update nothing, so exactly one agent wins. Only the holder works a
 * claimed entry (call, note, result, offer, give back); a decision carrying the version the agent saw is refused
 * when the entry changed meanwhile. Every write records a pool_event and the operation log.
 */

export interface PoolCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

const DAY = 86_400_000;

/** Whether the entry is on the list of the page it is claimed from (the route has checked the page's claim node). */
export function onPage(page: 'dormant' | 'overdue' | 'pool' | 'mine', e: Pick<PoolEntryRow, 'segment' | 'inPool'>): boolean {
  return page === 'pool' ? e.inPool : e.segment === page;
}

const view = (e: PoolEntryRow) => ({
  id: e.id, version: e.version, status: e.status, holder_id: e.holderId, claimed_at: e.claimedAt?.toISOString() ?? null,
  expires_at: e.expiresAt?.toISOString() ?? null, outcome: e.outcome, note: e.note, calls: e.calls, in_pool: e.inPool,
  offer_product_id: e.offerProductId, offer_limit_minor: e.offerLimitMinor, offer_link: e.offerLink, offer_sent_at: e.offerSentAt?.toISOString() ?? null,
});

async function holderName(db: DbOrTx, id: number | null): Promise<string> {
  if (id == null) return '-';
  const [a] = await db.select({ name: adminAccount.name }).from(adminAccount).where(eq(adminAccount.id, id));
  return a?.name ?? `#${id}`;
}

/** An entry of the actor's merchants (40400 otherwise: another merchant's entry does not exist for it). */
async function scopedEntry(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<PoolEntryRow> {
  const q = db.select().from(poolEntry).where(eq(poolEntry.id, id));
  const [e] = lock ? await q.for('update') : await q;
  if (!e || !inMerchantScope(actor, e.merchantId)) throw notFound('entry');
  return e;
}

const stale = () => new AppError(CODE.CONFLICT, 'pool.stale');
const closed = () => new AppError(CODE.INVALID_TRANSITION, 'pool.closed');

async function event(db: DbOrTx, entryId: number, kind: string, accountId: number | null, at: Date, extra: { outcome?: string; note?: string } = {}) {
  await db.insert(poolEvent).values({ entryId, kind, accountId, createdAt: at, outcome: extra.outcome ?? '', note: (extra.note ?? '').slice(0, 500) });
}

/** Live claims an agent holds for a merchant. */
async function heldBy(db: DbOrTx, accountId: number, merchantId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(poolEntry)
    .where(and(eq(poolEntry.holderId, accountId), eq(poolEntry.status, 'claimed'), eq(poolEntry.merchantId, merchantId)));
  return n;
}

/** Serialises one agent's claims, so that two at once cannot both pass the cap. */
async function lockAgent(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.id, accountId)).for('update');
}

/** The guarded claim (inside a transaction): the entry for `accountId` until the rule's claim days are up. */
async function claimIn(tx: DbOrTx, e: PoolEntryRow, accountId: number, now: Date, byId: number | null, kind: 'claim' | 'dispatch') {
  const rules = await rulesOf(tx, e.merchantId);
  await lockAgent(tx, accountId);
  if (await heldBy(tx, accountId, e.merchantId) >= rules.agent_cap) {
    throw new AppError(CODE.CONFLICT, 'pool.capReached', { cap: rules.agent_cap, name: await holderName(tx, accountId) });
  }
  const [row] = await tx.update(poolEntry).set({
    status: 'claimed', holderId: accountId, claimedAt: now, expiresAt: new Date(now.getTime() + rules.claim_days * DAY),
    version: sql`${poolEntry.version} + 1`, updatedAt: sql`now()`,
  }).where(and(eq(poolEntry.id, e.id), eq(poolEntry.status, 'open'))).returning();
  if (!row) {
    const [cur] = await tx.select().from(poolEntry).where(eq(poolEntry.id, e.id));
    if (cur?.status === 'claimed') throw new AppError(CODE.CONFLICT, 'pool.claimedBy', { name: await holderName(tx, cur.holderId) });
    throw closed();
  }
  await event(tx, e.id, kind, byId, now, kind === 'dispatch' ? { note: `→ ${await holderName(tx, accountId)}` } : {});
  return row;
}

export async function claim(ctx: PoolCtx, body: { id: number; version?: number }, page: 'dormant' | 'overdue' | 'pool' | 'mine') {
  const { deps, req, actor } = ctx;
  const e = await scopedEntry(deps.db, actor, body.id);
  if (e.status === 'closed') throw closed();
  if (!onPage(page, e)) throw new AppError(CODE.FORBIDDEN, 'pool.notClaimable');
  if (e.status === 'claimed') {
    throw new AppError(CODE.CONFLICT, e.holderId === actor.accountId ? 'pool.alreadyYours' : 'pool.claimedBy', { name: await holderName(deps.db, e.holderId) });
  }
  if (body.version !== undefined && body.version !== e.version) throw stale();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await claimIn(tx, e, actor.accountId, now, actor.accountId, 'claim');
    await writeOpLog(tx, req, { action: 'highSeas.claim', targetType: 'pool_entry', targetId: e.id, before: view(e), after: view(row) });
    return view(row);
  });
}

/** The actor's own claimed entry, locked (40900 when it is someone else's or no longer claimed). */
async function heldEntry(tx: DbOrTx, actor: Actor, body: { id: number; version?: number }): Promise<PoolEntryRow> {
  const e = await scopedEntry(tx, actor, body.id, true);
  if (e.status === 'closed') throw closed();
  if (e.status !== 'claimed' || e.holderId !== actor.accountId) throw new AppError(CODE.CONFLICT, 'pool.notYours');
  if (body.version !== undefined && body.version !== e.version) throw stale();
  return e;
}

type Patch = Partial<typeof poolEntry.$inferInsert>;

/** One change to the actor's claimed entry: the patch, an event, the operation log. */
async function work(ctx: PoolCtx, body: { id: number; version?: number }, action: string, patch: (e: PoolEntryRow, now: Date, tx: DbOrTx) => Promise<Patch> | Patch,
  ev: (e: PoolEntryRow) => { kind: string; outcome?: string; note?: string }, after?: (tx: DbOrTx, e: PoolEntryRow, row: PoolEntryRow) => Promise<void>) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const e = await heldEntry(tx, actor, body);
    const [row] = await tx.update(poolEntry).set({ ...(await patch(e, now, tx)), version: sql`${poolEntry.version} + 1`, updatedAt: sql`now()` })
      .where(eq(poolEntry.id, e.id)).returning();
    const x = ev(row);
    await event(tx, e.id, x.kind, actor.accountId, now, x);
    if (after) await after(tx, e, row);
    await writeOpLog(tx, req, { action, targetType: 'pool_entry', targetId: e.id, before: view(e), after: view(row) });
    return view(row);
  });
}

/** Gives a claim back: open again, offered in the public pool when the rule says returned claims go there. */
export async function giveBack(ctx: PoolCtx, body: { id: number; version?: number; note?: string }) {
  return work(ctx, body, 'highSeas.giveBack', async (e, _now, tx) => {
    const rules = await rulesOf(tx, e.merchantId);
    return {
      status: 'open', holderId: null, claimedAt: null, expiresAt: null, returns: e.returns + 1, inPool: e.inPool || rules.pool_returned,
      ...(body.note ? { note: body.note } : {}),
    };
  }, () => ({ kind: 'giveBack', note: body.note }));
}

export async function recordCall(ctx: PoolCtx, body: { id: number; version?: number }) {
  return work(ctx, body, 'highSeas.call', (e, now) => ({ calls: e.calls + 1, lastCallAt: now }), () => ({ kind: 'call' }));
}

export async function addNote(ctx: PoolCtx, body: { id: number; version?: number; note: string }) {
  return work(ctx, body, 'highSeas.note', () => ({ note: body.note }), () => ({ kind: 'note', note: body.note }));
}

/**
 * Records the outcome of the conversation (spec §4 "marketing agreed/rejected"). Agreed and rejected are also the
 * customer's marketing status (customer.marketing_status), which the customer screens show.
 */
export async function recordResult(ctx: PoolCtx, outcome: Outcome, body: { id: number; version?: number; note?: string }) {
  return work(ctx, body, `highSeas.result.${outcome}`, (_e, now) => ({ outcome, outcomeAt: now, ...(body.note ? { note: body.note } : {}) }),
    () => ({ kind: 'result', outcome, note: body.note }),
    async (tx, e) => {
      if (e.customerId != null && (outcome === 'agreed' || outcome === 'rejected')) {
        await tx.update(customer).set({ marketingStatus: outcome, updatedAt: sql`now()` }).where(eq(customer.id, e.customerId));
      }
    });
}

/** The promotion link of an offer: the rule's base (or the console's /p), naming the entry and the agent. */
export function offerLink(base: string, entryId: number, agentId: number): string {
  const root = base || '/p';
  return `${root}${root.includes('?') ? '&' : '?'}ref=hs${entryId}a${agentId}`;
}

/**
 * An offer: an exclusive product and limit (the rule's when not given), kept on the entry and — for a customer — on
 * the customer (exclusive product and limit, spec §3), and optionally an SMS with the promotion link. No SMS gateway
 * is wired yet: the message is the pool_event row of kind `offer` (its note holds the text sent).
 */
export async function makeOffer(ctx: PoolCtx, body: { id: number; version?: number; product_id?: number; limit_minor?: number; send_sms?: boolean }) {
  const pre = await scopedEntry(ctx.deps.db, ctx.actor, body.id);
  const rules = await rulesOf(ctx.deps.db, pre.merchantId);
  const productId = body.product_id ?? rules.offer_product_id;
  if (productId == null) throw invalidField('product_id', 'pool.offerNeedsProduct');
  const p = await checkOfferProduct(ctx.deps.db, pre.merchantId, productId, 'product_id');
  const limit = body.limit_minor || rules.offer_limit_minor;
  if (!limit) throw invalidField('limit_minor', 'pool.offerNeedsLimit');
  const link = offerLink(rules.promo_url, pre.id, ctx.actor.accountId);
  return work(ctx, body, 'highSeas.offer', (_e, now) => ({
    offerProductId: p.id, offerLimitMinor: limit, offerLink: link, ...(body.send_sms ? { offerSentAt: now } : {}),
  }), () => ({ kind: 'offer', note: body.send_sms ? `SMS: ${p.name} ${limit} ${link}` : `${p.name} ${limit}` }), async (tx, e) => {
    if (e.customerId != null) {
      await tx.update(customer).set({ exclusiveProductId: p.id, exclusiveLimitMinor: limit, updatedAt: sql`now()` }).where(eq(customer.id, e.customerId));
    }
  });
}

// ------------------------------------------------------------------------------------------------ supervisor

/** Accounts that work pool claims (hold "my claimed customers"), of the merchant, with their load and the cap. */
export async function agentsOf(db: DbOrTx, actor: Actor, merchantId: number): Promise<AgentLoad[]> {
  if (!inMerchantScope(actor, merchantId)) throw notFound('merchant');
  const ids = await eligibleReviewers(db, PAGES.mine, actor);
  if (!ids.length) return [];
  const rows = await db.select({ id: adminAccount.id, account: adminAccount.account, name: adminAccount.name, merchantIds: adminAccount.merchantIds })
    .from(adminAccount).where(inArray(adminAccount.id, ids)).orderBy(asc(adminAccount.name), asc(adminAccount.id));
  const load = await db.select({ id: poolEntry.holderId, n: count() }).from(poolEntry)
    .where(and(eq(poolEntry.status, 'claimed'), eq(poolEntry.merchantId, merchantId), inArray(poolEntry.holderId, ids))).groupBy(poolEntry.holderId);
  const held = new Map(load.map((l) => [l.id, l.n]));
  const cap = (await rulesOf(db, merchantId)).agent_cap;
  return rows.filter((r) => r.merchantIds.includes(merchantId)).map((r) => ({ id: r.id, account: r.account, name: r.name, held: held.get(r.id) ?? 0, cap }));
}

/**
 * Dispatch: the selected open entries to one agent, or to the least loaded agents of each entry's merchant under the
 * cap. Entries someone claimed meanwhile, or that no agent can take, are reported as skipped.
 */
export async function dispatch(ctx: PoolCtx, body: { ids: number[]; account_id?: number }) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  const entries = await deps.db.select().from(poolEntry).where(inArray(poolEntry.id, [...new Set(body.ids)])).orderBy(asc(poolEntry.id));
  const mine = entries.filter((e) => inMerchantScope(actor, e.merchantId));
  if (mine.length !== new Set(body.ids).size) throw notFound('entry');
  const agentsBy = new Map<number, AgentLoad[]>();
  for (const m of new Set(mine.map((e) => e.merchantId))) agentsBy.set(m, await agentsOf(deps.db, actor, m));
  if (body.account_id !== undefined) {
    for (const [m, list] of agentsBy) if (!list.some((a) => a.id === body.account_id)) throw invalidField('account_id', 'pool.notAgent', { merchant: m });
  }
  const assigned: { id: number; account_id: number }[] = [];
  const skipped: { id: number; reason: string }[] = [];
  for (const e of mine) {
    if (e.status !== 'open') { skipped.push({ id: e.id, reason: 'pool.notOpen' }); continue; }
    const list = agentsBy.get(e.merchantId)!;
    const candidates = body.account_id !== undefined ? list.filter((a) => a.id === body.account_id) : [...list].sort((a, b) => a.held - b.held || a.id - b.id);
    const pick = candidates.find((a) => a.held < a.cap);
    if (!pick) { skipped.push({ id: e.id, reason: 'pool.capReached' }); continue; }
    try {
      await deps.db.transaction(async (tx) => {
        const row = await claimIn(tx, e, pick.id, now, actor.accountId, 'dispatch');
        await writeOpLog(tx, req, { action: 'highSeas.dispatch', targetType: 'pool_entry', targetId: e.id, before: view(e), after: view(row) });
      });
      pick.held++;
      assigned.push({ id: e.id, account_id: pick.id });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ id: e.id, reason: err.messageId });
    }
  }
  return { assigned, skipped };
}

/** The supervisor takes claims back into the pool (an agent left, a claim sits idle). */
export async function takeBack(ctx: PoolCtx, body: { ids: number[] }) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  const done: number[] = [];
  for (const id of [...new Set(body.ids)]) {
    await deps.db.transaction(async (tx) => {
      const e = await scopedEntry(tx, actor, id, true);
      if (e.status !== 'claimed') return;
      const rules = await rulesOf(tx, e.merchantId);
      const [row] = await tx.update(poolEntry).set({
        status: 'open', holderId: null, claimedAt: null, expiresAt: null, returns: e.returns + 1, inPool: e.inPool || rules.pool_returned,
        version: sql`${poolEntry.version} + 1`, updatedAt: sql`now()`,
      }).where(eq(poolEntry.id, id)).returning();
      await event(tx, id, 'giveBack', actor.accountId, now, { note: `forced: ${await holderName(tx, e.holderId)}` });
      await writeOpLog(tx, req, { action: 'highSeas.takeBack', targetType: 'pool_entry', targetId: id, before: view(e), after: view(row) });
      done.push(id);
    });
  }
  return { returned: done };
}

/** What happened to an entry, newest first. */
export async function eventsOf(db: DbOrTx, actor: Actor, id: number): Promise<PoolEvent[]> {
  await scopedEntry(db, actor, id);
  const rows = await db.select({
    id: poolEvent.id, kind: poolEvent.kind, outcome: poolEvent.outcome, note: poolEvent.note, created_at: poolEvent.createdAt,
    account_name: adminAccount.name,
  }).from(poolEvent).leftJoin(adminAccount, eq(adminAccount.id, poolEvent.accountId))
    .where(eq(poolEvent.entryId, id)).orderBy(desc(poolEvent.id)).limit(200);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
