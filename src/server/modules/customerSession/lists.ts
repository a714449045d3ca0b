import { eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { customerLoginQuery, customerOperateQuery, customerSessionQuery } from '../../../schemas/customerSession';
import { LOG_COUNT_CAP, LOG_PAGE_SIZE_MAX } from '../../../schemas/log';
import { defineList, merchantScope } from '../../list/define';
import { customer } from '../client/client.table';
import { dateRange } from '../empower/time';
import { normalisePhone } from '../intake/identity';
import { merchant } from '../merchant/merchant.table';
import { customerLoginLog, customerOperateLog, customerSession } from './customerSession.table';

/**
 * The lists of the area (docs/customerSession.md), newest first, keyset-paged by (created_at, id), scoped to the
 * reader's merchants, phones masked for privacy-protected readers.
 */
export const PAGES = {
  login: pageKey('log', 'customer_login'),
  operate: pageKey('log', 'customer_operate'),
};

const merchantName = (col: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${col})`;
const customerName = (col: PgColumn) => sql<string | null>`(select c.name from ${customer} c where c.id = ${col})`;
const phoneIs = (col: PgColumn, p: string | undefined) => (p ? eq(col, normalisePhone(p)) : undefined);

/** The filters both borrower logs share (their tables have the same filtered columns). */
function borrowerLogWhere(t: typeof customerLoginLog | typeof customerOperateLog, f: {
  merchant_id?: number; phone?: string; customer_id?: number; kind?: string; success?: boolean; date_from?: string; date_to?: string;
}, timeZone: string) {
  return [
    f.merchant_id !== undefined ? eq(t.merchantId, f.merchant_id) : undefined,
    phoneIs(t.phone, f.phone),
    f.customer_id !== undefined ? eq(t.customerId, f.customer_id) : undefined,
    f.kind ? eq(t.kind, f.kind) : undefined,
    f.success !== undefined ? eq(t.success, f.success) : undefined,
    ...dateRange(t.createdAt, f.date_from, f.date_to, timeZone),
  ];
}

export const customerLoginList = defineList({
  id: 'log.customer_login',
  permission: PAGES.login,
  from: customerLoginLog,
  columns: {
    id: customerLoginLog.id, merchant_id: customerLoginLog.merchantId, merchant_name: merchantName(customerLoginLog.merchantId),
    customer_id: customerLoginLog.customerId, customer_name: customerName(customerLoginLog.customerId), phone: customerLoginLog.phone,
    kind: customerLoginLog.kind, success: customerLoginLog.success, reason: customerLoginLog.reason, device_id: customerLoginLog.deviceId,
    device: customerLoginLog.device, app_version: customerLoginLog.appVersion, ip: customerLoginLog.ip, created_at: customerLoginLog.createdAt,
  },
  filters: customerLoginQuery,
  scope: merchantScope(customerLoginLog.merchantId),
  where: (f, _actor, ctx) => borrowerLogWhere(customerLoginLog, f, ctx.cfg.timeZone),
  sorts: { created_at: customerLoginLog.createdAt, id: customerLoginLog.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'created_at', title: 'export.col.time' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'kind', title: 'customerSession.field.kind' },
    { key: 'success', title: 'export.col.result' },
    { key: 'reason', title: 'export.col.reason' },
    { key: 'device', title: 'customerSession.field.device' },
    { key: 'device_id', title: 'customerSession.field.device_id' },
    { key: 'app_version', title: 'customerSession.field.app_version' },
    { key: 'ip', title: 'export.col.ip' },
  ],
});

export const customerOperateList = defineList({
  id: 'log.customer_operate',
  permission: PAGES.operate,
  from: customerOperateLog,
  columns: {
    id: customerOperateLog.id, merchant_id: customerOperateLog.merchantId, merchant_name: merchantName(customerOperateLog.merchantId),
    customer_id: customerOperateLog.customerId, customer_name: customerName(customerOperateLog.customerId), session_id: customerOperateLog.sessionId,
    phone: customerOperateLog.phone, kind: customerOperateLog.kind, success: customerOperateLog.success, reason: customerOperateLog.reason,
    ref: customerOperateLog.ref, detail: customerOperateLog.detail, device_id: customerOperateLog.deviceId, ip: customerOperateLog.ip,
    created_at: customerOperateLog.createdAt,
  },
  filters: customerOperateQuery,
  scope: merchantScope(customerOperateLog.merchantId),
  where: (f, _actor, ctx) => borrowerLogWhere(customerOperateLog, f, ctx.cfg.timeZone),
  sorts: { created_at: customerOperateLog.createdAt, id: customerOperateLog.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'created_at', title: 'export.col.time' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'kind', title: 'customerSession.field.kind' },
    { key: 'success', title: 'export.col.result' },
    { key: 'reason', title: 'export.col.reason' },
    { key: 'ref', title: 'customerSession.field.ref' },
    { key: 'device_id', title: 'customerSession.field.device_id' },
    { key: 'ip', title: 'export.col.ip' },
  ],
});

/** Sessions of the borrowers (the sessions tab of /log/customer_login): live ones unless `live=0`. */
export const customerSessionList = defineList({
  id: 'log.customer_login.sessions',
  permission: PAGES.login,
  from: customerSession,
  columns: {
    id: customerSession.id, merchant_id: customerSession.merchantId, merchant_name: merchantName(customerSession.merchantId),
    customer_id: customerSession.customerId, customer_name: customerName(customerSession.customerId),
    phone: sql<string>`coalesce((select c.phone from ${customer} c where c.id = ${customerSession.customerId}), '')`,
    device_id: customerSession.deviceId, device: customerSession.device, app_version: customerSession.appVersion, ip: customerSession.ip,
    gps_lat: customerSession.gpsLat, gps_lng: customerSession.gpsLng, created_at: customerSession.createdAt, last_seen_at: customerSession.lastSeenAt,
    online_since: customerSession.onlineSince, ended_at: customerSession.endedAt, ended_reason: customerSession.endedReason,
  },
  filters: customerSessionQuery,
  scope: merchantScope(customerSession.merchantId),
  where: (f, _actor, ctx) => [
    f.merchant_id !== undefined ? eq(customerSession.merchantId, f.merchant_id) : undefined,
    f.phone ? sql`${customerSession.customerId} in (select c.id from ${customer} c where c.phone = ${normalisePhone(f.phone)})` : undefined,
    f.customer_id !== undefined ? eq(customerSession.customerId, f.customer_id) : undefined,
    f.live === false ? undefined : isNull(customerSession.endedAt),
    ...dateRange(customerSession.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: customerSession.createdAt, id: customerSession.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'device', title: 'customerSession.field.device' },
    { key: 'app_version', title: 'customerSession.field.app_version' },
    { key: 'ip', title: 'export.col.ip' },
    { key: 'created_at', title: 'customerSession.field.signed_in_at' },
    { key: 'last_seen_at', title: 'customerSession.field.last_seen_at' },
    { key: 'ended_reason', title: 'customerSession.field.ended_reason' },
  ],
});
