import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageKey } from '../../../../commands/permissions';
import { BALANCE_KINDS } from '../../../schemas/merchant';
import { balanceListQuery, changeListQuery, taskListQuery, topupListQuery } from '../../../schemas/merchantMoney';
import { defineList, merchantScope } from '../../list/define';
import { moneyValue } from '../../list/values';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { dateRange } from '../empower/time';
import { ledgerEntry, ledgerPosting } from '../ledger/ledger.table';
import { ledgerAccount, merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { balanceChangeTask, merchantBalanceAlert } from './merchantMoney.table';

/**
 * The five lists of the MerchantBalance group, declared once (docs/list-engine.md). Every balance is read from the
 * ledger (`ledger_account.balance_minor`, moved only by postings); nothing here keeps a second balance.
 */

const merchantName = (col: PgColumn) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const merchantCurrency = (col: PgColumn) => sql<string>`(select m.currency from ${merchant} m where m.id = ${outer(col)})`;
const accountName = (col: PgColumn) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;
const money = (key: string, title: string) => ({ key, title, value: moneyValue(key) });

/** A merchant's balance of one kind (0 before its account exists). */
const own = (kind: string) =>
  sql<number>`coalesce((select a.balance_minor from ${ledgerAccount} a where a.merchant_id = ${outer(merchant.id)} and a.kind = ${kind}), 0)::bigint`.mapWith(Number);
/** A main merchant and its sub-merchants together, of one kind. */
const group = (kind: string) =>
  sql<number>`coalesce((select sum(a.balance_minor) from ${ledgerAccount} a join ${merchant} s on s.id = a.merchant_id
    where a.kind = ${kind} and (s.id = ${outer(merchant.id)} or s.parent_id = ${outer(merchant.id)})), 0)::bigint`.mapWith(Number);
const threshold = sql<number>`coalesce((select t.threshold_minor from ${merchantBalanceAlert} t where t.merchant_id = ${outer(merchant.id)}), 0)::bigint`.mapWith(Number);
const lowExpr = sql<boolean>`(${threshold} > 0 and ${own('available')} < ${threshold})`;

/** Group totals are shown only to an account that sees every sub-merchant of the group. */
function groupVisible(actor: Actor, subIds: string | null): boolean {
  if (isUnscoped(actor)) return true;
  return (subIds ?? '').split(',').filter(Boolean).every((id) => actor.merchantIds.includes(Number(id)));
}

export const balanceList = defineList({
  id: 'merchant.BalanceInfo',
  permission: pageKey('merchant', 'BalanceInfo'),
  from: merchant,
  columns: {
    id: merchant.id,
    code: merchant.code,
    name: merchant.name,
    parent_id: merchant.parentId,
    parent_name: merchantName(merchant.parentId),
    currency: merchant.currency,
    enabled: merchant.enabled,
    available: own('available'),
    frozen: own('frozen'),
    loan: own('loan'),
    risk: own('risk'),
    sub_count: sql<number>`(select count(*) from ${merchant} s where s.parent_id = ${outer(merchant.id)})::int`.mapWith(Number),
    sub_ids: sql<string | null>`(select string_agg(s.id::text, ',' order by s.id) from ${merchant} s where s.parent_id = ${outer(merchant.id)})`,
    group_available: group('available'),
    group_frozen: group('frozen'),
    group_loan: group('loan'),
    group_risk: group('risk'),
    alert_threshold: threshold,
    low: lowExpr,
    payout_fee_new: merchant.payoutFeeNewMinor,
    payout_fee_returning: merchant.payoutFeeReturningMinor,
    collection_fee_bp: merchant.collectionFeeBp,
    risk_fee: merchant.riskFeeMinor,
    risk_validity_hours: merchant.riskValidityHours,
    receive_prob_new: merchant.receiveProbNew,
    receive_prob_returning: merchant.receiveProbReturning,
    single_valid_hours: merchant.singleValidHours,
  },
  filters: balanceListQuery,
  scope: merchantScope(merchant.id),
  where: (f) => [
    f.merchant_id !== undefined ? eq(merchant.id, f.merchant_id) : undefined,
    f.low === true ? lowExpr : f.low === false ? sql`not ${lowExpr}` : undefined,
    f.main_only === true ? isNull(merchant.parentId) : undefined,
  ],
  sorts: { id: merchant.id, code: merchant.code, name: merchant.name },
  defaultSort: 'id:asc',
  map: (row, actor) => {
    const isMain = row.parent_id === null && Number(row.sub_count) > 0;
    const show = isMain && groupVisible(actor, row.sub_ids);
    const { sub_ids: _s, ...rest } = row;
    return {
      ...rest,
      group_available: show ? Number(row.group_available) : null,
      group_frozen: show ? Number(row.group_frozen) : null,
      group_loan: show ? Number(row.group_loan) : null,
      group_risk: show ? Number(row.group_risk) : null,
    };
  },
  exportColumns: [
    { key: 'code', title: 'merchantMoney.field.code' },
    { key: 'name', title: 'merchantMoney.field.name' },
    { key: 'parent_name', title: 'merchantMoney.field.parent' },
    { key: 'currency', title: 'merchantMoney.field.currency' },
    money('available', 'merchantMoney.balance.available'),
    money('frozen', 'merchantMoney.balance.frozen'),
    money('loan', 'merchantMoney.balance.loan'),
    money('risk', 'merchantMoney.balance.risk'),
    money('group_available', 'merchantMoney.field.group_available'),
    money('alert_threshold', 'merchantMoney.field.alert_threshold'),
  ],
});

/** Entries on the four balance accounts, with their posting. */
export const changeList = defineList({
  id: 'merchant.ChangeBalanceRecord',
  permission: pageKey('merchant', 'ChangeBalanceRecord'),
  from: (db, fields) => db.select(fields).from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.ledgerAccountId))
    .innerJoin(ledgerPosting, eq(ledgerPosting.id, ledgerEntry.postingId)).$dynamic(),
  key: ledgerEntry.id,
  columns: {
    id: ledgerEntry.id,
    posting_id: ledgerEntry.postingId,
    merchant_id: ledgerAccount.merchantId,
    merchant_name: merchantName(ledgerAccount.merchantId),
    currency: ledgerAccount.currency,
    account: ledgerAccount.kind,
    amount: ledgerEntry.amountMinor,
    kind: ledgerPosting.kind,
    order_id: ledgerPosting.orderId,
    order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(ledgerPosting.orderId)})`,
    ref: ledgerPosting.ref,
    memo: ledgerPosting.memo,
    reverses_id: ledgerPosting.reversesId,
    account_name: accountName(ledgerPosting.accountId),
    business_at: ledgerPosting.businessAt,
    created_at: ledgerEntry.createdAt,
  },
  filters: changeListQuery,
  scope: merchantScope(ledgerAccount.merchantId),
  where: (f, _actor, ctx) => [
    inArray(ledgerAccount.kind, [...BALANCE_KINDS]),
    f.merchant_id !== undefined ? eq(ledgerAccount.merchantId, f.merchant_id) : undefined,
    f.account !== undefined ? eq(ledgerAccount.kind, f.account) : undefined,
    f.kind !== undefined ? eq(ledgerPosting.kind, f.kind) : undefined,
    f.order_id !== undefined ? eq(ledgerPosting.orderId, f.order_id) : undefined,
    ...dateRange(ledgerPosting.businessAt, f.date_from, f.date_to, ctx.cfg.timeZone),
  ],
  sorts: { id: ledgerEntry.id },
  defaultSort: 'id:desc',
  exportColumns: [
    { key: 'business_at', title: 'merchantMoney.field.business_at' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'account', title: 'merchantMoney.field.account' },
    money('amount', 'merchantMoney.field.amount'),
    { key: 'kind', title: 'merchantMoney.field.kind' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'posting_id', title: 'merchantMoney.field.posting_id' },
    { key: 'ref', title: 'merchantMoney.field.ref' },
    { key: 'memo', title: 'merchantMoney.field.memo' },
    { key: 'account_name', title: 'merchantMoney.field.who' },
  ],
});

/** Top-ups (balance_increase) or withdrawals from balance (balance_decrease): postings, with the task behind them. */
function topupList(id: 'merchant.IncreaseBalanceRecord' | 'merchant.DecreaseBalanceRecord', kind: 'balance_increase' | 'balance_decrease') {
  const taskCol = (col: PgColumn) => sql`(select ${sql.raw(`t.${col.name}`)} from ${balanceChangeTask} t where t.posting_id = ${outer(ledgerPosting.id)} limit 1)`;
  return defineList({
    id,
    permission: pageKey('merchant', id.split('.')[1]),
    from: ledgerPosting,
    columns: {
      id: ledgerPosting.id,
      merchant_id: ledgerPosting.merchantId,
      merchant_name: merchantName(ledgerPosting.merchantId),
      currency: merchantCurrency(ledgerPosting.merchantId),
      amount: sql<number>`coalesce((select abs(sum(e.amount_minor)) from ${ledgerEntry} e join ${ledgerAccount} a on a.id = e.ledger_account_id
        where e.posting_id = ${outer(ledgerPosting.id)} and a.kind = 'available'), 0)::bigint`.mapWith(Number),
      memo: ledgerPosting.memo,
      task_id: sql<number | null>`${taskCol(balanceChangeTask.id)}`.mapWith((v) => (v === null ? null : Number(v))),
      remark: sql<string | null>`${taskCol(balanceChangeTask.remark)}`,
      requested_by_name: sql<string | null>`(select a.name from ${balanceChangeTask} t join ${adminAccount} a on a.id = t.requested_by where t.posting_id = ${outer(ledgerPosting.id)} limit 1)`,
      confirmed_by_name: sql<string | null>`coalesce((select a.name from ${balanceChangeTask} t join ${adminAccount} a on a.id = t.confirmed_by where t.posting_id = ${outer(ledgerPosting.id)} limit 1), ${accountName(ledgerPosting.accountId)})`,
      business_at: ledgerPosting.businessAt,
      created_at: ledgerPosting.createdAt,
    },
    filters: topupListQuery,
    scope: merchantScope(ledgerPosting.merchantId),
    where: (f, _actor, ctx) => [
      eq(ledgerPosting.kind, kind),
      f.merchant_id !== undefined ? eq(ledgerPosting.merchantId, f.merchant_id) : undefined,
      ...dateRange(ledgerPosting.businessAt, f.date_from, f.date_to, ctx.cfg.timeZone),
    ],
    sorts: { id: ledgerPosting.id },
    defaultSort: 'id:desc',
    exportColumns: [
      { key: 'business_at', title: 'merchantMoney.field.business_at' },
      { key: 'merchant_name', title: 'field.merchant_id' },
      money('amount', 'merchantMoney.field.amount'),
      { key: 'task_id', title: 'merchantMoney.field.task_id' },
      { key: 'remark', title: 'merchantMoney.field.remark' },
      { key: 'requested_by_name', title: 'merchantMoney.field.requested_by' },
      { key: 'confirmed_by_name', title: 'merchantMoney.field.confirmed_by' },
      { key: 'memo', title: 'merchantMoney.field.memo' },
    ],
  });
}

export const increaseList = topupList('merchant.IncreaseBalanceRecord', 'balance_increase');
export const decreaseList = topupList('merchant.DecreaseBalanceRecord', 'balance_decrease');

export const taskList = defineList({
  id: 'merchant.BalanceChangeTaskRecord',
  permission: pageKey('merchant', 'BalanceChangeTaskRecord'),
  from: balanceChangeTask,
  columns: {
    id: balanceChangeTask.id,
    merchant_id: balanceChangeTask.merchantId,
    merchant_name: merchantName(balanceChangeTask.merchantId),
    change_type: balanceChangeTask.changeType,
    amount: balanceChangeTask.amountMinor,
    currency: balanceChangeTask.currency,
    remark: balanceChangeTask.remark,
    status: balanceChangeTask.status,
    requested_by: balanceChangeTask.requestedBy,
    requested_by_name: accountName(balanceChangeTask.requestedBy),
    requested_at: balanceChangeTask.requestedAt,
    confirmed_by: balanceChangeTask.confirmedBy,
    confirmed_by_name: accountName(balanceChangeTask.confirmedBy),
    confirmed_at: balanceChangeTask.confirmedAt,
    decide_remark: balanceChangeTask.decideRemark,
    fail_reason: balanceChangeTask.failReason,
    posting_id: balanceChangeTask.postingId,
    created_at: balanceChangeTask.createdAt,
  },
  filters: taskListQuery,
  scope: merchantScope(balanceChangeTask.merchantId),
  where: (f, _actor, ctx): (SQL | undefined)[] => [
    f.merchant_id !== undefined ? eq(balanceChangeTask.merchantId, f.merchant_id) : undefined,
    f.change_type !== undefined ? eq(balanceChangeTask.changeType, f.change_type) : undefined,
    f.status !== undefined ? eq(balanceChangeTask.status, f.status) : undefined,
    ...dateRange(balanceChangeTask.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: balanceChangeTask.createdAt, id: balanceChangeTask.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'id', title: 'merchantMoney.field.task_id' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'change_type', title: 'merchantMoney.field.change_type' },
    money('amount', 'merchantMoney.field.amount'),
    { key: 'status', title: 'merchantMoney.field.status' },
    { key: 'remark', title: 'merchantMoney.field.remark' },
    { key: 'requested_by_name', title: 'merchantMoney.field.requested_by' },
    { key: 'requested_at', title: 'merchantMoney.field.requested_at' },
    { key: 'confirmed_by_name', title: 'merchantMoney.field.confirmed_by' },
    { key: 'confirmed_at', title: 'merchantMoney.field.confirmed_at' },
  ],
});

