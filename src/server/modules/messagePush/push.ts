import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CODE } from '../../../schemas/common';
import type { pushAddBody, pushAudienceQuery, pushConfigAddBody, pushConfigEditBody, PushAudience } from '../../../schemas/messagePush';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { marketingEntry, marketingGroup } from '../marketing/marketing.table';
import { merchantMarket } from '../merchant/market';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { pushConfig, pushDelivery, pushMessage } from './messagePush.table';

/**
 * Message push (docs/messagePush.md): configurations of a merchant's borrower app (the sandbox provider) and
 * messages to its users. The audience is resolved when the message is sent (now, or by the push job at its time),
 * in one INSERT … SELECT into push_delivery (unique per message and customer), so a message reaches a customer once
 * and a large audience costs one statement. The sandbox decides delivery per customer from a hash of the message and
 * customer (`failure_rate` percent fail), so results are stable and testable.
 */
export interface PushCtx { deps: Deps; req: FastifyRequest; actor: Actor }

const field = (path: string, id: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, id, values, 200, [{ path, id, values }]);
const mayReach = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

/** Loans still owing (repayment/account.ts OPEN_STATUSES). */
const OWING = ['repaying', 'overdue', 'extended', 'bad_debt'];
/** Not yet overdue: a loan due today is in one of these. */
const NOT_YET_DUE = ['repaying', 'extended'];
export const SCHEDULE_MAX_DAYS = 90;

async function merchantInScope(db: DbOrTx, actor: Actor, merchantId: number) {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !mayReach(actor, merchantId)) throw field('merchant_id', 'error.notFound', { what: '@messagePush.what.merchant' });
}

export interface AudienceSpec { merchantId: number; audience: PushAudience; overdueDays: number | null; groupId: number | null }

/** The SQL selecting the customer ids of an audience (business date of the merchant's market). */
export async function audienceSql(db: DbOrTx, deps: Deps, a: AudienceSpec) {
  const m = a.merchantId;
  switch (a.audience) {
    case 'all':
      return sql`select ${customer.id} as customer_id from ${customer} where ${customer.merchantId} = ${m}`;
    case 'due_today':
    case 'overdue': {
      const { timeZone } = await merchantMarket(db, m);
      const today = deps.clock.today(timeZone);
      const statuses = a.audience === 'due_today' ? NOT_YET_DUE : OWING;
      const days = a.audience === 'due_today' ? 0 : a.overdueDays ?? 1;
      return sql`select distinct ${loanOrder.customerId} as customer_id from ${loanOrder} where ${loanOrder.merchantId} = ${m}
        and ${inArray(loanOrder.status, statuses)} and ${loanOrder.dueDate} = (${today}::date - ${days}::int)`;
    }
    case 'group':
      return sql`select c.id as customer_id from ${customer} c where c.merchant_id = ${m} and (
        c.id in (select e.customer_id from ${marketingEntry} e where e.group_id = ${a.groupId} and e.merchant_id = ${m} and e.customer_id is not null)
        or c.phone in (select e.phone from ${marketingEntry} e where e.group_id = ${a.groupId} and e.merchant_id = ${m}))`;
  }
}

async function checkGroup(db: DbOrTx, merchantId: number, groupId: number | undefined) {
  if (groupId === undefined) return;
  const [g] = await db.select({ merchantId: marketingGroup.merchantId }).from(marketingGroup).where(eq(marketingGroup.id, groupId));
  if (!g || g.merchantId !== merchantId) throw field('group_id', 'error.notFound', { what: '@messagePush.what.group' });
}

const specOf = (b: { merchant_id: number; push_audience: PushAudience; overdue_days?: number; group_id?: number }): AudienceSpec => ({
  merchantId: b.merchant_id, audience: b.push_audience,
  overdueDays: b.push_audience === 'overdue' ? b.overdue_days ?? 1 : null, groupId: b.push_audience === 'group' ? b.group_id ?? null : null,
});

/** How many customers an audience holds now (the form shows it before sending). */
export async function audienceSize(ctx: PushCtx, q: z.infer<typeof pushAudienceQuery>) {
  const { db } = ctx.deps;
  await merchantInScope(db, ctx.actor, q.merchant_id);
  await checkGroup(db, q.merchant_id, q.push_audience === 'group' ? q.group_id : undefined);
  const sel = await audienceSql(db, ctx.deps, specOf(q));
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${sel}) a`));
  return { targeted: Number(r?.n ?? 0) };
}

/** A send time: explicit zone as given, otherwise read in the business time zone. */
async function sendTime(db: DbOrTx, deps: Deps, s: string): Promise<Date> {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s) && s.includes('T')) return new Date(s);
  const [r] = rowsOf<{ t: string | Date }>(await db.execute(sql`select (${s}::timestamp at time zone ${deps.cfg.timeZone}) as t`));
  return new Date(r!.t);
}

export async function addMessage(ctx: PushCtx, b: z.infer<typeof pushAddBody>) {
  const { deps, actor } = ctx;
  const { db } = deps;
  await merchantInScope(db, actor, b.merchant_id);
  const [cfg] = await db.select().from(pushConfig).where(eq(pushConfig.id, b.config_id));
  if (!cfg || cfg.merchantId !== b.merchant_id) throw field('config_id', 'error.notFound', { what: '@messagePush.what.config' });
  if (!cfg.enabled) throw field('config_id', 'messagePush.configDisabled');
  await checkGroup(db, b.merchant_id, b.push_audience === 'group' ? b.group_id : undefined);
  const now = deps.now();
  let scheduledAt: Date | null = null;
  if (b.send_at) {
    scheduledAt = await sendTime(db, deps, b.send_at);
    if (!(scheduledAt.getTime() > now.getTime())) throw field('send_at', 'messagePush.sendAtPast');
    if (scheduledAt.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000) throw field('send_at', 'messagePush.sendAtTooFar', { days: SCHEDULE_MAX_DAYS });
  }
  const spec = specOf(b);
  const [row] = await db.insert(pushMessage).values({
    merchantId: b.merchant_id, configId: cfg.id, title: b.title, body: b.body, linkUrl: b.link_url, audience: spec.audience,
    overdueDays: spec.overdueDays, groupId: spec.groupId, status: scheduledAt ? 'scheduled' : 'sending', scheduledAt,
    createdBy: actor.accountId, createdAt: now,
  }).returning();
  await writeOpLog(db, ctx.req, { action: 'messagePush.add', targetType: 'push_message', targetId: row!.id, after: row });
  if (!scheduledAt) return { id: row!.id, ...(await dispatch(deps, row!.id)) };
  return { id: row!.id, status: 'scheduled', targeted: 0, sent: 0, delivered: 0, failed: 0 };
}

/**
 * Sends a message in status `sending`: deliveries for the audience through the sandbox, then the counts and `sent`.
 * Idempotent: deliveries already recorded are kept (ON CONFLICT), so a retry after a crash sends nobody twice.
 */
export async function dispatch(deps: Deps, id: number) {
  return deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(pushMessage).where(eq(pushMessage.id, id)).for('update');
    if (!m || m.status !== 'sending') return { status: m?.status ?? 'missing', targeted: m?.targeted ?? 0, sent: m?.sent ?? 0, delivered: m?.delivered ?? 0, failed: m?.failed ?? 0 };
    const [cfg] = await tx.select().from(pushConfig).where(eq(pushConfig.id, m.configId));
    const rate = cfg && cfg.enabled ? cfg.failureRate : 100;
    const sel = await audienceSql(tx, deps, { merchantId: m.merchantId, audience: m.audience as PushAudience, overdueDays: m.overdueDays, groupId: m.groupId });
    const now = deps.now();
    await tx.execute(sql`insert into ${pushDelivery} (message_id, customer_id, status, at)
      select ${id}, a.customer_id, case when mod(abs(hashtext(${String(id)} || ':' || a.customer_id::text)), 100) < ${rate} then 'failed' else 'delivered' end, ${now}
      from (${sel}) a on conflict (message_id, customer_id) do nothing`);
    const [c] = rowsOf<{ targeted: number; delivered: number; failed: number }>(await tx.execute(sql`select count(*)::int as targeted,
      count(*) filter (where status = 'delivered')::int as delivered, count(*) filter (where status = 'failed')::int as failed
      from ${pushDelivery} where message_id = ${id}`));
    const counts = { targeted: Number(c!.targeted), sent: Number(c!.targeted), delivered: Number(c!.delivered), failed: Number(c!.failed) };
    await tx.update(pushMessage).set({ ...counts, status: 'sent', sentAt: now }).where(eq(pushMessage.id, id));
    return { status: 'sent', ...counts };
  });
}

/** A scheduled message is cancelled by a guarded update: one already sending or sent is 40900. */
export async function cancelMessage(ctx: PushCtx, id: number) {
  const { db } = ctx.deps;
  const [cur] = await db.select().from(pushMessage).where(eq(pushMessage.id, id));
  if (!cur || !mayReach(ctx.actor, cur.merchantId)) throw notFound('@messagePush.what.message');
  const [row] = await db.update(pushMessage).set({ status: 'cancelled', cancelledAt: ctx.deps.now(), cancelledBy: ctx.actor.accountId })
    .where(and(eq(pushMessage.id, id), eq(pushMessage.status, 'scheduled'))).returning();
  if (!row) throw new AppError(CODE.CONFLICT, 'messagePush.notScheduled');
  await writeOpLog(db, ctx.req, { action: 'messagePush.cancel', targetType: 'push_message', targetId: id, before: { status: cur.status }, after: { status: 'cancelled' } });
  return { id, status: 'cancelled' };
}

/** The push job: claims due scheduled messages (scheduled → sending, guarded) and sends each. */
export async function sendDue(deps: Deps): Promise<{ sent: number }> {
  const now = deps.now();
  const claimed = await deps.db.update(pushMessage).set({ status: 'sending' })
    .where(and(eq(pushMessage.status, 'scheduled'), lte(pushMessage.scheduledAt, now))).returning({ id: pushMessage.id });
  // Messages left `sending` by a crash are picked up again (dispatch is idempotent).
  const stuck = await deps.db.select({ id: pushMessage.id }).from(pushMessage).where(eq(pushMessage.status, 'sending'));
  const ids = [...new Set([...claimed.map((r) => r.id), ...stuck.map((r) => r.id)])];
  for (const id of ids) await dispatch(deps, id);
  return { sent: ids.length };
}

// ------------------------------------------------------------------------------------------------ configurations

const shown = (c: typeof pushConfig.$inferSelect) => ({ ...c, secretSealed: c.secretSealed ? '***' : null });

export async function addConfig(ctx: PushCtx, b: z.infer<typeof pushConfigAddBody>) {
  const { db } = ctx.deps;
  await merchantInScope(db, ctx.actor, b.merchant_id);
  const sealed = b.secret ? await sealSecret(db, b.secret) : null;
  const now = ctx.deps.now();
  try {
    const [row] = await db.insert(pushConfig).values({
      merchantId: b.merchant_id, name: b.name, provider: b.push_provider, appId: b.app_id, secretSealed: sealed,
      secretHint: b.secret ? secretHint(b.secret) : '', failureRate: b.failure_rate, enabled: b.enabled, remark: b.remark, createdAt: now, updatedAt: now,
    }).returning();
    await writeOpLog(db, ctx.req, { action: 'messagePush.config.add', targetType: 'push_config', targetId: row!.id, after: shown(row!) });
    return { id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw field('name', 'messagePush.nameTaken');
    throw e;
  }
}

export async function editConfig(ctx: PushCtx, b: z.infer<typeof pushConfigEditBody>) {
  const { db } = ctx.deps;
  const sealed = b.secret ? await sealSecret(db, b.secret) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(pushConfig).where(eq(pushConfig.id, b.id)).for('update');
      if (!cur || !mayReach(ctx.actor, cur.merchantId)) throw notFound('@messagePush.what.config');
      const [row] = await tx.update(pushConfig).set({
        name: b.name ?? cur.name, appId: b.app_id ?? cur.appId, failureRate: b.failure_rate ?? cur.failureRate, enabled: b.enabled ?? cur.enabled,
        remark: b.remark ?? cur.remark, updatedAt: ctx.deps.now(), ...(sealed ? { secretSealed: sealed, secretHint: secretHint(b.secret!) } : {}),
      }).where(eq(pushConfig.id, b.id)).returning();
      await writeOpLog(tx, ctx.req, { action: 'messagePush.config.edit', targetType: 'push_config', targetId: b.id, before: shown(cur), after: shown(row!) });
      return { id: b.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw field('name', 'messagePush.nameTaken');
    throw e;
  }
}
