import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { WITHDRAWAL_RULES } from '../../../schemas/withdrawal';
import { customer } from '../client/client.table';
import { customersByName, customersByPhone, outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import { merchant } from '../merchant/merchant.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { workTask } from '../task/task.table';
import { withdrawalContact, withdrawalMarket, withdrawalNotice, withdrawalSmsLog } from './withdrawal.table';

/**
 * The SQL that decides what is in each queue, shared by the lists (what an agent sees) and the actions (what an
 * agent may do to one order), so the two can never disagree. Every fragment is correlated to the `loan_order` row of
 * the outer query. Times are compared with the business clock's `now`, bound as a parameter.
 */

/** The history reason the close action of an agent writes ("close: customer declined: …"). */
export const DECLINED = 'customer declined';

/** A computed timestamptz as the list engine writes its columns (ISO 8601, UTC), for the console's date parsing. */
export const iso = (ts: SQL): SQL<string | null> => sql`to_char((${ts}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A business time as a timestamptz parameter. */
export const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

const id = () => outer(loanOrder.id);

/** When the order entered its current status (approved → withdrawal, payout failed, closed …). */
export const enteredAt = (): SQL<string | null> =>
  sql`(select max(h.created_at) from ${orderStatusHistory} h where h.order_id = ${id()} and h.to_status = ${outer(loanOrder.status)})`;

/** The merchant's single valid time: how long an approved order may wait for withdrawal (0: no limit). */
const validHours = (): SQL => sql`(select m.single_valid_hours from ${merchant} m where m.id = ${outer(loanOrder.merchantId)})`;

/** End of the withdrawal validity of an order in `withdrawal`; null when its merchant sets no limit. */
export const expiresAt = (): SQL<string | null> =>
  sql`(case when ${validHours()} > 0 then ${enteredAt()} + ${validHours()} * interval '1 hour' end)`;

/** When an unclaimed order reaches the market by time. */
const marketFrom = (): SQL => sql`(${enteredAt()} + (case when ${validHours()} > 0 then ${validHours()} * ${sql.raw(String(WITHDRAWAL_RULES.marketAfterShare))} else ${sql.raw(String(WITHDRAWAL_RULES.marketAfterHours))} end) * interval '1 hour')`;

/** Put on (or taken from) the market by someone: the order is a market order for good. */
export const marketRow = (): SQL<boolean> => sql`exists (select 1 from ${withdrawalMarket} wm where wm.order_id = ${id()})`;

/** On the market: by a row, or by having waited unclaimed past marketFrom. */
export const onMarket = (now: Date): SQL<boolean> => sql`(${marketRow()} or coalesce(${marketFrom()} <= ${at(now)}, false))`;

export const expired = (now: Date): SQL<boolean> => sql`coalesce(${expiresAt()} <= ${at(now)}, false)`;

/** The live (open or claimed) task of the order in a queue, as the join condition of a LEFT JOIN. */
export const liveTaskJoin = (queue: string): SQL =>
  and(eq(workTask.orderId, loanOrder.id), eq(workTask.queue, queue), inArray(workTask.status, ['open', 'claimed']))!;

export const claimed = (): SQL => sql`${workTask.status} = 'claimed'`;
export const unclaimed = (): SQL => sql`${workTask.status} is distinct from 'claimed'`;
export const claimedBy = (accountId: number): SQL => and(eq(workTask.status, 'claimed'), eq(workTask.assigneeId, accountId))!;

/** Reminder SMS sent for the order since it last entered withdrawal. */
export const reminderCount = (): SQL<number> =>
  sql`(select count(*)::int from ${withdrawalSmsLog} s where s.order_id = ${id()} and s.kind = 'reminder' and s.created_at >= ${enteredAt()})`;
export const lastReminderAt = (): SQL<string | null> =>
  sql`(select max(s.created_at) from ${withdrawalSmsLog} s where s.order_id = ${id()} and s.kind = 'reminder' and s.created_at >= ${enteredAt()})`;

/** The order's reminder is due (MywaitSMS): approved long enough ago, not too often, not too many, not expired. */
export const reminderDue = (now: Date): SQL => {
  const first = new Date(now.getTime() - WITHDRAWAL_RULES.reminderFirstAfterHours * 3_600_000);
  const gap = new Date(now.getTime() - WITHDRAWAL_RULES.reminderIntervalHours * 3_600_000);
  return sql`(${enteredAt()} <= ${at(first)} and not ${expired(now)} and ${reminderCount()} < ${WITHDRAWAL_RULES.reminderMax}
    and coalesce(${lastReminderAt()} <= ${at(gap)}, true))`;
};

export const lastContactResult = (): SQL<string | null> =>
  sql`(select c.result from ${withdrawalContact} c where c.order_id = ${id()} order by c.id desc limit 1)`;
export const lastContactAt = (): SQL<string | null> =>
  sql`(select max(c.created_at) from ${withdrawalContact} c where c.order_id = ${id()})`;

export const notified = (): SQL<boolean> => sql`exists (select 1 from ${withdrawalNotice} n where n.order_id = ${id()})`;

/** Disbursed successfully: the payout was confirmed and the loan runs (or ran). */
export const disbursed = (): SQL =>
  sql`(${loanOrder.successAt} is not null and ${loanOrder.status} in ('repaying', 'overdue', 'extended', 'settled'))`;

/**
 * A dormant approved customer: the order was closed straight out of `withdrawal` within the dormant window — it
 * expired, or someone closed it — but not because the customer told an agent they do not want it (nobody calls them
 * back to hear it again); the customer has no newer order and is not blacklisted; nobody finished its dormant task.
 */
export const dormant = (now: Date, dormantQueue: string): SQL => {
  const since = new Date(now.getTime() - WITHDRAWAL_RULES.dormantWindowDays * 86_400_000);
  return sql`(${loanOrder.status} = 'closed'
    and exists (select 1 from ${orderStatusHistory} h where h.order_id = ${id()} and h.from_status = 'withdrawal' and h.to_status = 'closed'
      and h.created_at >= ${at(since)} and h.reason not like ${`close: ${DECLINED}%`})
    and not exists (select 1 from ${loanOrder} o2 where o2.customer_id = ${outer(loanOrder.customerId)} and o2.id > ${id()})
    and not exists (select 1 from ${customer} cb where cb.id = ${outer(loanOrder.customerId)} and cb.blacklisted)
    and not exists (select 1 from ${workTask} td where td.order_id = ${id()} and td.queue = ${dormantQueue} and td.status = 'done'))`;
};

export const assigneeName = (): SQL<string | null> => sql`(select a.name from ${adminAccount} a where a.id = ${workTask.assigneeId})`;

/** Filters every order queue has (src/schemas/withdrawal.ts orderFilters). */
export interface OrderFilterValues {
  order_no?: string;
  phone?: string;
  customer_name?: string;
  merchant_id?: number;
  product_id?: number;
  customer_type?: 'new' | 'returning';
  created_from?: string;
  created_to?: string;
  loan_amount_min?: number;
  loan_amount_max?: number;
}

export function orderFilterWhere(f: OrderFilterValues, timeZone: string): (SQL | undefined)[] {
  return [
    f.order_no ? or(eq(loanOrder.orderNo, f.order_no), eq(loanOrder.externalOrderNo, f.order_no)) : undefined,
    f.phone ? inArray(loanOrder.customerId, customersByPhone(f.phone)) : undefined,
    f.customer_name ? inArray(loanOrder.customerId, customersByName(f.customer_name)) : undefined,
    f.merchant_id !== undefined ? eq(loanOrder.merchantId, f.merchant_id) : undefined,
    f.product_id !== undefined ? eq(loanOrder.productId, f.product_id) : undefined,
    f.customer_type ? eq(loanOrder.isReturning, f.customer_type === 'returning') : undefined,
    ...dateRange(loanOrder.createdAt, f.created_from, f.created_to, timeZone),
    f.loan_amount_min !== undefined ? gte(loanOrder.loanAmountMinor, f.loan_amount_min) : undefined,
    f.loan_amount_max !== undefined ? lte(loanOrder.loanAmountMinor, f.loan_amount_max) : undefined,
  ];
}

/** Columns every order queue shows (customer, money, timing). */
export function orderColumns() {
  return {
    id: loanOrder.id,
    order_no: loanOrder.orderNo,
    merchant_id: loanOrder.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(loanOrder.merchantId)})`,
    customer_id: loanOrder.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
    phone: sql<string | null>`(select c.phone from ${customer} c where c.id = ${outer(loanOrder.customerId)})`,
    product_name: loanOrder.productName,
    currency: loanOrder.currency,
    status: loanOrder.status,
    is_returning: loanOrder.isReturning,
    order_type: loanOrder.orderType,
    loan_amount: loanOrder.loanAmountMinor,
    received_amount: loanOrder.receivedAmountMinor,
    contract_amount: loanOrder.contractAmountMinor,
    loan_days: loanOrder.loanDays,
    created_at: loanOrder.createdAt,
    entered_at: iso(enteredAt()),
    last_contact_result: lastContactResult(),
    last_contact_at: iso(lastContactAt()),
  };
}
