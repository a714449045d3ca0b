import { eq, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { pushConfigListQuery, pushListQuery } from '../../../schemas/messagePush';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { marketingGroup } from '../marketing/marketing.table';
import { merchant } from '../merchant/merchant.table';
import { pushConfig, pushMessage } from './messagePush.table';

/** The lists of /system messagePush: messages and push configurations, scoped to the reader's merchants. */

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const PAGE = pageKey('system', 'messagePush');

export const pushList = defineList({
  id: 'system.messagePush',
  permission: PAGE,
  from: pushMessage,
  columns: {
    id: pushMessage.id,
    merchant_id: pushMessage.merchantId,
    merchant_name: merchantName(pushMessage.merchantId),
    config_name: sql<string | null>`(select c.name from ${pushConfig} c where c.id = ${outer(pushMessage.configId)})`,
    title: pushMessage.title,
    body: pushMessage.body,
    link_url: pushMessage.linkUrl,
    audience: pushMessage.audience,
    overdue_days: pushMessage.overdueDays,
    group_id: pushMessage.groupId,
    group_name: sql<string | null>`(select g.name from ${marketingGroup} g where g.id = ${outer(pushMessage.groupId)})`,
    status: pushMessage.status,
    scheduled_at: pushMessage.scheduledAt,
    targeted: pushMessage.targeted,
    sent: pushMessage.sent,
    delivered: pushMessage.delivered,
    failed: pushMessage.failed,
    created_by_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(pushMessage.createdBy)})`,
    created_at: pushMessage.createdAt,
    sent_at: pushMessage.sentAt,
    cancelled_at: pushMessage.cancelledAt,
  },
  filters: pushListQuery,
  scope: merchantScope(pushMessage.merchantId),
  where: (f, _a, ctx) => [
    f.merchant_id !== undefined ? eq(pushMessage.merchantId, f.merchant_id) : undefined,
    f.push_status ? eq(pushMessage.status, f.push_status) : undefined,
    f.push_audience ? eq(pushMessage.audience, f.push_audience) : undefined,
    ...dateRange(pushMessage.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: pushMessage.createdAt, id: pushMessage.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'title', title: 'messagePush.field.title' },
    { key: 'audience', title: 'messagePush.field.audience' },
    { key: 'status', title: 'messagePush.field.status' },
    { key: 'scheduled_at', title: 'messagePush.field.send_at' },
    { key: 'targeted', title: 'messagePush.field.targeted' },
    { key: 'sent', title: 'messagePush.field.sent' },
    { key: 'delivered', title: 'messagePush.field.delivered' },
    { key: 'failed', title: 'messagePush.field.failed' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

export const pushConfigList = defineList({
  id: 'system.messagePush.configs',
  permission: PAGE,
  from: pushConfig,
  columns: {
    id: pushConfig.id,
    merchant_id: pushConfig.merchantId,
    merchant_name: merchantName(pushConfig.merchantId),
    name: pushConfig.name,
    provider: pushConfig.provider,
    app_id: pushConfig.appId,
    has_secret: sql<boolean>`(${outer(pushConfig.secretSealed)} is not null)`,
    secret_hint: pushConfig.secretHint,
    failure_rate: pushConfig.failureRate,
    enabled: pushConfig.enabled,
    remark: pushConfig.remark,
    messages: sql<number>`(select count(*)::int from ${pushMessage} p where p.config_id = ${outer(pushConfig.id)})`,
    created_at: pushConfig.createdAt,
  },
  filters: pushConfigListQuery,
  scope: merchantScope(pushConfig.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(pushConfig.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(pushConfig.enabled, f.enabled) : undefined,
  ],
  sorts: { id: pushConfig.id },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'messagePush.field.name' },
    { key: 'provider', title: 'messagePush.field.provider' },
    { key: 'failure_rate', title: 'messagePush.field.failure_rate' },
    { key: 'enabled', title: 'messagePush.field.enabled' },
  ],
});
