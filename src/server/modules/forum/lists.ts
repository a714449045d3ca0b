import { eq, gt, ilike, or, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { forumListQuery } from '../../../schemas/forum';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { customer } from '../client/client.table';
import { likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { forumPost } from './forum.table';

/** /AppConfig App_Forum, declared once (docs/list-engine.md): reported posts first by default. */
export const forumColumns = {
  id: forumPost.id,
  merchant_id: forumPost.merchantId,
  merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(forumPost.merchantId)})`,
  customer_id: forumPost.customerId,
  customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(forumPost.customerId)})`,
  phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(forumPost.customerId)})`,
  title: forumPost.title,
  body: forumPost.body,
  reports: forumPost.reportCount,
  replies: forumPost.replyCount,
  pinned: forumPost.pinned,
  hidden: forumPost.hidden,
  last_activity_at: forumPost.lastActivityAt,
  created_at: forumPost.createdAt,
};

export const forumList = defineList({
  id: 'app.App_Forum',
  permission: pageKey('App', 'App_Forum'),
  from: forumPost,
  columns: forumColumns,
  filters: forumListQuery,
  scope: merchantScope(forumPost.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(forumPost.merchantId, f.merchant_id) : undefined,
    f.reported === undefined ? undefined : f.reported ? gt(forumPost.reportCount, 0) : eq(forumPost.reportCount, 0),
    f.hidden !== undefined ? eq(forumPost.hidden, f.hidden) : undefined,
    f.pinned !== undefined ? eq(forumPost.pinned, f.pinned) : undefined,
    f.q ? or(ilike(forumPost.title, `%${likeEscape(f.q)}%`), ilike(forumPost.body, `%${likeEscape(f.q)}%`)) : undefined,
  ],
  sorts: { reports: forumPost.reportCount, created_at: forumPost.createdAt, last_activity_at: forumPost.lastActivityAt, id: forumPost.id },
  defaultSort: 'reports:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'forum.field.customer' },
    { key: 'title', title: 'forum.field.title' },
    { key: 'body', title: 'forum.field.body' },
    { key: 'reports', title: 'forum.field.reports' },
    { key: 'replies', title: 'forum.field.replies' },
    { key: 'pinned', title: 'forum.field.pinned' },
    { key: 'hidden', title: 'forum.field.hidden' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});
