import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import {
  paymentNoticeQuery, releaseQuery, taskQueueQuery, waitForQuery, withdrawalQueueQuery, withdrawalSmsLogQuery, WITHDRAWAL_QUEUES, WITHDRAWAL_RULES,
} from '../../../schemas/withdrawal';
import type { Deps } from '../../deps';
import { defineList, merchantScope, type ExportColumn } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { customer } from '../client/client.table';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { workTask } from '../task/task.table';
import { AREA_QUEUES, claimWhere, PAGES, pageNode, type WorkPage } from './pages';
import {
  assigneeName, at, claimed, claimedBy, expiresAt, iso, lastReminderAt, liveTaskJoin, marketRow, onMarket, orderColumns, orderFilterWhere,
  reminderCount, unclaimed, type OrderFilterValues,
} from './queue-sql';
import { withdrawalContact, withdrawalSmsLog } from './withdrawal.table';
import { moneyValue } from '../../list/values';

/**
 * The list declarations of the withdrawal screens (docs/list-engine.md): every queue is served by the list engine, so
 * each is merchant scoped, phone-masked for privacy protection, exportable and filterable. Lists are built per app
 * because their membership depends on the business clock (deps.clock).
 */

type Row = Record<string, unknown>;

const ORDER_EXPORT: ExportColumn<Row>[] = [
  { key: 'order_no', title: 'field.order_no' },
  { key: 'merchant_name', title: 'field.merchant_id' },
  { key: 'customer_id', title: 'field.customer_id' },
  { key: 'customer_name', title: 'field.customer_name' },
  { key: 'phone', title: 'field.phone' },
  { key: 'product_name', title: 'field.product_id' },
  { key: 'status', title: 'field.status' },
  { key: 'is_returning', title: 'field.customer_type', value: (r) => (r.is_returning ? 'returning' : 'new') },
  { key: 'currency', title: 'field.currency' },
  { key: 'loan_amount', title: 'field.loan_amount', value: moneyValue('loan_amount') },
  { key: 'received_amount', title: 'field.received_amount', value: moneyValue('received_amount') },
  { key: 'loan_days', title: 'field.loan_days' },
  { key: 'entered_at', title: 'withdrawal.field.entered_at' },
  { key: 'assignee_name', title: 'withdrawal.field.assignee' },
  { key: 'last_contact_result', title: 'withdrawal.field.last_contact_result' },
  { key: 'last_contact_at', title: 'withdrawal.field.last_contact_at' },
  { key: 'created_at', title: 'field.created_at' },
];

const SORTS = { created_at: loanOrder.createdAt, loan_amount: loanOrder.loanAmountMinor, id: loanOrder.id };

/** Columns of every order queue: the order, the customer, and who holds the task. */
const taskColumns = () => ({
  ...orderColumns(),
  task_id: sql<number | null>`${workTask.id}`,
  assignee_id: sql<number | null>`(case when ${claimed()} then ${workTask.assigneeId} end)`,
  assignee_name: assigneeName(),
  claimed_at: workTask.claimedAt,
});

/** …and, for orders waiting for withdrawal, its validity, the market flag and the reminders sent. */
const waitingColumns = () => ({
  expires_at: iso(expiresAt()),
  on_market: sql<boolean>`${marketRow()}`,
  reminders: reminderCount(),
  last_reminder_at: iso(lastReminderAt()),
});

function orderQueueList<F extends typeof withdrawalQueueQuery | typeof waitForQuery | typeof paymentNoticeQuery | typeof taskQueueQuery>(
  d: Deps, page: WorkPage, filters: F,
  extra: {
    columns?: Record<string, SQL | SQL.Aliased | typeof loanOrder.successAt | typeof loanOrder.dueDate | typeof loanOrder.loanRemark>;
    /** Replaces the page's state (waitFor also lists claimed and market orders for supervisors). */
    state?: (now: Date) => SQL;
    where?: (f: Record<string, unknown>, actor: Actor, now: Date) => (SQL | undefined)[];
    /** Replaces the page's claim condition (lists with a claim filter). */
    claim?: (f: Record<string, unknown>, actor: Actor) => SQL | undefined;
    exportColumns?: ExportColumn<Row>[];
    defaultSort?: 'created_at:asc' | 'created_at:desc';
  } = {},
) {
  const spec = PAGES[page];
  return defineList({
      id: `withdrawal.${page}`,
      permission: pageNode(page),
      from: (db, fields) => db.select(fields).from(loanOrder).leftJoin(workTask, liveTaskJoin(spec.queue)).$dynamic(),
      key: loanOrder.id,
      columns: { ...taskColumns(), ...(extra.columns ?? waitingColumns()) },
      filters,
      scope: merchantScope(loanOrder.merchantId),
      where: (f, actor, ctx) => {
        const now = d.clock.now();
        const g = f as Record<string, unknown>;
        return [
          (extra.state ?? spec.state)(now),
          extra.claim ? extra.claim(g, actor) : claimWhere(spec, actor.accountId),
          ...orderFilterWhere(g as OrderFilterValues, ctx.cfg.timeZone),
          g.expiring_hours !== undefined ? sql`${expiresAt()} <= ${at(new Date(now.getTime() + Number(g.expiring_hours) * 3_600_000))}` : undefined,
          ...(extra.where?.(g, actor, now) ?? []),
        ];
      },
      sorts: SORTS,
      // First in, first worked.
      defaultSort: extra.defaultSort ?? 'created_at:asc',
      mask: { phone: 'phone' },
      exportColumns: extra.exportColumns ?? ORDER_EXPORT,
  });
}

/** Claim-state filter of pools that supervisors also read (waitFor, dormantTask, WaitForcustomerService). */
function claimFilter(f: Record<string, unknown>, actor: Actor, dflt: 'unclaimed' | 'all'): SQL | undefined {
  if (f.mine) return claimedBy(actor.accountId);
  const state = (f.claim_state as string | undefined) ?? dflt;
  if (state === 'unclaimed') return unclaimed();
  if (state === 'claimed') return claimed();
  return undefined;
}

export function withdrawalLists(d: Deps) {
  const Q = WITHDRAWAL_QUEUES;
  return {
    waitFor: orderQueueList(d, 'waitFor', waitForQuery, {
      // Unclaimed pool orders by default; "claimed" / "all" show every order waiting for withdrawal (market ones too).
      claim: (f, actor) => claimFilter(f, actor, 'unclaimed'),
      state: () => eq(loanOrder.status, 'withdrawal'),
      where: (f, _actor, now) => [
        f.claim_state && f.claim_state !== 'unclaimed' ? undefined : sql`not ${onMarket(now)}`,
        f.assignee_id !== undefined ? and(claimed(), eq(workTask.assigneeId, Number(f.assignee_id))) : undefined,
      ],
    }),
    MywaitForOrder: orderQueueList(d, 'MywaitForOrder', withdrawalQueueQuery),
    MarketWaitTakeOrder: orderQueueList(d, 'MarketWaitTakeOrder', withdrawalQueueQuery),
    MyTakeConfirmOrder: orderQueueList(d, 'MyTakeConfirmOrder', withdrawalQueueQuery),
    MyPaymentNoticeOrder: orderQueueList(d, 'MyPaymentNoticeOrder', paymentNoticeQuery, {
      columns: { success_at: loanOrder.successAt, due_date: loanOrder.dueDate },
      defaultSort: 'created_at:desc',
      exportColumns: [...ORDER_EXPORT, { key: 'success_at', title: 'withdrawal.field.success_at' }, { key: 'due_date', title: 'field.due_date' }],
    }),
    dormantTask: orderQueueList(d, 'dormantTask', taskQueueQuery, {
      claim: (f, actor) => claimFilter(f, actor, 'all'),
      // The most recent losses first: the customer still remembers the approval.
      defaultSort: 'created_at:desc',
      columns: { loan_remark: loanOrder.loanRemark },
    }),
    WaitForcustomerService: orderQueueList(d, 'WaitForcustomerService', taskQueueQuery, {
      claim: (f, actor) => claimFilter(f, actor, 'all'),
      columns: { loan_remark: loanOrder.loanRemark },
      exportColumns: [...ORDER_EXPORT, { key: 'loan_remark', title: 'withdrawal.field.loan_remark' }],
    }),
    MywaitSMS: orderQueueList(d, 'MywaitSMS', withdrawalQueueQuery, {
      exportColumns: [...ORDER_EXPORT, { key: 'reminders', title: 'withdrawal.field.reminders' }, { key: 'last_reminder_at', title: 'withdrawal.field.last_reminder_at' }],
    }),
    waitingForRelease: defineList({
        id: 'withdrawal.waitingForRelease',
        permission: pageNode('waitingForRelease'),
        from: (db, fields) => db.select(fields).from(workTask).innerJoin(loanOrder, eq(loanOrder.id, workTask.orderId)).$dynamic(),
        key: workTask.id,
        columns: {
          ...orderColumns(),
          // Rows are claims: the action releases tasks.
          id: workTask.id,
          order_id: loanOrder.id,
          task_id: workTask.id,
          queue: workTask.queue,
          assignee_id: workTask.assigneeId,
          assignee_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(workTask.assigneeId)})`,
          claimed_at: workTask.claimedAt,
          expires_at: iso(expiresAt()),
        },
        filters: releaseQuery,
        scope: merchantScope(workTask.merchantId),
        where: (f, _actor, ctx) => {
          const now = d.clock.now();
          const since = at(new Date(now.getTime() - (f.idle_hours ?? WITHDRAWAL_RULES.releaseIdleHours) * 3_600_000));
          return [
            inArray(workTask.queue, f.queue ? [f.queue] : AREA_QUEUES),
            eq(workTask.status, 'claimed'),
            isNotNull(workTask.claimedAt),
            sql`${workTask.claimedAt} <= ${since}`,
            // Still waiting for the customer (a claim kept for the payout notice is work in progress, not idle).
            sql`((${workTask.queue} = ${Q.waitFor} and ${loanOrder.status} = 'withdrawal')
              or (${workTask.queue} = ${Q.customerService} and ${loanOrder.status} = 'failed')
              or (${workTask.queue} = ${Q.dormant} and ${loanOrder.status} = 'closed'))`,
            sql`not exists (select 1 from ${withdrawalContact} c where c.order_id = ${loanOrder.id} and c.account_id = ${workTask.assigneeId} and c.created_at > ${since})`,
            f.assignee_id !== undefined ? eq(workTask.assigneeId, f.assignee_id) : undefined,
            ...orderFilterWhere(f, ctx.cfg.timeZone),
          ];
        },
        sorts: { created_at: loanOrder.createdAt, id: workTask.id },
        defaultSort: 'created_at:asc',
        mask: { phone: 'phone' },
        exportColumns: [
          ...ORDER_EXPORT.filter((c) => c.key !== 'assignee_name'),
          { key: 'queue', title: 'withdrawal.field.queue' },
          { key: 'assignee_name', title: 'withdrawal.field.assignee' },
          { key: 'claimed_at', title: 'withdrawal.field.claimed_at' },
        ],
      }),
  };
}

/** /log/WithdrawalSMS: every SMS the withdrawal area wrote (withdrawal_sms_log), newest first. */
export const withdrawalSmsLogList = defineList({
  id: 'log.WithdrawalSMS',
  permission: pageKey('log', 'WithdrawalSMS'),
  from: withdrawalSmsLog,
  columns: {
    id: withdrawalSmsLog.id,
    merchant_id: withdrawalSmsLog.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(withdrawalSmsLog.merchantId)})`,
    order_id: withdrawalSmsLog.orderId,
    order_no: sql<string | null>`(select o.order_no from ${loanOrder} o where o.id = ${outer(withdrawalSmsLog.orderId)})`,
    customer_id: withdrawalSmsLog.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(withdrawalSmsLog.customerId)})`,
    phone: withdrawalSmsLog.phone,
    lang: withdrawalSmsLog.lang,
    kind: withdrawalSmsLog.kind,
    content: withdrawalSmsLog.content,
    status: withdrawalSmsLog.status,
    account_id: withdrawalSmsLog.accountId,
    account: sql<string | null>`(select a.account from ${adminAccount} a where a.id = ${outer(withdrawalSmsLog.accountId)})`,
    created_at: withdrawalSmsLog.createdAt,
  },
  filters: withdrawalSmsLogQuery,
  scope: merchantScope(withdrawalSmsLog.merchantId),
  where: (f, _actor, ctx) => [
    f.phone ? eq(withdrawalSmsLog.phone, f.phone) : undefined,
    f.order_no ? sql`${withdrawalSmsLog.orderId} in (select o.id from ${loanOrder} o where o.order_no = ${f.order_no})` : undefined,
    f.merchant_id !== undefined ? eq(withdrawalSmsLog.merchantId, f.merchant_id) : undefined,
    f.sms_kind ? eq(withdrawalSmsLog.kind, f.sms_kind) : undefined,
    f.account ? sql`${withdrawalSmsLog.accountId} in (select a.id from ${adminAccount} a where a.account = ${f.account})` : undefined,
    ...dateRange(withdrawalSmsLog.createdAt, f.sent_from, f.sent_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: withdrawalSmsLog.createdAt, id: withdrawalSmsLog.id },
  defaultSort: 'created_at:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'created_at', title: 'field.sent_at' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'order_no', title: 'field.order_no' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'phone', title: 'field.phone' },
    { key: 'kind', title: 'withdrawal.field.kind' },
    { key: 'lang', title: 'withdrawal.field.lang' },
    { key: 'content', title: 'field.content' },
    { key: 'status', title: 'field.status' },
    { key: 'account', title: 'field.account' },
  ],
});

