import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { ForumPostRow, ForumReplyView, ForumThread } from '../../../schemas/forum';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { maskRow } from '../../list/mask';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { forumColumns } from './lists';
import { forumPost, forumReply, forumReport } from './forum.table';

/**
 * Staff side of the forum (docs/forum.md): the thread of a post, hide / unhide, pin / unpin and the staff reply. A post of
 * a merchant the account does not serve answers 40400 like a missing one. Each write states the wanted value (hidden:
 * true), so a key pressed twice or a retried request does not flip it back.
 */

export interface ForumCtx { deps: Deps; req: FastifyRequest; actor: Actor }

export const postNotFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@forum.what' });

async function scopedPost(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const q = db.select().from(forumPost).where(eq(forumPost.id, id)).limit(1);
  const [p] = lock ? await q.for('update') : await q;
  if (!p || !(isUnscoped(actor) || actor.merchantIds.includes(p.merchantId))) throw postNotFound();
  return p;
}

export async function threadOf(c: ForumCtx, id: number): Promise<ForumThread> {
  await scopedPost(c.deps.db, c.actor, id);
  const [row] = await c.deps.db.select(forumColumns).from(forumPost).where(eq(forumPost.id, id));
  const post = maskRow({ ...row, last_activity_at: row.last_activity_at.toISOString(), created_at: row.created_at.toISOString() }, { phone: 'phone' }, c.actor) as ForumPostRow;
  const replies = await c.deps.db.select({
    id: forumReply.id, author: forumReply.author, body: forumReply.body, created_at: forumReply.createdAt,
    name: sql<string | null>`case when ${forumReply.author} = 'staff' then (select a.name from ${adminAccount} a where a.id = ${forumReply.accountId})
      else (select c.name from ${customer} c where c.id = ${forumReply.customerId}) end`,
  }).from(forumReply).where(eq(forumReply.postId, id)).orderBy(asc(forumReply.id)).limit(500);
  const reports = await c.deps.db.select({ reason: forumReport.reason, count: count() }).from(forumReport)
    .where(eq(forumReport.postId, id)).groupBy(forumReport.reason).orderBy(asc(forumReport.reason));
  return {
    post,
    replies: replies.map((r): ForumReplyView => ({ ...r, author: r.author as ForumReplyView['author'], created_at: r.created_at.toISOString() })),
    reports,
  };
}

export async function setHidden(c: ForumCtx, id: number, hidden: boolean) {
  return c.deps.db.transaction(async (tx) => {
    const before = await scopedPost(tx, c.actor, id, true);
    if (before.hidden === hidden) return { id, hidden };
    await tx.update(forumPost).set(hidden ? { hidden, hiddenBy: c.actor.accountId, hiddenAt: c.deps.now() } : { hidden, hiddenBy: null, hiddenAt: null })
      .where(eq(forumPost.id, id));
    await writeOpLog(tx, c.req, { action: hidden ? 'forum.hide' : 'forum.unhide', targetType: 'forum_post', targetId: id, before: { hidden: before.hidden }, after: { hidden } });
    return { id, hidden };
  });
}

export async function setPinned(c: ForumCtx, id: number, pinned: boolean) {
  return c.deps.db.transaction(async (tx) => {
    const before = await scopedPost(tx, c.actor, id, true);
    if (before.pinned === pinned) return { id, pinned };
    await tx.update(forumPost).set({ pinned }).where(eq(forumPost.id, id));
    await writeOpLog(tx, c.req, { action: pinned ? 'forum.pin' : 'forum.unpin', targetType: 'forum_post', targetId: id, before: { pinned: before.pinned }, after: { pinned } });
    return { id, pinned };
  });
}

export async function staffReply(c: ForumCtx, id: number, body: string) {
  return c.deps.db.transaction(async (tx) => {
    await scopedPost(tx, c.actor, id, true);
    const now = c.deps.now();
    const [r] = await tx.insert(forumReply).values({ postId: id, author: 'staff', accountId: c.actor.accountId, body, createdAt: now }).returning({ id: forumReply.id });
    await tx.update(forumPost).set({ replyCount: sql`${forumPost.replyCount} + 1`, lastActivityAt: now }).where(eq(forumPost.id, id));
    await writeOpLog(tx, c.req, { action: 'forum.reply', targetType: 'forum_post', targetId: id, after: { reply_id: r.id, body } });
    return { id, reply_id: r.id };
  });
}
