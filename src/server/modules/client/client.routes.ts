import { and, asc, eq, getTableName, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import {
  bankCardListQuery, bankMatchListQuery, CUSTOMER_DICTS, customerDictQuery, customerListQuery, smsLogListQuery,
  type BankMatchResult, type FilterOptions, type LabelChip,
} from '../../../schemas/client';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import type { Actor } from '../../plugins/session';
import { isUnscoped, likeEscape } from '../empower/scope';
import { dateRange } from '../empower/time';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { dictItem } from '../system/system.table';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bank, bankCard, customer, customerLabel, customerLabelLink, customerLoginCode } from './client.table';
import { STAT_PAGES } from '../../../schemas/statistics';
import { boundChannelIds } from '../channel/binding';

/**
 * The customer area's lists (spec §2 /client): customers, bank cards, bank auto-match, login codes and the
 * customer dictionaries, each declared once for the list engine (filters, sorts, keyset paging, merchant scope,
 * privacy masking, export). Labels are in customer-label.routes.ts.
 */
export const CLIENT_PAGES = {
  customers: pageKey('client', 'clientUser'),
  cards: pageKey('client', 'UserBankcardCollection'),
  match: pageKey('client', 'UserBankcardMatchCollection'),
  smsLog: pageKey('client', 'customer_sms_log'),
  dict: pageKey('client', 'clientDict'),
  labels: pageKey('client', 'userTags'),
} as const;

/** Bank card numbers for a privacy-protected reader: every digit but the last 4 starred. */
export function maskCardNumber(n: string): string {
  if (!n) return n;
  return n.length <= 4 ? '*'.repeat(n.length) : '*'.repeat(n.length - 4) + n.slice(-4);
}

/**
 * A column of the outer query, always qualified with its table: inside a correlated subquery an unqualified name
 * (which drizzle writes for single-table selects) would bind to the inner table when it has a column of that name.
 */
export function outer(col: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;
}

const merchantName = (merchantId: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(merchantId)})`;
const merchantCurrency = (merchantId: PgColumn) => sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(merchantId)})`;

/** Customer ids whose phone is `phone` (exact; the (phone, id) index). */
export function customersByPhone(phone: string): SQL {
  return sql`(select c.id from ${customer} c where c.phone = ${phone})`;
}

/** Customer ids whose name starts with `name`, any case. */
export function customersByName(name: string): SQL {
  return sql`(select c.id from ${customer} c where c.name ilike ${`${likeEscape(name)}%`})`;
}

const CODE_RE = /^[A-Za-z]{2}\d{4,}$/;
const DIGITS_RE = /^\+?\d+$/;

/**
 * The customer list's keyword: all digits → phone or ID number starting with it (or the customer code);
 * a customer code (two letters and digits) → that code; anything else → name starting with it (any case),
 * the exact ID number (which may hold letters) or code.
 */
export function customerKeyword(kw: string): SQL | undefined {
  const k = kw.trim();
  if (!k) return undefined;
  if (DIGITS_RE.test(k)) {
    const digits = k.replace(/^\+/, '');
    return or(like(customer.phone, `${likeEscape(k)}%`), like(customer.idNumber, `${likeEscape(digits)}%`));
  }
  if (CODE_RE.test(k)) return or(eq(customer.code, k.toUpperCase()), eq(customer.idNumber, k));
  return or(ilike(customer.name, `${likeEscape(k)}%`), eq(customer.idNumber, k), eq(customer.code, k.toUpperCase()));
}

/** The labels of a customer row, as [{id, name, color}] by label id. */
const customerLabels = sql<LabelChip[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.label_name, 'color', l.mark_color) order by l.id)
  from ${customerLabelLink} k join ${customerLabel} l on l.id = k.label_id
  where k.customer_id = ${outer(customer.id)}), '[]'::json)`;

/** Spec §3 customer, as the customer list shows it (the detail view shows the rest). */
export const customerList = defineList({
  id: 'client.clientUser',
  permission: CLIENT_PAGES.customers,
  from: customer,
  columns: {
    id: customer.id,
    customer_id: customer.id,
    code: customer.code,
    customer_name: customer.name,
    phone: customer.phone,
    id_number: customer.idNumber,
    merchant_id: customer.merchantId,
    merchant_name: merchantName(customer.merchantId),
    currency: merchantCurrency(customer.merchantId),
    channel_id: customer.channelId,
    channel_name: sql<string | null>`(select ch.name from ${channel} ch where ch.id = ${outer(customer.channelId)})`,
    market: customer.market,
    gender: customer.gender,
    birth_date: customer.birthDate,
    user_level: customer.userLevel,
    registration_source: customer.registrationSource,
    registration_method: customer.registrationMethod,
    blacklisted: customer.blacklisted,
    blacklist_level: customer.blacklistLevel,
    whitelisted: customer.whitelisted,
    login_allowed: customer.loginAllowed,
    machine_review_status: customer.machineReviewStatus,
    machine_review_result: customer.machineReviewResult,
    machine_review_at: customer.machineReviewAt,
    reference_limit: customer.referenceLimitMinor,
    loan_count: customer.loanCount,
    labels: customerLabels,
    app_active_at: customer.appActiveAt,
    created_at: customer.createdAt,
  },
  filters: customerListQuery,
  // An account bound to channels (/merchant/channel, admin_binding_channel/edit) works those channels' customers.
  async scope(actor, ctx) {
    const bound = await boundChannelIds(ctx.db, actor.accountId);
    return and(merchantScope(customer.merchantId)(actor), bound.length ? inArray(customer.channelId, bound) : undefined);
  },
  where: (f, _actor, ctx) => [
    f.keyword ? customerKeyword(f.keyword) : undefined,
    f.merchant_id !== undefined ? eq(customer.merchantId, f.merchant_id) : undefined,
    f.channel_id !== undefined ? eq(customer.channelId, f.channel_id) : undefined,
    f.market ? eq(customer.market, f.market) : undefined,
    f.user_level !== undefined ? eq(customer.userLevel, f.user_level) : undefined,
    f.label_id !== undefined
      ? sql`exists (select 1 from ${customerLabelLink} k where k.customer_id = ${outer(customer.id)} and k.label_id = ${f.label_id})`
      : undefined,
    f.blacklisted !== undefined ? eq(customer.blacklisted, f.blacklisted) : undefined,
    f.whitelisted !== undefined ? eq(customer.whitelisted, f.whitelisted) : undefined,
    f.login_allowed !== undefined ? eq(customer.loginAllowed, f.login_allowed) : undefined,
    f.machine_review_status ? eq(customer.machineReviewStatus, f.machine_review_status === 'none' ? '' : f.machine_review_status) : undefined,
    f.machine_review_result ? eq(customer.machineReviewResult, f.machine_review_result) : undefined,
    ...dateRange(customer.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: customer.createdAt, id: customer.id, customer_name: customer.name, phone: customer.phone },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone', id_number: 'id' },
  map: (row) => ({ ...row, label_ids: (row.labels ?? []).map((l) => l.id) }),
  exportColumns: [
    { key: 'id', title: 'field.customer_id' },
    { key: 'code', title: 'field.code' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'id_number', title: 'field.id_number' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'channel_name', title: 'field.channel_id' },
    { key: 'market', title: 'field.market' },
    { key: 'user_level', title: 'field.user_level' },
    { key: 'blacklisted', title: 'field.blacklisted' },
    { key: 'whitelisted', title: 'field.whitelisted' },
    { key: 'login_allowed', title: 'field.login_allowed' },
    { key: 'machine_review_status', title: 'field.machine_review_status' },
    { key: 'machine_review_result', title: 'field.machine_review_result' },
    { key: 'reference_limit', title: 'field.reference_limit', value: (r) => majorUnits(r.reference_limit, r.currency) },
    { key: 'currency', title: 'field.currency' },
    { key: 'loan_count', title: 'field.loan_count' },
    { key: 'labels', title: 'field.labels', value: (r) => (r.labels ?? []).map((l) => l.name).join(', ') },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

export const EXPONENT: Record<string, number> = { VND: 0, CNY: 2, TWD: 2, EGP: 2, THB: 2, INR: 2, USD: 2 };

/** Minor units → major units of a currency, for export cells (12.5, not 1250). */
export function majorUnits(minor: number | string | null | undefined, currency: string | null | undefined): number | null {
  if (minor === null || minor === undefined || minor === '') return null;
  const e = EXPONENT[currency ?? ''] ?? 2;
  return Number(minor) / 10 ** e;
}

// ---------------------------------------------------------------------------------------------- bank cards

const cardColumns = {
  id: bankCard.id,
  customer_id: bankCard.customerId,
  customer_name: customer.name,
  phone: customer.phone,
  merchant_id: bankCard.merchantId,
  merchant_name: merchantName(bankCard.merchantId),
  bank_name: bankCard.bankName,
  bank_code: bankCard.bankCode,
  card_number: bankCard.cardNumber,
  cardholder: bankCard.cardholder,
  status: bankCard.status,
  is_default: bankCard.isDefault,
  created_at: bankCard.createdAt,
  updated_at: bankCard.updatedAt,
};

function cardWhere(f: Record<string, unknown> & {
  phone?: string; card_number?: string; merchant_id?: number; bank_code?: string; status?: string; customer_id?: number;
  created_from?: string; created_to?: string;
}, timeZone: string): (SQL | undefined)[] {
  const n = f.card_number;
  return [
    f.phone ? eq(customer.phone, f.phone) : undefined,
    // A whole card number, or its first digits (a BIN) when shorter than any card.
    n ? (n.length >= 12 ? eq(bankCard.cardNumber, n) : like(bankCard.cardNumber, `${n}%`)) : undefined,
    f.merchant_id !== undefined ? eq(bankCard.merchantId, f.merchant_id) : undefined,
    f.bank_code ? eq(bankCard.bankCode, f.bank_code) : undefined,
    f.status ? eq(bankCard.status, f.status) : undefined,
    f.customer_id !== undefined ? eq(bankCard.customerId, f.customer_id) : undefined,
    ...dateRange(bankCard.createdAt, f.created_from, f.created_to, timeZone),
  ];
}

const maskCards = <R extends { card_number: string }>(row: R, actor: Actor): R => (actor.privacy ? { ...row, card_number: maskCardNumber(row.card_number) } : row);

const cardExport = [
  { key: 'id', title: 'field.id' },
  { key: 'customer_id', title: 'field.customer_id' },
  { key: 'customer_name', title: 'field.customer_name' },
  { key: 'phone', title: 'field.phone' },
  { key: 'merchant_name', title: 'field.merchant_id' },
  { key: 'bank_name', title: 'field.bank_name' },
  { key: 'bank_code', title: 'field.bank_code' },
  { key: 'card_number', title: 'field.card_number' },
  { key: 'cardholder', title: 'field.cardholder' },
  { key: 'status', title: 'field.status' },
  { key: 'created_at', title: 'field.created_at' },
] as const;

/** Spec §3 bank card: every customer's cards, bound or pending binding. */
export const bankCardList = defineList({
  id: 'client.UserBankcardCollection',
  permission: CLIENT_PAGES.cards,
  from: (db, fields) => db.select(fields).from(bankCard).innerJoin(customer, eq(customer.id, bankCard.customerId)).$dynamic(),
  key: bankCard.id,
  columns: cardColumns,
  filters: bankCardListQuery,
  scope: merchantScope(bankCard.merchantId),
  where: (f, _actor, ctx) => cardWhere(f, ctx.cfg.timeZone),
  sorts: { created_at: bankCard.createdAt, id: bankCard.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: maskCards,
  exportColumns: [...cardExport],
});

/**
 * The bank identified from the card number (see BANK_MATCH_RESULTS in src/schemas/client.ts): among the enabled
 * banks of the customer's market, the one whose BIN list holds the longest prefix of the number.
 */
const binLength = sql`(select max(length(p.bin)) from unnest(b.bins) as p(bin) where starts_with(${outer(bankCard.cardNumber)}, p.bin))`;
const identified = (field: 'code' | 'name') => sql.raw(`b.${field}`);
const matchedBank = (field: 'code' | 'name') => sql<string | null>`(
  select ${identified(field)} from ${bank} b
  where b.market = ${outer(customer.market)} and b.enabled and ${binLength} is not null
  order by ${binLength} desc, b.id limit 1)`;
const matchedCode = matchedBank('code');
const matchResult = sql<BankMatchResult>`(case when ${matchedCode} is null then 'unknown' when ${matchedCode} = ${outer(bankCard.bankCode)} then 'matched' else 'mismatch' end)`;

/**
 * Bank auto-match (UserBankcardMatchCollection): each card with the bank its number belongs to and whether that is
 * the bank the customer declared. The match is computed per row from the small bank table; filtering by result
 * therefore reads cards until a page is full (fine for the review of recent cards this screen is for; a stored
 * match column filled at binding would make it indexable).
 */
export const bankMatchList = defineList({
  id: 'client.UserBankcardMatchCollection',
  permission: CLIENT_PAGES.match,
  from: (db, fields) => db.select(fields).from(bankCard).innerJoin(customer, eq(customer.id, bankCard.customerId)).$dynamic(),
  key: bankCard.id,
  columns: {
    ...cardColumns,
    market: customer.market,
    matched_bank_code: matchedCode,
    matched_bank_name: matchedBank('name'),
    match_result: matchResult,
  },
  filters: bankMatchListQuery,
  scope: merchantScope(bankCard.merchantId),
  where: (f, _actor, ctx) => [...cardWhere(f, ctx.cfg.timeZone), f.match_result ? sql`${matchResult} = ${f.match_result}` : undefined],
  sorts: { created_at: bankCard.createdAt, id: bankCard.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  map: maskCards,
  exportColumns: [
    ...cardExport,
    { key: 'matched_bank_code', title: 'field.matched_bank_code' },
    { key: 'matched_bank_name', title: 'field.matched_bank_name' },
    { key: 'match_result', title: 'field.match_result' },
  ],
});

// ---------------------------------------------------------------------------------------------- login codes

/** Login (verification) codes sent to customers (customer_sms_log), newest first. */
export const smsLogList = defineList({
  id: 'client.customer_sms_log',
  permission: CLIENT_PAGES.smsLog,
  from: customerLoginCode,
  columns: {
    id: customerLoginCode.id,
    merchant_id: customerLoginCode.merchantId,
    merchant_name: merchantName(customerLoginCode.merchantId),
    customer_id: customerLoginCode.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(customerLoginCode.customerId)})`,
    phone: customerLoginCode.phone,
    code: customerLoginCode.code,
    purpose: customerLoginCode.purpose,
    ip: customerLoginCode.ip,
    sent_at: customerLoginCode.sentAt,
    used_at: customerLoginCode.usedAt,
  },
  filters: smsLogListQuery,
  scope: merchantScope(customerLoginCode.merchantId),
  where: (f, _actor, ctx) => [
    f.phone ? eq(customerLoginCode.phone, f.phone) : undefined,
    f.merchant_id !== undefined ? eq(customerLoginCode.merchantId, f.merchant_id) : undefined,
    f.purpose ? eq(customerLoginCode.purpose, f.purpose) : undefined,
    f.used === undefined ? undefined : f.used ? isNotNull(customerLoginCode.usedAt) : isNull(customerLoginCode.usedAt),
    ...dateRange(customerLoginCode.sentAt, f.sent_from, f.sent_to, ctx.cfg.timeZone),
  ],
  sorts: { sent_at: customerLoginCode.sentAt, id: customerLoginCode.id },
  defaultSort: 'sent_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'code', title: 'field.sms_code' },
    { key: 'purpose', title: 'field.purpose' },
    { key: 'ip', title: 'field.ip' },
    { key: 'sent_at', title: 'field.sent_at' },
    { key: 'used_at', title: 'field.used_at' },
  ],
});

// ---------------------------------------------------------------------------------------------- dictionaries

/** Items of the dictionaries behind customer fields (clientDict), by dictionary and sort order. */
export const customerDictList = defineList({
  id: 'client.clientDict',
  permission: CLIENT_PAGES.dict,
  from: dictItem,
  columns: {
    id: dictItem.id, dict_name: dictItem.dictName, value: dictItem.value, label: dictItem.label, name: dictItem.name,
    el_tag_color: dictItem.elTagColor, sort: dictItem.sort, enabled: dictItem.enabled, updated_at: dictItem.updatedAt,
  },
  filters: customerDictQuery,
  where: (f) => [
    inArray(dictItem.dictName, [...CUSTOMER_DICTS]),
    f.dict_name ? eq(dictItem.dictName, f.dict_name) : undefined,
    f.keyword ? or(ilike(dictItem.label, `%${likeEscape(f.keyword)}%`), eq(dictItem.value, f.keyword)) : undefined,
  ],
  sorts: { sort: dictItem.sort, id: dictItem.id },
  defaultSort: 'sort:asc',
  exportColumns: [
    { key: 'dict_name', title: 'field.dict_name' },
    { key: 'value', title: 'field.value' },
    { key: 'label', title: 'field.label' },
    { key: 'name', title: 'field.name' },
    { key: 'sort', title: 'field.sort' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

/**
 * Pages whose filters use the options: the screens that read them (src/features/client/options.ts — customers, customer
 * claims, bank cards, bank match, login codes — and the order list). A page left out here shows an empty filter.
 */
// The report screens filter by merchant, product and channel too.
export const OPTION_PAGES = [...Object.values(CLIENT_PAGES), pageKey('client', 'clientUserCollection'), pageKey('review', 'allOrder'),
  ...STAT_PAGES.map((p) => pageKey('statistics', p))];

export function clientRoutes(app: FastifyInstance, d: Deps): void {
  listRoute(app, d, customerList, { url: '/loanapi/customer/all_list' });
  listRoute(app, d, bankCardList, { url: '/loanapi/bank_card/all_list' });
  listRoute(app, d, bankMatchList, { url: '/loanapi/bank_card/match_list' });
  listRoute(app, d, smsLogList, { url: '/loanapi/customer/sms_log_list' });
  listRoute(app, d, customerDictList, { url: '/loanapi/customer/dict_list' });

  /** Choices of the customer and order filters: merchants, channels and products of the account's scope, and the labels. */
  route(app, { method: 'GET', url: '/loanapi/customer/filter_options', permission: OPTION_PAGES }, async ({ req }): Promise<FilterOptions> => {
    const actor = req.actor!;
    const ids = isUnscoped(actor) ? null : actor.merchantIds;
    const [merchants, channels, products, labels] = await Promise.all([
      d.db.select({ id: merchant.id, name: merchant.name, code: merchant.code, currency: merchant.currency, market: merchant.market, parent_id: merchant.parentId })
        .from(merchant).where(ids ? inArray(merchant.id, ids) : undefined).orderBy(asc(merchant.id)),
      d.db.select({ id: channel.id, name: channel.name, merchant_id: channel.merchantId })
        .from(channel).where(ids ? inArray(channel.merchantId, ids) : undefined).orderBy(asc(channel.merchantId), asc(channel.id)),
      d.db.select({ id: product.id, name: product.name, merchant_id: product.merchantId })
        .from(product).where(ids ? inArray(product.merchantId, ids) : undefined).orderBy(asc(product.merchantId), asc(product.sort), asc(product.id)),
      d.db.select({ id: customerLabel.id, label_name: customerLabel.labelName, mark_color: customerLabel.markColor })
        .from(customerLabel).orderBy(asc(customerLabel.id)),
    ]);
    return { merchants, channels, products, labels };
  });
}

