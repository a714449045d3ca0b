import { eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { smsAlertListQuery, smsConfigListQuery, smsMessageListQuery, smsRecipientsQuery, smsTaskListQuery } from '../../../schemas/sms';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped, likeEscape } from '../empower/scope';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { smsAlert, smsConfig, smsMessage, smsTask, smsTaskRecipient } from './sms.table';

/**
 * Lists of the SMS area, declared once (docs/list-engine.md): configurations (platform and merchant), messages with
 * their delivery status, balance alarms, tasks and a task's recipients. Phones are masked for privacy-protected accounts.
 */

const SYSTEM_PAGE = pageKey('system', 'systemSmsConfig');
const MERCHANT_PAGE = pageKey('merchant', 'smsConfig');
const TASK_PAGE = pageKey('merchant', 'smsSendTask');

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;

const configColumns = {
  id: smsConfig.id,
  merchant_id: smsConfig.merchantId,
  merchant_name: merchantName(smsConfig.merchantId),
  name: smsConfig.name,
  provider: smsConfig.provider,
  purpose: smsConfig.purpose,
  enabled: smsConfig.enabled,
  probability: smsConfig.probability,
  sort_order: smsConfig.sortOrder,
  balance: smsConfig.balance,
  min_balance: smsConfig.minBalance,
  alarm_threshold: smsConfig.alarmThreshold,
  alarm: smsConfig.alarmRaised,
  rate_per_second: smsConfig.ratePerSecond,
  params: smsConfig.params,
  secret_hint: smsConfig.secretHint,
  number_prefix: smsConfig.numberPrefix,
  text: smsConfig.text,
  sent: smsConfig.sent,
  updated_at: smsConfig.updatedAt,
};

const configExport: { key: 'name' | 'provider' | 'purpose' | 'enabled' | 'probability' | 'sort_order' | 'balance' | 'min_balance' | 'alarm_threshold' | 'number_prefix' | 'sent'; title: string }[] = [
  { key: 'name', title: 'sms.field.name' },
  { key: 'provider', title: 'sms.field.provider' },
  { key: 'purpose', title: 'sms.field.purpose' },
  { key: 'enabled', title: 'sms.field.enabled' },
  { key: 'probability', title: 'sms.field.probability' },
  { key: 'sort_order', title: 'sms.field.sort_order' },
  { key: 'balance', title: 'sms.field.balance' },
  { key: 'min_balance', title: 'sms.field.min_balance' },
  { key: 'alarm_threshold', title: 'sms.field.alarm_threshold' },
  { key: 'number_prefix', title: 'sms.field.number_prefix' },
  { key: 'sent', title: 'sms.field.sent' },
];

/** /system systemSmsConfig: the platform's configurations (no merchant). */
export const systemConfigList = defineList({
  id: 'system.systemSmsConfig',
  permission: SYSTEM_PAGE,
  from: smsConfig,
  columns: configColumns,
  filters: smsConfigListQuery.omit({ merchant_id: true }),
  where: (f) => [
    isNull(smsConfig.merchantId),
    f.purpose ? eq(smsConfig.purpose, f.purpose) : undefined,
    f.provider ? eq(smsConfig.provider, f.provider) : undefined,
    f.enabled !== undefined ? eq(smsConfig.enabled, f.enabled) : undefined,
  ],
  sorts: { id: smsConfig.id },
  defaultSort: 'id:asc',
  exportColumns: configExport,
});

/** /merchant smsConfig: the merchants' own configurations. */
export const merchantConfigList = defineList({
  id: 'merchant.smsConfig',
  permission: MERCHANT_PAGE,
  from: smsConfig,
  columns: configColumns,
  filters: smsConfigListQuery,
  scope: merchantScope(smsConfig.merchantId),
  where: (f) => [
    isNotNull(smsConfig.merchantId),
    f.merchant_id !== undefined ? eq(smsConfig.merchantId, f.merchant_id) : undefined,
    f.purpose ? eq(smsConfig.purpose, f.purpose) : undefined,
    f.provider ? eq(smsConfig.provider, f.provider) : undefined,
    f.enabled !== undefined ? eq(smsConfig.enabled, f.enabled) : undefined,
  ],
  sorts: { id: smsConfig.id },
  defaultSort: 'id:asc',
  exportColumns: [{ key: 'merchant_name' as const, title: 'field.merchant_id' }, ...configExport],
});

/** Every message with its delivery status (both configuration screens; merchant staff see their merchants' only). */
export const messageList = defineList({
  id: 'merchant.smsConfig.messages',
  permission: [MERCHANT_PAGE, SYSTEM_PAGE, TASK_PAGE],
  from: smsMessage,
  columns: {
    id: smsMessage.id,
    merchant_id: smsMessage.merchantId,
    merchant_name: merchantName(smsMessage.merchantId),
    config_id: smsMessage.configId,
    config_name: sql<string | null>`(select c.name from ${smsConfig} c where c.id = ${outer(smsMessage.configId)})`,
    purpose: smsMessage.purpose,
    source: smsMessage.source,
    task_id: smsMessage.taskId,
    phone: smsMessage.phone,
    content: smsMessage.content,
    status: smsMessage.status,
    provider_ref: smsMessage.providerRef,
    error: smsMessage.error,
    created_at: smsMessage.createdAt,
    sent_at: smsMessage.sentAt,
    delivered_at: smsMessage.deliveredAt,
  },
  filters: smsMessageListQuery,
  scope: merchantScope(smsMessage.merchantId),
  where: (f, _a, ctx) => [
    f.merchant_id !== undefined ? eq(smsMessage.merchantId, f.merchant_id) : undefined,
    f.config_id !== undefined ? eq(smsMessage.configId, f.config_id) : undefined,
    f.purpose ? eq(smsMessage.purpose, f.purpose) : undefined,
    f.status ? eq(smsMessage.status, f.status) : undefined,
    f.source ? eq(smsMessage.source, f.source) : undefined,
    f.task_id !== undefined ? eq(smsMessage.taskId, f.task_id) : undefined,
    f.phone ? eq(smsMessage.phone, f.phone.replace(/[\s().-]/g, '')) : undefined,
    ...dateRange(smsMessage.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: smsMessage.createdAt, id: smsMessage.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'config_name', title: 'sms.field.config' },
    { key: 'purpose', title: 'sms.field.purpose' },
    { key: 'source', title: 'sms.field.source' },
    { key: 'phone', title: 'field.phone' },
    { key: 'content', title: 'sms.field.content' },
    { key: 'status', title: 'sms.field.status' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'delivered_at', title: 'sms.field.delivered_at' },
  ],
});

/** Balance alarms (a configuration fell to its threshold). */
export const alertList = defineList({
  id: 'merchant.smsConfig.alerts',
  permission: [MERCHANT_PAGE, SYSTEM_PAGE],
  from: smsAlert,
  columns: {
    id: smsAlert.id,
    config_id: smsAlert.configId,
    config_name: sql<string | null>`(select c.name from ${smsConfig} c where c.id = ${outer(smsAlert.configId)})`,
    merchant_name: merchantName(smsAlert.merchantId),
    balance: smsAlert.balance,
    threshold: smsAlert.threshold,
    created_at: smsAlert.createdAt,
  },
  filters: smsAlertListQuery,
  // Platform alarms (no merchant) are for accounts that see every merchant.
  scope: (actor) => (isUnscoped(actor) ? undefined : sql`${smsAlert.merchantId} = any(${`{${actor.merchantIds.join(',')}}`}::int[])`),
  where: (f) => [f.merchant_id !== undefined ? eq(smsAlert.merchantId, f.merchant_id) : undefined],
  sorts: { created_at: smsAlert.createdAt, id: smsAlert.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'config_name', title: 'sms.field.config' },
    { key: 'balance', title: 'sms.field.balance' },
    { key: 'threshold', title: 'sms.field.alarm_threshold' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

/** /merchant smsSendTask (spec §3 SMS task). */
export const taskList = defineList({
  id: 'merchant.smsSendTask',
  permission: TASK_PAGE,
  from: smsTask,
  columns: {
    id: smsTask.id,
    merchant_id: smsTask.merchantId,
    merchant_name: merchantName(smsTask.merchantId),
    type: smsTask.type,
    name: smsTask.name,
    content: smsTask.content,
    source: smsTask.source,
    number_count: smsTask.numberCount,
    sent_count: smsTask.sentCount,
    success_count: smsTask.successCount,
    failed_count: smsTask.failedCount,
    skipped_count: smsTask.skippedCount,
    status: smsTask.status,
    dup_code: smsTask.dupCode,
    created_by: smsTask.createdBy,
    created_by_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(smsTask.createdBy)})`,
    created_at: smsTask.createdAt,
    started_at: smsTask.startedAt,
    finished_at: smsTask.finishedAt,
  },
  filters: smsTaskListQuery,
  scope: merchantScope(smsTask.merchantId),
  where: (f, _a, ctx) => [
    f.merchant_id !== undefined ? eq(smsTask.merchantId, f.merchant_id) : undefined,
    f.type ? eq(smsTask.type, f.type) : undefined,
    f.status ? eq(smsTask.status, f.status) : undefined,
    f.name ? ilike(smsTask.name, `%${likeEscape(f.name)}%`) : undefined,
    ...dateRange(smsTask.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: smsTask.createdAt, id: smsTask.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'id', title: 'sms.field.task_id' },
    { key: 'type', title: 'sms.field.type' },
    { key: 'name', title: 'sms.field.name' },
    { key: 'content', title: 'sms.field.content' },
    { key: 'number_count', title: 'sms.field.number_count' },
    { key: 'sent_count', title: 'sms.field.sent_count' },
    { key: 'success_count', title: 'sms.field.success_count' },
    { key: 'status', title: 'sms.field.status' },
    { key: 'created_by_name', title: 'sms.field.created_by' },
    { key: 'dup_code', title: 'sms.field.dup_code' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

/** A task's numbers and what happened to each. */
export const recipientList = defineList({
  id: 'merchant.smsSendTask.recipients',
  permission: TASK_PAGE,
  from: smsTaskRecipient,
  columns: {
    id: smsTaskRecipient.id,
    task_id: smsTaskRecipient.taskId,
    phone: smsTaskRecipient.phone,
    name: smsTaskRecipient.name,
    status: smsTaskRecipient.status,
    message_id: smsTaskRecipient.messageId,
    updated_at: smsTaskRecipient.updatedAt,
  },
  filters: smsRecipientsQuery,
  scope: (actor) => (isUnscoped(actor) ? undefined
    : sql`exists (select 1 from ${smsTask} t where t.id = ${outer(smsTaskRecipient.taskId)} and t.merchant_id = any(${`{${actor.merchantIds.join(',')}}`}::int[]))`),
  where: (f) => [f.task_id !== undefined ? eq(smsTaskRecipient.taskId, f.task_id) : sql`false`, f.status ? eq(smsTaskRecipient.status, f.status) : undefined],
  sorts: { id: smsTaskRecipient.id },
  defaultSort: 'id:asc',
  mask: { phone: 'phone' },
  exportColumns: [{ key: 'phone', title: 'field.phone' }, { key: 'name', title: 'field.name' }, { key: 'status', title: 'sms.field.status' }],
});

