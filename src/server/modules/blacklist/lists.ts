import { and, eq, isNotNull, isNull, lte, or, gt, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { BLACKLIST_REASON_DICT, BLACKLIST_TYPES, blacklistListQuery, riskListQuery, type BlacklistType } from '../../../schemas/blacklist';
import { defineList, merchantScope } from '../../list/define';
import { dateRange } from '../empower/time';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { dictItem } from '../system/system.table';
import { blacklistEntry, riskBlacklistEntry } from './blacklist.table';
import { matchCountSql } from './match';
import { normaliseIdentifier } from './identity';

/**
 * The two lists of the area, declared once (docs/list-engine.md): /client blackList (internal entries, live and
 * expired) and /client outblackList (what the risk provider listed). Phone and ID-number identifiers are masked for
 * privacy-protected accounts, as the customer lists mask them.
 */

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const accountName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;

/** An identifier filter: the same person whichever way it was typed (every type's normal form that fits). */
function valueFilter(col: typeof blacklistEntry.normValue | typeof riskBlacklistEntry.normValue, raw: string | undefined, type: BlacklistType | undefined) {
  if (!raw) return undefined;
  const forms = new Set<string>([raw]);
  for (const t of type ? [type] : BLACKLIST_TYPES) {
    for (const mk of ['vn', 'cn', 'tw', 'eg', 'th', 'in', 'en'] as const) {
      const n = normaliseIdentifier(t, mk, raw);
      if (n.ok) forms.add(n.value);
    }
  }
  return or(...[...forms].map((f) => eq(col, f)));
}

/** Masks the identifier of phone and ID-number entries for privacy-protected accounts (other types are not personal data of that kind). */
function maskByType<R extends { type: string; value: string }>(row: R, privacy: boolean): R {
  if (!privacy) return row;
  const v = row.value;
  if (row.type === 'phone') return { ...row, value: v.length <= 5 ? '*'.repeat(v.length) : v.slice(0, 3) + '*'.repeat(v.length - 5) + v.slice(-2) };
  if (row.type === 'id_number') {
    const keep = v.length >= 12 ? 4 : v.length >= 7 ? 2 : 0;
    return { ...row, value: keep ? v.slice(0, keep) + '*'.repeat(v.length - 2 * keep) + v.slice(-keep) : '*'.repeat(v.length) };
  }
  if (row.type === 'bank_card') return { ...row, value: v.length > 8 ? v.slice(0, 4) + '*'.repeat(v.length - 8) + v.slice(-4) : v };
  return row;
}

export const blacklistList = defineList({
  id: 'client.blackList',
  permission: pageKey('client', 'blackList'),
  from: blacklistEntry,
  columns: {
    id: blacklistEntry.id,
    merchant_id: blacklistEntry.merchantId,
    merchant_name: merchantName(blacklistEntry.merchantId),
    type: blacklistEntry.type,
    value: blacklistEntry.normValue,
    level: blacklistEntry.level,
    reason: blacklistEntry.reason,
    reason_label: sql<string | null>`(select d.label from ${dictItem} d where d.dict_name = ${BLACKLIST_REASON_DICT} and d.value = ${outer(blacklistEntry.reason)})`,
    source: blacklistEntry.source,
    remark: blacklistEntry.remark,
    created_by: blacklistEntry.createdBy,
    created_by_name: accountName(blacklistEntry.createdBy),
    created_at: blacklistEntry.createdAt,
    expires_at: blacklistEntry.expiresAt,
    expired_at: sql<string | null>`coalesce(${outer(blacklistEntry.expiredAt)}, case when ${outer(blacklistEntry.expiresAt)} <= now() then ${outer(blacklistEntry.expiresAt)} end)`,
    expired_by_name: accountName(blacklistEntry.expiredBy),
    live: sql<boolean>`(${outer(blacklistEntry.expiredAt)} is null and (${outer(blacklistEntry.expiresAt)} is null or ${outer(blacklistEntry.expiresAt)} > now()))`,
    customers: matchCountSql(blacklistEntry),
  },
  filters: blacklistListQuery,
  scope: merchantScope(blacklistEntry.merchantId),
  where: (f, _actor, ctx) => {
    const now = ctx.now();
    return [
      f.merchant_id !== undefined ? eq(blacklistEntry.merchantId, f.merchant_id) : undefined,
      f.type !== undefined ? eq(blacklistEntry.type, f.type) : undefined,
      valueFilter(blacklistEntry.normValue, f.value, f.type),
      f.level !== undefined ? eq(blacklistEntry.level, f.level) : undefined,
      f.source !== undefined ? eq(blacklistEntry.source, f.source) : undefined,
      f.reason ? eq(blacklistEntry.reason, f.reason) : undefined,
      f.state === 'live' ? and(isNull(blacklistEntry.expiredAt), or(isNull(blacklistEntry.expiresAt), gt(blacklistEntry.expiresAt, now))) : undefined,
      f.state === 'expired' ? or(isNotNull(blacklistEntry.expiredAt), lte(blacklistEntry.expiresAt, now)) : undefined,
      ...dateRange(blacklistEntry.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
    ];
  },
  sorts: { created_at: blacklistEntry.createdAt, id: blacklistEntry.id },
  defaultSort: 'created_at:desc',
  map: (row, actor) => maskByType(row, actor.privacy),
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'type', title: 'blacklist.field.type' },
    { key: 'value', title: 'blacklist.field.value' },
    { key: 'level', title: 'blacklist.field.level' },
    { key: 'reason_label', title: 'blacklist.field.reason', value: (r) => r.reason_label ?? r.reason },
    { key: 'source', title: 'blacklist.field.source' },
    { key: 'remark', title: 'blacklist.field.remark' },
    { key: 'created_by_name', title: 'blacklist.field.created_by' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'expires_at', title: 'blacklist.field.expires_at' },
    { key: 'expired_at', title: 'blacklist.field.expired_at' },
    { key: 'customers', title: 'blacklist.field.customers' },
  ],
});

export const riskBlacklistList = defineList({
  id: 'client.outblackList',
  permission: pageKey('client', 'outblackList'),
  from: riskBlacklistEntry,
  columns: {
    id: riskBlacklistEntry.id,
    merchant_id: riskBlacklistEntry.merchantId,
    merchant_name: merchantName(riskBlacklistEntry.merchantId),
    provider: riskBlacklistEntry.provider,
    provider_ref: riskBlacklistEntry.providerRef,
    type: riskBlacklistEntry.type,
    value: riskBlacklistEntry.normValue,
    level: riskBlacklistEntry.level,
    source: riskBlacklistEntry.source,
    reason: riskBlacklistEntry.reason,
    customer_id: riskBlacklistEntry.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(riskBlacklistEntry.customerId)})`,
    active: riskBlacklistEntry.active,
    listed_at: riskBlacklistEntry.listedAt,
    received_at: riskBlacklistEntry.receivedAt,
    customers: matchCountSql(riskBlacklistEntry),
  },
  filters: riskListQuery,
  scope: merchantScope(riskBlacklistEntry.merchantId),
  where: (f, _actor, ctx) => [
    f.merchant_id !== undefined ? eq(riskBlacklistEntry.merchantId, f.merchant_id) : undefined,
    f.type !== undefined ? eq(riskBlacklistEntry.type, f.type) : undefined,
    f.level !== undefined ? eq(riskBlacklistEntry.level, f.level) : undefined,
    f.active !== undefined ? eq(riskBlacklistEntry.active, f.active) : undefined,
    f.matched === true ? sql`${matchCountSql(riskBlacklistEntry)} > 0` : f.matched === false ? sql`${matchCountSql(riskBlacklistEntry)} = 0` : undefined,
    ...dateRange(riskBlacklistEntry.receivedAt, f.received_from, f.received_to, ctx.cfg.timeZone),
  ],
  sorts: { received_at: riskBlacklistEntry.receivedAt, id: riskBlacklistEntry.id },
  defaultSort: 'received_at:desc',
  map: (row, actor) => maskByType(row, actor.privacy),
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'provider', title: 'blacklist.field.provider' },
    { key: 'type', title: 'blacklist.field.type' },
    { key: 'value', title: 'blacklist.field.value' },
    { key: 'level', title: 'blacklist.field.level' },
    { key: 'source', title: 'blacklist.field.source' },
    { key: 'reason', title: 'blacklist.field.reason' },
    { key: 'active', title: 'blacklist.field.active' },
    { key: 'listed_at', title: 'blacklist.field.listed_at' },
    { key: 'received_at', title: 'blacklist.field.received_at' },
    { key: 'customers', title: 'blacklist.field.customers' },
  ],
});
