import { eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import {
  conversionListQuery, dormantListQuery, leadListQuery, myListQuery, poolListQuery, serviceListQuery, sourceListQuery,
} from '../../../schemas/pool';
import { defineList, merchantScope, type ExportColumn } from '../../list/define';
import { moneyValue } from '../../list/values';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { customer } from '../client/client.table';
import { poolConversion, poolEntry, poolLead, poolSource } from './pool.table';

/**
 * The lists of the pool area, each declared once (docs/list-engine.md). Entries are read from pool_entry, which the
 * refresh job maintains (docs/pool.md "Why a table"), through its ascending (…, entered_at, id) indexes: a page
 * costs the same at any depth, whatever the size of loan_order.
 */

export const PAGES = {
  dormant: pageKey('dormantCustomer', 'dormantCustomerList'),
  overdue: pageKey('dormantCustomer', 'overdueCustomerList'),
  pool: pageKey('highSeas', 'highSeasList'),
  mine: pageKey('highSeas', 'myhighSeasList'),
  service: pageKey('highSeas', 'highSeasService'),
  conversions: pageKey('highSeas', 'highSeasRegistrationSuccessList'),
  sources: pageKey('exogenousSources', 'exogenousSources'),
} as const;

const accountName = (col: SQL) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${col})`;

const entryColumns = {
  id: poolEntry.id,
  version: poolEntry.version,
  merchant_id: poolEntry.merchantId,
  merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(poolEntry.merchantId)})`,
  currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(poolEntry.merchantId)})`,
  customer_id: poolEntry.customerId,
  lead_id: poolEntry.leadId,
  customer_name: poolEntry.name,
  phone: poolEntry.phone,
  segment: poolEntry.segment,
  in_pool: poolEntry.inPool,
  status: poolEntry.status,
  holder_id: poolEntry.holderId,
  holder_name: accountName(outer(poolEntry.holderId)),
  claimed_at: poolEntry.claimedAt,
  expires_at: poolEntry.expiresAt,
  returns: poolEntry.returns,
  outcome: poolEntry.outcome,
  outcome_at: poolEntry.outcomeAt,
  note: poolEntry.note,
  calls: poolEntry.calls,
  last_call_at: poolEntry.lastCallAt,
  offer_product_id: poolEntry.offerProductId,
  offer_product_name: sql<string | null>`(select p.name from ${product} p where p.id = ${outer(poolEntry.offerProductId)})`,
  offer_limit_minor: poolEntry.offerLimitMinor,
  offer_link: poolEntry.offerLink,
  offer_sent_at: poolEntry.offerSentAt,
  last_settled_at: poolEntry.lastSettledAt,
  settled_loans: poolEntry.settledLoans,
  max_overdue_days: poolEntry.maxOverdueDays,
  entered_at: poolEntry.enteredAt,
};

type EntryFilters = { merchant_id?: number; phone?: string; name?: string; outcome?: string; segment?: string };

const commonWhere = (f: EntryFilters): (SQL | undefined)[] => [
  f.merchant_id !== undefined ? eq(poolEntry.merchantId, f.merchant_id) : undefined,
  f.phone ? eq(poolEntry.phone, f.phone) : undefined,
  f.name ? ilike(poolEntry.name, `%${likeEscape(f.name)}%`) : undefined,
  f.outcome ? eq(poolEntry.outcome, f.outcome) : undefined,
  f.segment ? eq(poolEntry.segment, f.segment) : undefined,
];

type EntryListRow = Record<string, unknown>;
const entryExport: ExportColumn<EntryListRow>[] = [
  { key: 'merchant_name', title: 'field.merchant_id' },
  { key: 'customer_name', title: 'field.customer_name' },
  { key: 'phone', title: 'field.phone' },
  { key: 'segment', title: 'pool.field.segment' },
  { key: 'status', title: 'pool.field.status' },
  { key: 'holder_name', title: 'pool.field.holder' },
  { key: 'outcome', title: 'pool.field.outcome' },
  { key: 'calls', title: 'pool.field.calls' },
  { key: 'offer_limit_minor', title: 'pool.field.offer_limit', value: moneyValue('offer_limit_minor') },
  { key: 'last_settled_at', title: 'pool.field.last_settled_at' },
  { key: 'entered_at', title: 'pool.field.entered_at' },
];

const entrySorts = { entered_at: poolEntry.enteredAt, id: poolEntry.id };

/** What every list of pool entries shares: the table, its columns, merchant scope, sorts, masking and export. */
const entryList = {
  from: poolEntry,
  columns: entryColumns,
  scope: merchantScope(poolEntry.merchantId),
  sorts: entrySorts,
  defaultSort: 'entered_at:desc',
  mask: { phone: 'phone' },
  exportColumns: entryExport,
} as const;

function dormantList(id: string, permission: string, segment: 'dormant' | 'overdue') {
  return defineList({
    id,
    permission,
    ...entryList,
    filters: dormantListQuery,
    where: (f, actor) => [
      eq(poolEntry.segment, segment),
      f.status ? eq(poolEntry.status, f.status) : ne(poolEntry.status, 'closed'),
      f.mine ? eq(poolEntry.holderId, actor.accountId) : undefined,
      ...commonWhere(f),
    ],
  });
}

export const dormantCustomerList = dormantList('dormant.dormantCustomerList', PAGES.dormant, 'dormant');
export const overdueCustomerList = dormantList('dormant.overdueCustomerList', PAGES.overdue, 'overdue');

/** The public pool: open entries offered in it. */
export const highSeasList = defineList({
  id: 'highSeas.highSeasList',
  permission: PAGES.pool,
  ...entryList,
  filters: poolListQuery,
  where: (f) => [eq(poolEntry.inPool, true), eq(poolEntry.status, 'open'), ...commonWhere(f)],
});

/** The actor's claimed customers, whatever list they were claimed from. */
export const myhighSeasList = defineList({
  id: 'highSeas.myhighSeasList',
  permission: PAGES.mine,
  ...entryList,
  filters: myListQuery,
  where: (f, actor) => [eq(poolEntry.holderId, actor.accountId), eq(poolEntry.status, 'claimed'), ...commonWhere(f)],
});

/** The supervisor's view: every entry, with its holder. */
export const highSeasService = defineList({
  id: 'highSeas.highSeasService',
  permission: PAGES.service,
  ...entryList,
  filters: serviceListQuery,
  where: (f) => [
    f.status ? eq(poolEntry.status, f.status) : undefined,
    f.holder_id !== undefined ? eq(poolEntry.holderId, f.holder_id) : undefined,
    ...commonWhere(f),
  ],
});

export const highSeasRegistrationSuccessList = defineList({
  id: 'highSeas.highSeasRegistrationSuccessList',
  permission: PAGES.conversions,
  from: poolConversion,
  columns: {
    id: poolConversion.id,
    merchant_id: poolConversion.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(poolConversion.merchantId)})`,
    customer_id: poolConversion.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(poolConversion.customerId)})`,
    phone: poolConversion.phone,
    kind: poolConversion.kind,
    segment: poolConversion.segment,
    agent_id: poolConversion.agentId,
    agent_name: accountName(outer(poolConversion.agentId)),
    order_id: poolConversion.orderId,
    order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(poolConversion.orderId)})`,
    created_at: poolConversion.createdAt,
  },
  filters: conversionListQuery,
  scope: merchantScope(poolConversion.merchantId),
  where: (f, actor) => [
    f.merchant_id !== undefined ? eq(poolConversion.merchantId, f.merchant_id) : undefined,
    f.phone ? eq(poolConversion.phone, f.phone) : undefined,
    f.kind ? eq(poolConversion.kind, f.kind) : undefined,
    f.agent_id !== undefined ? eq(poolConversion.agentId, f.agent_id) : undefined,
    f.mine ? eq(poolConversion.agentId, actor.accountId) : undefined,
  ],
  sorts: { created_at: poolConversion.createdAt, id: poolConversion.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'kind', title: 'pool.field.kind' },
    { key: 'segment', title: 'pool.field.segment' },
    { key: 'agent_name', title: 'pool.field.agent' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

export const leadList = defineList({
  id: 'exogenous.exogenousSources',
  permission: PAGES.sources,
  from: poolLead,
  columns: {
    id: poolLead.id,
    merchant_id: poolLead.merchantId,
    source_id: poolLead.sourceId,
    source_name: sql<string | null>`(select s.name from ${poolSource} s where s.id = ${outer(poolLead.sourceId)})`,
    phone: poolLead.phone,
    name: poolLead.name,
    remark: poolLead.remark,
    status: poolLead.status,
    customer_id: poolLead.customerId,
    via: poolLead.via,
    received_at: poolLead.receivedAt,
  },
  filters: leadListQuery,
  scope: merchantScope(poolLead.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(poolLead.merchantId, f.merchant_id) : undefined,
    f.source_id !== undefined ? eq(poolLead.sourceId, f.source_id) : undefined,
    f.phone ? eq(poolLead.phone, f.phone) : undefined,
    f.status ? eq(poolLead.status, f.status) : undefined,
  ],
  sorts: { received_at: poolLead.receivedAt, id: poolLead.id },
  defaultSort: 'received_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'source_name', title: 'pool.field.source' },
    { key: 'phone', title: 'field.phone' },
    { key: 'name', title: 'field.name' },
    { key: 'remark', title: 'field.remark' },
    { key: 'status', title: 'pool.field.lead_status' },
    { key: 'via', title: 'pool.field.via' },
    { key: 'received_at', title: 'pool.field.received_at' },
  ],
});

export const sourceList = defineList({
  id: 'exogenous.exogenousSources.sources',
  permission: PAGES.sources,
  from: poolSource,
  columns: {
    id: poolSource.id,
    merchant_id: poolSource.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(poolSource.merchantId)})`,
    code: poolSource.code,
    name: poolSource.name,
    route_to: poolSource.routeTo,
    on_duplicate: poolSource.onDuplicate,
    enabled: poolSource.enabled,
    api_key: poolSource.apiKey,
    secret_hint: poolSource.secretHint,
    leads: sql<number>`(select count(*)::int from ${poolLead} l where l.source_id = ${outer(poolSource.id)})`,
    created_at: poolSource.createdAt,
  },
  filters: sourceListQuery,
  scope: merchantScope(poolSource.merchantId),
  where: (f) => [f.merchant_id !== undefined ? eq(poolSource.merchantId, f.merchant_id) : undefined],
  sorts: { id: poolSource.id },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'code', title: 'pool.field.code' },
    { key: 'name', title: 'field.name' },
    { key: 'route_to', title: 'pool.field.route_to' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'leads', title: 'pool.field.leads' },
  ],
});
