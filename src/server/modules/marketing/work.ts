import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { LANG_BY_CODE } from '../../../schemas/i18n';
import { myListQuery, type MarketingResult, type noteBody, type resultBody, type sendLinkBody } from '../../../schemas/marketing';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { defineList } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { langOfMarket } from '../withdrawal/sms';
import { marketingContact, marketingEntry, marketingGroup, marketingLink, marketingSms } from './marketing.table';
import { ownEntry, type MarketingCtx } from './scope';

/**
 * myMarketingList (docs/marketing.md "Working the numbers"): the numbers dispatched to the signed-in agent, a result
 * per call (1–4), notes, and the promotion link by SMS. Every result, note and SMS is a marketing_contact row and an
 * operation-log row; another agent's number does not exist for the actor (40400).
 */

export const myList = defineList({
  id: 'marketing.myMarketingList',
  permission: pageKey('Marketing', 'myMarketingList'),
  from: marketingEntry,
  columns: {
    id: marketingEntry.id,
    merchant_id: marketingEntry.merchantId,
    group_id: marketingEntry.groupId,
    group_name: sql<string | null>`(select g.name from ${marketingGroup} g where g.id = ${outer(marketingEntry.groupId)})`,
    product_name: sql<string | null>`(select p.name from ${marketingGroup} g join ${product} p on p.id = g.product_id where g.id = ${outer(marketingEntry.groupId)})`,
    limit_minor: sql<number | null>`(select g.limit_minor from ${marketingGroup} g where g.id = ${outer(marketingEntry.groupId)})`,
    currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(marketingEntry.merchantId)})`,
    phone: marketingEntry.phone,
    result: marketingEntry.result,
    result_at: marketingEntry.resultAt,
    note: marketingEntry.note,
    contacts: marketingEntry.contacts,
    sms_count: marketingEntry.smsCount,
    last_sms_at: marketingEntry.lastSmsAt,
    customer_id: marketingEntry.customerId,
    registered_at: marketingEntry.registeredAt,
    dispatched_at: marketingEntry.dispatchedAt,
    updated_at: marketingEntry.updatedAt,
  },
  filters: myListQuery,
  // Always the actor's own numbers, inside its merchants.
  scope: (actor) => and(eq(marketingEntry.agentId, actor.accountId), isUnscoped(actor) ? undefined : inArray(marketingEntry.merchantId, actor.merchantIds)),
  where: (f) => [
    f.group_id !== undefined ? eq(marketingEntry.groupId, f.group_id) : undefined,
    f.phone ? eq(marketingEntry.phone, f.phone.replace(/[\s().-]/g, '')) : undefined,
    f.result === undefined ? undefined : eq(marketingEntry.result, f.result === 'none' ? '' : f.result),
    f.registered === undefined ? undefined : f.registered ? isNotNull(marketingEntry.customerId) : isNull(marketingEntry.customerId),
  ],
  sorts: { id: marketingEntry.id },
  defaultSort: 'id:asc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'group_name', title: 'marketing.field.group' },
    { key: 'phone', title: 'field.phone' },
    { key: 'result', title: 'marketing.field.result' },
    { key: 'note', title: 'marketing.field.note' },
    { key: 'sms_count', title: 'marketing.field.sms' },
    { key: 'registered_at', title: 'marketing.field.registered_at' },
  ],
});

type EntryRowDb = typeof marketingEntry.$inferSelect;
const entryView = (e: EntryRowDb) => ({ id: e.id, phone: e.phone, result: e.result, note: e.note, contacts: e.contacts, sms_count: e.smsCount, updated_at: e.updatedAt.toISOString() });

/** The number changed since the agent's screen showed it (another tab, a supervisor): refuse rather than act on it. */
function assertSeen(e: EntryRowDb, seenAt: string | undefined) {
  if (seenAt === undefined) return;
  if (Math.abs(new Date(seenAt).getTime() - e.updatedAt.getTime()) >= 1) throw new AppError(CODE.CONFLICT, 'marketing.entryChanged');
}

export async function recordResult(ctx: MarketingCtx, result: MarketingResult, body: z.infer<typeof resultBody>) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const e = await ownEntry(tx, actor, body.id, true);
    assertSeen(e, body.seen_at);
    const note = body.note ?? e.note;
    const [u] = await tx.update(marketingEntry).set({ result, resultAt: now, note, contacts: sql`${marketingEntry.contacts} + 1`, updatedAt: now })
      .where(eq(marketingEntry.id, e.id)).returning();
    await tx.insert(marketingContact).values({ merchantId: e.merchantId, entryId: e.id, accountId: actor.accountId, kind: 'result', result, note: body.note ?? '', createdAt: now });
    await writeOpLog(tx, req, { action: `marketing.my.${result}`, targetType: 'marketing_entry', targetId: e.id, before: entryView(e), after: entryView(u) });
    return entryView(u);
  });
}

export async function addNote(ctx: MarketingCtx, body: z.infer<typeof noteBody>) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const e = await ownEntry(tx, actor, body.id, true);
    const [u] = await tx.update(marketingEntry).set({ note: body.note, updatedAt: now }).where(eq(marketingEntry.id, e.id)).returning();
    await tx.insert(marketingContact).values({ merchantId: e.merchantId, entryId: e.id, accountId: actor.accountId, kind: 'note', note: body.note, createdAt: now });
    await writeOpLog(tx, req, { action: 'marketing.my.note', targetType: 'marketing_entry', targetId: e.id, before: { note: e.note }, after: { note: body.note } });
    return entryView(u);
  });
}

/** The link an agent sends: the one named (of the number's merchant, enabled, the agent's own or nobody's), else the agent's own, else the merchant's shared one. */
async function linkFor(db: DbOrTx, actor: Actor, merchantId: number, linkId: number | undefined) {
  const usable = and(eq(marketingLink.merchantId, merchantId), eq(marketingLink.enabled, true), or(isNull(marketingLink.agentId), eq(marketingLink.agentId, actor.accountId)));
  const [l] = await db.select().from(marketingLink).where(and(usable, linkId === undefined ? undefined : eq(marketingLink.id, linkId)))
    .orderBy(desc(sql`${marketingLink.agentId} is not null`), asc(marketingLink.id)).limit(1);
  if (!l) throw new AppError(CODE.INVALID_TRANSITION, linkId === undefined ? 'marketing.noLink' : 'marketing.linkUnusable');
  return l;
}

/** Base of the short links: PROMO_BASE_URL when set (the public domain), else the address the console was reached at. */
export function shortBase(req: FastifyRequest): string {
  return (process.env.PROMO_BASE_URL ?? `${req.protocol}://${req.host}`).replace(/\/$/, '');
}

export async function sendLink(ctx: MarketingCtx, body: z.infer<typeof sendLinkBody>) {
  const { deps, req, actor } = ctx;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const e = await ownEntry(tx, actor, body.id, true);
    const link = await linkFor(tx, actor, e.merchantId, body.link_id);
    const [m] = await tx.select({ market: merchant.market, name: merchant.name }).from(merchant).where(eq(merchant.id, e.merchantId));
    const content = translate(LANG_BY_CODE[langOfMarket(m?.market)], 'marketing.sms.text', { merchant: m?.name ?? '', url: `${shortBase(req)}/p/${link.code}` }).slice(0, 500);
    const [sms] = await tx.insert(marketingSms).values({ merchantId: e.merchantId, entryId: e.id, phone: e.phone, linkId: link.id, content, accountId: actor.accountId, createdAt: now })
      .returning({ id: marketingSms.id });
    const [u] = await tx.update(marketingEntry).set({ smsCount: sql`${marketingEntry.smsCount} + 1`, lastSmsAt: now, linkId: link.id, updatedAt: now })
      .where(eq(marketingEntry.id, e.id)).returning();
    await tx.insert(marketingContact).values({ merchantId: e.merchantId, entryId: e.id, accountId: actor.accountId, kind: 'sms', note: link.code, createdAt: now });
    await writeOpLog(tx, req, { action: 'marketing.my.sms', targetType: 'marketing_entry', targetId: e.id, after: { sms_id: sms.id, link: link.code, content } });
    return { ...entryView(u), sms_id: sms.id, content };
  });
}

/** What was done on one of the actor's numbers, newest first. */
export async function history(db: DbOrTx, actor: Actor, id: number) {
  const e = await ownEntry(db, actor, id);
  const rows = await db.select({
    id: marketingContact.id, kind: marketingContact.kind, result: marketingContact.result, note: marketingContact.note, created_at: marketingContact.createdAt,
    account_name: adminAccount.name,
  }).from(marketingContact).leftJoin(adminAccount, eq(adminAccount.id, marketingContact.accountId))
    .where(eq(marketingContact.entryId, e.id)).orderBy(desc(marketingContact.id)).limit(100);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
