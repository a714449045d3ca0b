import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { actionKey, can, pageKey, SUPER_KEY } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { marketTimeZone, type Market } from '../../../schemas/merchant';
import {
  entryListQuery, groupListQuery, type dispatchBody, type groupBody, type groupEditBody, type ProgressRow,
} from '../../../schemas/marketing';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { loadAccess } from '../empower/access';
import { adminAccount } from '../empower/empower.table';
import { isUniqueViolation, isUnscoped, likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchantMarket } from '../merchant/market';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { marketingEntry, marketingGroup } from './marketing.table';
import { invalidField, notFound, scopedGroup, scopedMerchant, type MarketingCtx } from './scope';

/**
 * MarketingService and marketingList (docs/marketing.md): whitelist groups with their exclusive offer, the numbers of
 * each group, dispatch of a group's undispatched numbers to agents and the progress per group and agent.
 */

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const accountName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;
const groupCount = (cond: string) =>
  sql<number>`(select count(*)::int from ${marketingEntry} e where e.group_id = ${outer(marketingGroup.id)} and ${sql.raw(cond)})`;

export const groupList = defineList({
  id: 'marketing.MarketingService',
  permission: [pageKey('Marketing', 'MarketingService'), pageKey('Marketing', 'marketingList')],
  from: marketingGroup,
  columns: {
    id: marketingGroup.id,
    merchant_id: marketingGroup.merchantId,
    merchant_name: merchantName(marketingGroup.merchantId),
    name: marketingGroup.name,
    product_id: marketingGroup.productId,
    product_name: sql<string | null>`(select p.name from ${product} p where p.id = ${outer(marketingGroup.productId)})`,
    limit_minor: marketingGroup.limitMinor,
    expires_at: marketingGroup.expiresAt,
    enabled: marketingGroup.enabled,
    remark: marketingGroup.remark,
    numbers: groupCount('true'),
    undispatched: groupCount('e.agent_id is null'),
    called: groupCount(`e.result <> ''`),
    agreed: groupCount(`e.result = 'agreed'`),
    registered: groupCount('e.customer_id is not null'),
    created_at: marketingGroup.createdAt,
  },
  filters: groupListQuery,
  scope: merchantScope(marketingGroup.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(marketingGroup.merchantId, f.merchant_id) : undefined,
    f.name ? ilike(marketingGroup.name, `%${likeEscape(f.name)}%`) : undefined,
    f.enabled !== undefined ? eq(marketingGroup.enabled, f.enabled) : undefined,
  ],
  sorts: { id: marketingGroup.id },
  defaultSort: 'id:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'product_name', title: 'field.product_id' },
    { key: 'limit_minor', title: 'marketing.field.limit', value: (r) => Number(r.limit_minor) / 100 },
    { key: 'expires_at', title: 'marketing.field.expires_at' },
    { key: 'numbers', title: 'marketing.field.numbers' },
    { key: 'undispatched', title: 'marketing.field.undispatched' },
    { key: 'called', title: 'marketing.field.called' },
    { key: 'agreed', title: 'marketing.result.agreed' },
    { key: 'registered', title: 'marketing.field.registered' },
  ],
});

export const entryList = defineList({
  id: 'marketing.marketingList',
  permission: pageKey('Marketing', 'marketingList'),
  from: marketingEntry,
  columns: {
    id: marketingEntry.id,
    merchant_id: marketingEntry.merchantId,
    group_id: marketingEntry.groupId,
    group_name: sql<string | null>`(select g.name from ${marketingGroup} g where g.id = ${outer(marketingEntry.groupId)})`,
    phone: marketingEntry.phone,
    agent_id: marketingEntry.agentId,
    agent_name: accountName(marketingEntry.agentId),
    result: marketingEntry.result,
    result_at: marketingEntry.resultAt,
    note: marketingEntry.note,
    contacts: marketingEntry.contacts,
    sms_count: marketingEntry.smsCount,
    customer_id: marketingEntry.customerId,
    registered_at: marketingEntry.registeredAt,
    created_at: marketingEntry.createdAt,
    updated_at: marketingEntry.updatedAt,
  },
  filters: entryListQuery,
  scope: merchantScope(marketingEntry.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(marketingEntry.merchantId, f.merchant_id) : undefined,
    f.group_id !== undefined ? eq(marketingEntry.groupId, f.group_id) : undefined,
    f.phone ? eq(marketingEntry.phone, f.phone.replace(/[\s().-]/g, '')) : undefined,
    f.agent_id !== undefined ? eq(marketingEntry.agentId, f.agent_id) : undefined,
    f.result === undefined ? undefined : eq(marketingEntry.result, f.result === 'none' ? '' : f.result),
    f.dispatched === undefined ? undefined : f.dispatched ? isNotNull(marketingEntry.agentId) : isNull(marketingEntry.agentId),
    f.registered === undefined ? undefined : f.registered ? isNotNull(marketingEntry.customerId) : isNull(marketingEntry.customerId),
  ],
  sorts: { id: marketingEntry.id },
  defaultSort: 'id:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'group_name', title: 'marketing.field.group' },
    { key: 'phone', title: 'field.phone' },
    { key: 'agent_name', title: 'marketing.field.agent' },
    { key: 'result', title: 'marketing.field.result' },
    { key: 'note', title: 'marketing.field.note' },
    { key: 'sms_count', title: 'marketing.field.sms' },
    { key: 'registered_at', title: 'marketing.field.registered_at' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

// ------------------------------------------------------------------------------------------------ groups

type GroupInput = z.infer<typeof groupBody>;
type GroupRowDb = typeof marketingGroup.$inferSelect;

const groupView = (g: GroupRowDb) => ({
  id: g.id, merchant_id: g.merchantId, name: g.name, product_id: g.productId, limit_minor: g.limitMinor,
  expires_at: g.expiresAt?.toISOString() ?? null, enabled: g.enabled, remark: g.remark,
});

async function checkProduct(db: DbOrTx, merchantId: number, productId: number | null | undefined) {
  if (productId == null) return;
  const [p] = await db.select({ merchantId: product.merchantId }).from(product).where(eq(product.id, productId));
  if (!p || p.merchantId !== merchantId) throw invalidField('product_id', 'marketing.productNotOfMerchant');
}

/** The UTC instant of a wall-clock time in a zone. */
function inZone(y: number, mo: number, d: number, h: number, mi: number, sec: number, tz: string): Date {
  const guess = Date.UTC(y, mo - 1, d, h, mi, sec);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const seen = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return new Date(guess - (seen - guess));
}

/**
 * When a group's offer ends: a day means the end of that day in the merchant's market, a time without a zone is that
 * market's wall clock, an ISO moment with a zone is taken as it is.
 */
export function offerEnd(v: string | null | undefined, tz: string): Date | null {
  if (!v) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(v);
  if (!m) return new Date(v);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (m[4] === undefined) return inZone(y, mo, d + 1, 0, 0, 0, tz);
  return inZone(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0), tz);
}

const nameTaken = (name: string) => new AppError(CODE.CONFLICT, 'marketing.groupNameTaken', { name }, 200, [{ path: 'name', id: 'marketing.groupNameTaken', values: { name } }]);

export async function addGroup(ctx: MarketingCtx, body: GroupInput) {
  const { deps, req, actor } = ctx;
  const m = await scopedMerchant(deps.db, actor, body.merchant_id);
  await checkProduct(deps.db, body.merchant_id, body.product_id);
  const tz = marketTimeZone((m.market ?? 'vn') as Market);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [g] = await tx.insert(marketingGroup).values({
        merchantId: body.merchant_id, name: body.name, productId: body.product_id ?? null, limitMinor: body.limit_minor,
        expiresAt: offerEnd(body.expires_at, tz), enabled: body.enabled, remark: body.remark, createdBy: actor.accountId,
        createdAt: now, updatedAt: now,
      }).returning();
      await writeOpLog(tx, req, { action: 'marketing.group.add', targetType: 'marketing_group', targetId: g.id, after: groupView(g) });
      return groupView(g);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'marketing_group_name_uq')) throw nameTaken(body.name);
    throw err;
  }
}

export async function editGroup(ctx: MarketingCtx, body: z.infer<typeof groupEditBody>) {
  const { deps, req, actor } = ctx;
  const before = await scopedGroup(deps.db, actor, body.id);
  await checkProduct(deps.db, before.merchantId, body.product_id);
  const { timeZone } = await merchantMarket(deps.db, before.merchantId);
  try {
    return await deps.db.transaction(async (tx) => {
      const [g] = await tx.update(marketingGroup).set({
        name: body.name, productId: body.product_id ?? null, limitMinor: body.limit_minor, expiresAt: offerEnd(body.expires_at, timeZone),
        enabled: body.enabled, remark: body.remark, updatedAt: deps.clock.now(),
      }).where(eq(marketingGroup.id, body.id)).returning();
      await writeOpLog(tx, req, { action: 'marketing.group.edit', targetType: 'marketing_group', targetId: g.id, before: groupView(before), after: groupView(g) });
      return groupView(g);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'marketing_group_name_uq')) throw nameTaken(body.name);
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------ agents and dispatch

const AGENT_NODE = () => actionKey('Marketing', 'myMarketingList', 'result');

/** Accounts that may work the merchant's numbers: its staff holding the result action (administrators excluded). */
export async function agents(db: DbOrTx, actor: Actor, merchantId: number) {
  await scopedMerchant(db, actor, merchantId);
  const rows = await db.select({ id: adminAccount.id, account: adminAccount.account, name: adminAccount.name, merchantIds: adminAccount.merchantIds })
    .from(adminAccount).where(and(eq(adminAccount.enabled, true), isNull(adminAccount.deletedAt))).orderBy(asc(adminAccount.id));
  const out: Array<{ id: number; account: string; name: string; holding: number }> = [];
  for (const r of rows) {
    if (!r.merchantIds.includes(merchantId)) continue;
    const access = await loadAccess(db, r.id);
    if (!access || access.nodeList.includes(SUPER_KEY) || !can(access.nodeList, AGENT_NODE())) continue;
    out.push({ id: r.id, account: r.account, name: r.name, holding: 0 });
  }
  if (out.length) {
    const load = await db.select({ agentId: marketingEntry.agentId, n: sql<number>`count(*)::int` }).from(marketingEntry)
      .where(and(eq(marketingEntry.merchantId, merchantId), inArray(marketingEntry.agentId, out.map((a) => a.id)), eq(marketingEntry.result, ''), isNull(marketingEntry.customerId)))
      .groupBy(marketingEntry.agentId);
    for (const a of out) a.holding = load.find((l) => l.agentId === a.id)?.n ?? 0;
  }
  return out;
}

/**
 * Hands a group's undispatched numbers (oldest first) to agents in one statement: `even` shares them all round-robin,
 * `each` gives `per_agent` to each. Rows are locked by the update itself, so two dispatches of one group never give
 * a number twice (the second sees it dispatched and skips it).
 */
export async function dispatch(ctx: MarketingCtx, body: z.infer<typeof dispatchBody>) {
  const { deps, req, actor } = ctx;
  const g = await scopedGroup(deps.db, actor, body.id);
  const eligible = await agents(deps.db, actor, g.merchantId);
  const ids = [...new Set(body.account_ids)];
  const bad = ids.filter((id) => !eligible.some((a) => a.id === id));
  if (bad.length) throw invalidField('account_ids', 'marketing.notAgent', { ids: bad.join(', ') });
  if (body.mode === 'each' && !body.per_agent) throw invalidField('per_agent', 'validation.required');
  const n = ids.length;
  const limit = body.mode === 'each' ? body.per_agent! * n : null;
  const slot = body.mode === 'each' ? sql`((s.rn - 1) / ${body.per_agent!}) + 1` : sql`((s.rn - 1) % ${n}) + 1`;
  const now = deps.clock.now();
  const agentArray = sql`${`{${ids.join(',')}}`}::int[]`;
  return deps.db.transaction(async (tx) => {
    const res = await tx.execute(sql`update ${marketingEntry} e set agent_id = a.agent, dispatched_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from (select x.id, row_number() over (order by x.id) as rn from (select id from ${marketingEntry}
              where group_id = ${g.id} and agent_id is null and customer_id is null order by id ${limit === null ? sql`` : sql`limit ${limit}`} for update skip locked) x) s
      join unnest(${agentArray}) with ordinality as a(agent, k) on a.k = ${slot}
      where e.id = s.id and e.agent_id is null returning e.agent_id`);
    const got = rowsOf<{ agent_id: number }>(res);
    const per = ids.map((id) => ({ account_id: id, count: got.filter((r) => Number(r.agent_id) === id).length }));
    await writeOpLog(tx, req, { action: 'marketing.group.dispatch', targetType: 'marketing_group', targetId: g.id, after: { mode: body.mode, per_agent: body.per_agent ?? null, dispatched: per } });
    return { dispatched: got.length, per_agent: per };
  });
}

/** Progress of a group per agent (null: not dispatched yet). */
export async function progress(db: DbOrTx, actor: Actor, groupId: number): Promise<ProgressRow[]> {
  const g = await scopedGroup(db, actor, groupId);
  const res = await db.execute(sql`select e.agent_id, (select a.name from ${adminAccount} a where a.id = e.agent_id) as agent_name,
      count(*)::int as numbers, count(*) filter (where e.result <> '')::int as called,
      count(*) filter (where e.result = 'agreed')::int as agreed, count(*) filter (where e.result = 'rejected')::int as rejected,
      count(*) filter (where e.result = 'no_answer')::int as no_answer, count(*) filter (where e.result = 'wrong_number')::int as wrong_number,
      coalesce(sum(e.sms_count), 0)::int as sms, count(*) filter (where e.customer_id is not null)::int as registered
    from ${marketingEntry} e where e.group_id = ${g.id} group by e.agent_id order by e.agent_id nulls first`);
  return rowsOf<ProgressRow>(res).map((r) => ({ ...r, agent_id: r.agent_id === null ? null : Number(r.agent_id) }));
}

/** Removes numbers (not those that registered: their credit stays). */
export async function deleteEntries(ctx: MarketingCtx, ids: number[]) {
  const { deps, req, actor } = ctx;
  const rows = await deps.db.select().from(marketingEntry).where(inArray(marketingEntry.id, ids));
  const mine = rows.filter((r) => isUnscoped(actor) || actor.merchantIds.includes(r.merchantId));
  if (mine.length !== new Set(ids).size) throw notFound('entry');
  if (mine.some((r) => r.customerId !== null)) throw new AppError(CODE.INVALID_TRANSITION, 'marketing.registeredStays');
  return deps.db.transaction(async (tx) => {
    await tx.delete(marketingEntry).where(inArray(marketingEntry.id, mine.map((r) => r.id)));
    await writeOpLog(tx, req, { action: 'marketing.whitelist.del', targetType: 'marketing_entry', targetId: mine.map((r) => r.id).join(','), before: mine.map((r) => ({ id: r.id, phone: r.phone, group_id: r.groupId })) });
    return { deleted: mine.length };
  });
}
