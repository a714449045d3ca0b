import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { FORUM_RULES, type AppForumPost, type appForumPostBody, type appForumReplyBody, type appForumReportBody } from '../../../schemas/forum';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { customer } from '../client/client.table';
import { assertMayUse, checkedPhone, homeCustomer } from '../intake/customers';
import type { IntakeCaller } from '../intake/auth';
import { postNotFound } from './forum';
import { forumPost, forumReply, forumReport } from './forum.table';

/**
 * The borrower app's side of the forum (docs/forum.md), signed with the app key: the forum of the key's own merchant.
 * The borrower is named by phone like the other intake calls and must be one of the merchant's customers allowed to use
 * the app. Hidden posts do not exist for borrowers (40400), nor do other merchants' posts.
 */

/** How a borrower appears to other borrowers: an initial and the phone's last two digits, never the name or number. */
const alias = (name: string | null, phone: string | null) => `${(name ?? '?').trim().slice(0, 1).toUpperCase() || '?'}***${(phone ?? '').slice(-2)}`;

const throttled = (id: string) => new AppError(CODE.THROTTLED, id, { max: id.endsWith('Posts') ? FORUM_RULES.postsPerWindow : FORUM_RULES.repliesPerWindow, minutes: FORUM_RULES.windowMinutes }, 429);

async function borrower(db: DbOrTx, caller: IntakeCaller, phone: string) {
  const c = await homeCustomer(db, caller, checkedPhone(caller.merchant, phone));
  assertMayUse(c);
  return c;
}

async function visiblePost(db: DbOrTx, caller: IntakeCaller, id: number, lock = false) {
  const q = db.select().from(forumPost).where(and(eq(forumPost.id, id), eq(forumPost.merchantId, caller.merchant.id), eq(forumPost.hidden, false))).limit(1);
  const [p] = lock ? await q.for('update') : await q;
  if (!p) throw postNotFound();
  return p;
}

/** One writer per customer at a time, so that a burst of parallel posts cannot all pass the count (works on PGlite and PostgreSQL). */
const lockCustomer = (tx: DbOrTx, customerId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('forum'), ${customerId % 2_147_483_647}::int)`);

export async function appPosts(deps: Deps, caller: IntakeCaller, page: number, size: number) {
  const where = and(eq(forumPost.merchantId, caller.merchant.id), eq(forumPost.hidden, false));
  const rows = await deps.db.select({
    id: forumPost.id, title: forumPost.title, body: forumPost.body, pinned: forumPost.pinned, replies: forumPost.replyCount, created_at: forumPost.createdAt,
    name: customer.name, phone: customer.phone,
  }).from(forumPost).leftJoin(customer, eq(customer.id, forumPost.customerId)).where(where)
    .orderBy(desc(forumPost.pinned), desc(forumPost.createdAt), desc(forumPost.id)).limit(size + 1).offset((page - 1) * size);
  const posts: AppForumPost[] = rows.slice(0, size).map((r) => ({
    id: r.id, title: r.title, body: r.body, author: alias(r.name, r.phone), pinned: r.pinned, replies: r.replies, created_at: r.created_at.toISOString(),
  }));
  return { rows: posts, page, size, has_more: rows.length > size };
}

export async function appThread(deps: Deps, caller: IntakeCaller, id: number) {
  const p = await visiblePost(deps.db, caller, id);
  const [author] = await deps.db.select({ name: customer.name, phone: customer.phone }).from(customer).where(eq(customer.id, p.customerId));
  const replies = await deps.db.select({ id: forumReply.id, author: forumReply.author, body: forumReply.body, created_at: forumReply.createdAt, name: customer.name, phone: customer.phone })
    .from(forumReply).leftJoin(customer, eq(customer.id, forumReply.customerId)).where(eq(forumReply.postId, id)).orderBy(asc(forumReply.id)).limit(500);
  return {
    post: { id: p.id, title: p.title, body: p.body, author: alias(author?.name ?? null, author?.phone ?? null), pinned: p.pinned, replies: p.replyCount, created_at: p.createdAt.toISOString() },
    replies: replies.map((r) => ({
      id: r.id, staff: r.author === 'staff', author: r.author === 'staff' ? null : alias(r.name, r.phone), body: r.body, created_at: r.created_at.toISOString(),
    })),
  };
}

export async function appCreatePost(deps: Deps, caller: IntakeCaller, b: z.infer<typeof appForumPostBody>) {
  const c = await borrower(deps.db, caller, b.phone);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, c.id);
    const since = new Date(now.getTime() - FORUM_RULES.windowMinutes * 60_000);
    const [{ n }] = await tx.select({ n: count() }).from(forumPost).where(and(eq(forumPost.customerId, c.id), gte(forumPost.createdAt, since)));
    if (n >= FORUM_RULES.postsPerWindow) throw throttled('forum.tooManyPosts');
    const [p] = await tx.insert(forumPost).values({ merchantId: caller.merchant.id, customerId: c.id, title: b.title, body: b.body, createdAt: now, lastActivityAt: now })
      .returning({ id: forumPost.id });
    return { id: p.id };
  });
}

export async function appReply(deps: Deps, caller: IntakeCaller, b: z.infer<typeof appForumReplyBody>) {
  const c = await borrower(deps.db, caller, b.phone);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, c.id);
    await visiblePost(tx, caller, b.post_id, true);
    const since = new Date(now.getTime() - FORUM_RULES.windowMinutes * 60_000);
    const [{ n }] = await tx.select({ n: count() }).from(forumReply).where(and(eq(forumReply.customerId, c.id), gte(forumReply.createdAt, since)));
    if (n >= FORUM_RULES.repliesPerWindow) throw throttled('forum.tooManyReplies');
    const [r] = await tx.insert(forumReply).values({ postId: b.post_id, author: 'customer', customerId: c.id, body: b.body, createdAt: now }).returning({ id: forumReply.id });
    await tx.update(forumPost).set({ replyCount: sql`${forumPost.replyCount} + 1`, lastActivityAt: now }).where(eq(forumPost.id, b.post_id));
    return { id: r.id };
  });
}

export async function appReport(deps: Deps, caller: IntakeCaller, b: z.infer<typeof appForumReportBody>) {
  const c = await borrower(deps.db, caller, b.phone);
  return deps.db.transaction(async (tx) => {
    await visiblePost(tx, caller, b.post_id, true);
    const made = await tx.insert(forumReport).values({ postId: b.post_id, customerId: c.id, reason: b.reason, createdAt: deps.now() })
      .onConflictDoNothing().returning({ id: forumReport.id });
    if (made.length === 0) throw new AppError(CODE.CONFLICT, 'forum.alreadyReported', {}, 200, [{ path: 'post_id', id: 'forum.alreadyReported', values: {} }]);
    await tx.update(forumPost).set({ reportCount: sql`${forumPost.reportCount} + 1` }).where(eq(forumPost.id, b.post_id));
    return { post_id: b.post_id, reported: true };
  });
}
