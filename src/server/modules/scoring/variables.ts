import { eq, sql } from 'drizzle-orm';
import { CURRENCY_EXPONENT, MARKET_TIME_ZONE, type Market } from '../../../schemas/merchant';
import { DISBURSED_STATUSES } from '../../../schemas/order';
import { VARIABLE_NAMES, type VariableName } from '../../../schemas/scoring';
import type { Value } from '../../../schemas/scoring-expr';
import type { DbOrTx } from '../../db/client';
import {
  bankCard, customer, customerApp, customerCall, customerContact, customerDevice, customerSms,
} from '../client/client.table';
import { dateIn } from '../lifecycle/clock';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { rowsOf } from '../../db/rows';

/**
 * The values of the rule variables (VARIABLES in src/schemas/scoring.ts) for one order, read from the customer
 * tables and the customer's other loan orders at the business time `now`. Dates (age, hour of application) are
 * read in the merchant's market time zone; amounts in the order's currency, major units.
 */
export type VariableValues = Record<VariableName, Value>;

const OPEN_STATUSES = ['repaying', 'overdue', 'extended', 'bad_debt'];
const DAY_MS = 86_400_000;

/**
 * Lending apps among the installed ones, by name or package (a heuristic; markets' words for loan, credit and
 * cash). Matched in SQL as a case-insensitive regular expression.
 */
export const LOAN_APP_PATTERN = 'loan|lend|credit|cash|kredit|pinjam|rupee|paisa|money|vay|tien|cho ?vay|借|贷|貸|สินเชื่อ|เงินด่วน|قرض|تمويل|ऋण|लोन';

/** Whole years from a yyyy-MM-dd birth date to a yyyy-MM-dd day. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Hour of the day (0–23) of an instant in a time zone. */
export function hourIn(at: Date, timeZone: string): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(h) % 24;
}

const n = (v: unknown): number => Number(v ?? 0);

export async function computeVariables(db: DbOrTx, orderId: number, now: Date): Promise<VariableValues | null> {
  const [row] = await db.select({ order: loanOrder, customer, market: merchant.market })
    .from(loanOrder)
    .innerJoin(customer, eq(customer.id, loanOrder.customerId))
    .leftJoin(merchant, eq(merchant.id, loanOrder.merchantId))
    .where(eq(loanOrder.id, orderId));
  if (!row) return null;
  const { order: o, customer: c } = row;
  const tz = MARKET_TIME_ZONE[(row.market ?? c.market) as Market] ?? 'UTC';
  const cid = c.id;
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const disbursed = sql.join(DISBURSED_STATUSES.map((s) => sql`${s}`), sql`, `);
  const open = sql.join(OPEN_STATUSES.map((s) => sql`${s}`), sql`, `);

  // One round trip: the customer's other orders and the counts of what the phone reported, each an index range.
  const res = await db.execute(sql`
    select
      (select count(*) from ${loanOrder} o where o.customer_id = ${cid} and o.id <> ${orderId} and o.status in (${disbursed})) as loan_count,
      (select count(*) from ${loanOrder} o where o.customer_id = ${cid} and o.id <> ${orderId} and o.settled) as settled_count,
      (select count(*) from ${loanOrder} o where o.customer_id = ${cid} and o.id <> ${orderId} and o.status in (${open})) as open_loan_count,
      (select coalesce(max(o.overdue_days), 0) from ${loanOrder} o where o.customer_id = ${cid} and o.id <> ${orderId}) as max_overdue_days,
      (select count(*) from ${loanOrder} o where o.customer_id = ${cid} and o.id <> ${orderId}
         and (o.review_result = 'rejected' or o.machine_review_result = 'rejected')) as rejected_count,
      (select count(*) from ${loanOrder} o where o.customer_id = ${cid} and o.created_at >= ${since30.toISOString()}::timestamptz) as applications_30d,
      (select count(*) from ${customerContact} x where x.customer_id = ${cid} and x.kind = 'phonebook') as contacts_count,
      (select count(*) from ${customerContact} x where x.customer_id = ${cid} and x.kind = 'emergency') as emergency_contacts_count,
      (select count(*) from ${customerSms} x where x.customer_id = ${cid}) as sms_count,
      (select count(*) from ${customerCall} x where x.customer_id = ${cid}) as calls_count,
      (select count(*) from ${customerApp} x where x.customer_id = ${cid}) as apps_count,
      (select count(*) from ${customerApp} x where x.customer_id = ${cid}
         and (x.app_name ~* ${LOAN_APP_PATTERN} or x.package_name ~* ${LOAN_APP_PATTERN})) as loan_apps_count,
      (select count(distinct x.device_id) from ${customerDevice} x where x.customer_id = ${cid} and x.device_id <> '') as devices,
      (select count(distinct y.customer_id) from ${customerDevice} y
         where y.device_id in (select x.device_id from ${customerDevice} x where x.customer_id = ${cid} and x.device_id <> '')
           and y.customer_id <> ${cid}) as shared_device_customers,
      exists (select 1 from ${bankCard} b where b.customer_id = ${cid} and b.status = 'bound') as bank_card_bound
  `);
  const [agg] = rowsOf(res);

  const exp = CURRENCY_EXPONENT[o.currency] ?? 2;
  const today = dateIn(now, tz);
  const level = (v: string) => (/^\d+$/.test(v) ? Number(v) : 0);
  const values: VariableValues = {
    age: c.birthDate ? ageOn(c.birthDate, today) : null,
    gender: c.gender,
    marital_status: c.maritalStatus,
    education_level: level(c.education),
    income_level: level(c.incomeLevel),
    children_count: c.childrenCount,
    residence_months: c.residenceMonths,
    user_level: c.userLevel,
    days_since_registration: Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / DAY_MS)),
    registration_source: c.registrationSource,
    occupation: c.occupation,
    blacklisted: c.blacklisted,
    blacklist_level: c.blacklistLevel,
    whitelisted: c.whitelisted,
    liveness_score: c.livenessScore === null ? null : Math.round(c.livenessScore * 100) / 100,
    carrier_auth: c.carrierAuthStatus,
    bank_card_bound: Boolean(agg.bank_card_bound),
    loan_count: n(agg.loan_count),
    settled_count: n(agg.settled_count),
    open_loan_count: n(agg.open_loan_count),
    max_overdue_days: n(agg.max_overdue_days),
    rejected_count: n(agg.rejected_count),
    applications_30d: n(agg.applications_30d),
    contacts_count: n(agg.contacts_count),
    emergency_contacts_count: n(agg.emergency_contacts_count),
    sms_count: n(agg.sms_count),
    calls_count: n(agg.calls_count),
    apps_count: n(agg.apps_count),
    loan_apps_count: n(agg.loan_apps_count),
    device_changes: Math.max(0, n(agg.devices) - 1),
    shared_device_customers: n(agg.shared_device_customers),
    application_amount: o.applicationAmountMinor / 10 ** exp,
    product_days: o.loanDays,
    is_returning: o.isReturning,
    order_type: o.orderType,
    apply_hour: hourIn(o.createdAt, tz),
  };
  // The catalogue and this function must name the same variables (a test checks it too).
  for (const name of VARIABLE_NAMES) if (!(name in values)) values[name] = null;
  return values;
}
