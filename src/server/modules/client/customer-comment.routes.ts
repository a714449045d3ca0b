import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CUSTOMER_DETAIL_PAGES, CUSTOMER_NODES } from '../../../../commands/customer.commands';
import { can } from '../../../../commands/permissions';
import { idBody64, type ListResult } from '../../../schemas/common';
import { commentAddBody, commentEssenceBody, commentListBody, commentSignBody, type CommentRow } from '../../../schemas/customer';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { route } from '../../http';
import { writeOpLog } from '../log/oplog';
import { adminAccount } from '../empower/empower.table';
import { customerComment } from './client.table';
import { findCustomer } from './customer.service';

type Comment = typeof customerComment.$inferSelect;

/**
 * Staff comments on a customer (spec §7 `customer_comment/*`): add, list, sign, essence, delete. Deleting is soft
 * (deleted_at) and allowed to the author, or to an account holding the delete node for anyone's comment. Every
 * call is scoped through the comment's customer to the account's merchants.
 */
export function customerCommentRoutes(app: FastifyInstance, d: Deps): void {
  /** A live comment whose customer is in the actor's scope (40400 otherwise), locked for the write. */
  async function liveComment(tx: DbOrTx, req: FastifyRequest, id: number): Promise<Comment> {
    const [row] = await tx.select().from(customerComment).where(and(eq(customerComment.id, id), isNull(customerComment.deletedAt))).limit(1).for('update');
    if (!row) throw notFound('customer_comment');
    await findCustomer(tx, req.actor!, row.customerId);
    return row;
  }

  const mayDelete = (req: FastifyRequest, c: Pick<Comment, 'accountId'>) =>
    c.accountId === req.actor!.accountId || can(req.actor!.nodes, CUSTOMER_NODES.delComment);

  route(app, { method: 'POST', url: '/loanapi/customer_comment/add_comment', permission: CUSTOMER_NODES.addComment, body: commentAddBody },
    async ({ req, body }) => {
      return d.db.transaction(async (tx) => {
        const c = await findCustomer(tx, req.actor!, body.customer_id);
        const [row] = await tx.insert(customerComment).values({
          customerId: c.id, accountId: req.actor!.accountId, content: body.content, createdAt: d.now(),
        }).returning();
        await writeOpLog(tx, req, { action: 'customer_comment.add', targetType: 'customer', targetId: c.id, after: { id: row.id, content: row.content } });
        return { id: row.id };
      });
    });

  route(app, { method: 'POST', url: '/loanapi/customer_comment/all_list', permission: [...CUSTOMER_DETAIL_PAGES], body: commentListBody, audit: false },
    async ({ req, body }): Promise<ListResult<CommentRow>> => {
      const c = await findCustomer(d.db, req.actor!, body.customer_id);
      const where = and(eq(customerComment.customerId, c.id), isNull(customerComment.deletedAt), body.essence ? eq(customerComment.essence, true) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        d.db.select({
          id: customerComment.id, customer_id: customerComment.customerId, content: customerComment.content, signed: customerComment.signed,
          essence: customerComment.essence, account_id: customerComment.accountId, account_name: adminAccount.name, created_at: customerComment.createdAt,
        }).from(customerComment)
          .leftJoin(adminAccount, eq(adminAccount.id, customerComment.accountId))
          .where(where)
          .orderBy(desc(customerComment.createdAt), desc(customerComment.id))
          .limit(body.page_size).offset((body.page - 1) * body.page_size),
        d.db.select({ n: count() }).from(customerComment).where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r, account_name: r.account_name ?? '', created_at: r.created_at.toISOString(), can_delete: mayDelete(req, { accountId: r.account_id }),
        })),
        total: Number(n),
      };
    });

  /** Sign and essence are the same write: one boolean flag on a live comment, logged before and after. */
  const setFlag = async (req: FastifyRequest, id: number, flag: 'signed' | 'essence', value: boolean, action: string) => {
    await d.db.transaction(async (tx) => {
      const before = await liveComment(tx, req, id);
      await tx.update(customerComment).set({ [flag]: value }).where(eq(customerComment.id, id));
      await writeOpLog(tx, req, {
        action, targetType: 'customer', targetId: before.customerId,
        before: { id: before.id, [flag]: before[flag] }, after: { id: before.id, [flag]: value },
      });
    });
    return { id, [flag]: value };
  };

  route(app, { method: 'POST', url: '/loanapi/customer_comment/comment_sign', permission: CUSTOMER_NODES.signComment, body: commentSignBody },
    ({ req, body }) => setFlag(req, body.id, 'signed', body.signed, 'customer_comment.sign'));

  route(app, { method: 'POST', url: '/loanapi/customer_comment/set_essence', permission: CUSTOMER_NODES.essenceComment, body: commentEssenceBody },
    ({ req, body }) => setFlag(req, body.id, 'essence', body.essence, 'customer_comment.essence'));

  // Authors delete their own comments with the add node; the delete node deletes anyone's.
  route(app, {
    method: 'POST', url: '/loanapi/customer_comment/del_comment', permission: [CUSTOMER_NODES.delComment, CUSTOMER_NODES.addComment], body: idBody64,
  }, async ({ req, body }) => {
    await d.db.transaction(async (tx) => {
      const before = await liveComment(tx, req, body.id);
      if (!mayDelete(req, before)) throw forbidden();
      await tx.update(customerComment).set({ deletedAt: d.now() }).where(eq(customerComment.id, body.id));
      await writeOpLog(tx, req, {
        action: 'customer_comment.del', targetType: 'customer', targetId: before.customerId,
        before: { id: before.id, content: before.content, account_id: before.accountId },
      });
    });
    return { id: body.id };
  });
}
