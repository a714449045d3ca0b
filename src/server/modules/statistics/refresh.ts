import os from 'node:os';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { offsetKey, REPAY_OFFSETS } from '../../../schemas/reports/repayment';
import { engineOf, type Db, type DbOrTx } from '../../db/client';
import { userTables, vacuumAnalyze } from '../../db/maintain';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { addDays } from '../lifecycle/clock';
import { merchantMarket } from '../merchant/market';
import { merchant } from '../merchant/merchant.table';
import { FACTS } from './facts';
import { dateConds, intSql, inWindow, localDate, resumSql, type Window } from './facts/sql';
import { statRefresh } from './statistics.table';

/**
 * Maintenance of the fact tables (docs/statistics.md "Refresh"). A merchant's facts are recomputed from the base
 * tables for a window of business dates (of the merchant's market), a transaction per step (the daily facts, the
 * cohorts, each fact area): delete the window's rows, insert the regrouped events. `rebuild` is the same with no
 * window (or from a date).
 */

/** Statuses before disbursement: a close from one of them is a rejection (or a close) in review. */
const PRE_DISBURSEMENT = ['pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended', 'withdrawal', 'reloan'];
/** Cohort offsets are clamped to this range; NOT_SETTLED marks an open order. */
export const OFFSET_MIN = -3;
export const OFFSET_MAX = 31;
export const NOT_SETTLED = 32767;

const DAILY_COLS = ['applied', 'rejected', 'disbursed', 'settled', 'overdue', 'principal_out_minor', 'paid_out_minor', 'fees_minor',
  'in_principal_minor', 'in_interest_minor', 'in_fee_minor', 'in_penalty_minor', 'repayments', 'extensions', 'extension_fees_minor', 'reductions_minor'] as const;
type DailyCol = (typeof DAILY_COLS)[number];

/** One source of events: its date, its measures (the others are 0), the order it belongs to as `o`. */
function events(at: SQL, tz: string, w: Window, measures: Partial<Record<DailyCol, SQL>>, from: SQL, where: SQL): SQL {
  const cols = DAILY_COLS.map((c) => sql`${measures[c] ?? sql`0`}::bigint as ${sql.identifier(c)}`);
  return sql`select ${localDate(at, tz)} as d, o.product_id, coalesce(o.channel_id, 0) as ch, o.is_returning as r, ${sql.join(cols, sql`, `)}
    from ${from} where ${where} and ${inWindow(at, tz, w)}`;
}

function dailySql(merchantId: number, tz: string, w: Window): SQL {
  const m = sql`o.merchant_id = ${merchantId}`;
  const pre = sql.join(PRE_DISBURSEMENT.map((s) => sql`${s}`), sql`, `);
  const sources = [
    events(sql`o.created_at`, tz, w, { applied: sql`1` }, sql`loan_order o`, m),
    events(sql`h.created_at`, tz, w, { rejected: sql`1` }, sql`order_status_history h join loan_order o on o.id = h.order_id`,
      sql`h.merchant_id = ${merchantId} and ${m} and h.to_status = 'closed' and h.from_status in (${pre})`),
    events(sql`h.created_at`, tz, w, { overdue: sql`1` }, sql`order_status_history h join loan_order o on o.id = h.order_id`,
      sql`h.merchant_id = ${merchantId} and ${m} and h.to_status = 'overdue'`),
    events(sql`o.success_at`, tz, w, {
      disbursed: sql`1`, principal_out_minor: sql`o.loan_amount_minor`, paid_out_minor: sql`o.received_amount_minor`,
      fees_minor: sql`o.loan_amount_minor - o.received_amount_minor`,
    }, sql`loan_order o`, m),
    events(sql`o.settled_at`, tz, w, { settled: sql`1` }, sql`loan_order o`, sql`${m} and o.settled`),
    events(sql`p.paid_at`, tz, w, {
      repayments: sql`1`, in_principal_minor: sql`p.principal_minor`, in_interest_minor: sql`p.interest_minor`, in_fee_minor: sql`p.fee_minor`,
      in_penalty_minor: sql`p.penalty_minor`,
    }, sql`repayment p join loan_order o on o.id = p.order_id`,
      sql`p.merchant_id = ${merchantId} and ${m} and p.status = 'success' and p.type <> 'extension'`),
    events(sql`x.paid_at`, tz, w, { extensions: sql`1`, extension_fees_minor: sql`x.paid_fee_minor` }, sql`extension x join loan_order o on o.id = x.order_id`,
      sql`x.merchant_id = ${merchantId} and ${m} and x.status = 'success'`),
    events(sql`rd.decided_at`, tz, w, { reductions_minor: sql`rd.amount_minor` }, sql`reduction rd join loan_order o on o.id = rd.order_id`,
      sql`rd.merchant_id = ${merchantId} and ${m} and rd.status = 'approved'`),
  ];
  const sums = DAILY_COLS.map((c) => sql`sum(${sql.identifier(c)})`);
  return sql`insert into stat_daily (merchant_id, business_date, product_id, channel_id, "returning", ${sql.join(DAILY_COLS.map((c) => sql.identifier(c)), sql`, `)})
    select ${merchantId}, d, product_id, ch, r, ${sql.join(sums, sql`, `)}
    from (${sql.join(sources, sql` union all `)}) e group by d, product_id, ch, r`;
}

function cohortSql(merchantId: number, tz: string, w: Window, dueDates?: string[]): SQL {
  const conds: SQL[] = [sql`o.merchant_id = ${merchantId}`, sql`o.success_at is not null`, sql`o.due_date is not null`];
  if (w.from) conds.push(sql`o.due_date >= ${w.from}::date`);
  if (w.to) conds.push(sql`o.due_date <= ${w.to}::date`);
  if (dueDates) conds.push(dueDates.length ? sql`o.due_date in (${sql.join(dueDates.map((d) => sql`${d}::date`), sql`, `)})` : sql`false`);
  const offset = sql`case when o.settled and o.settled_at is not null
    then greatest(${OFFSET_MIN}, least(${OFFSET_MAX}, ${localDate(sql`o.settled_at`, tz)} - o.due_date)) else ${NOT_SETTLED} end`;
  return sql`insert into stat_repay_cohort (merchant_id, due_date, product_id, channel_id, "returning", settle_offset, orders, amount_minor)
    select ${merchantId}, o.due_date, o.product_id, coalesce(o.channel_id, 0), o.is_returning, ${offset}, count(*), sum(o.contract_amount_minor)
    from loan_order o where ${sql.join(conds, sql` and `)} group by 2, 3, 4, 5, 6`;
}

/**
 * stat_repay_due of one merchant's due dates `which` (a condition on due_date): the cohorts just recomputed summed over
 * product and channel, their settle offsets turned into "settled by D+k" columns (offset ≤ k; an open order's offset is
 * NOT_SETTLED, above every k) and the open orders. Migration 0026 filled it from the cohorts with the same sums.
 */
function dueRollupSql(merchantId: number, which: SQL): SQL {
  const filtered = (col: string, cond: SQL) => sql`coalesce(sum(${sql.identifier(col)}) filter (where ${cond}), 0)`;
  const cols: Array<[string, SQL]> = [
    ['orders', sql`sum(orders)`], ['amount_minor', sql`sum(amount_minor)`],
    ['open_orders', filtered('orders', sql`settle_offset = ${NOT_SETTLED}`)], ['open_amount_minor', filtered('amount_minor', sql`settle_offset = ${NOT_SETTLED}`)],
    ...REPAY_OFFSETS.flatMap((k): Array<[string, SQL]> => [
      [`settled_${offsetKey(k)}`, filtered('orders', sql`settle_offset <= ${intSql(k)}`)],
      [`settled_amount_${offsetKey(k)}`, filtered('amount_minor', sql`settle_offset <= ${intSql(k)}`)],
    ]),
  ];
  return sql`insert into stat_repay_due (merchant_id, due_date, "returning", ${sql.join(cols.map(([c]) => sql.identifier(c)), sql`, `)})
    select merchant_id, due_date, "returning", ${sql.join(cols.map(([, v]) => v), sql`, `)}
    from stat_repay_cohort where merchant_id = ${merchantId} and ${which} group by 1, 2, 3`;
}

/**
 * A fact area's maintenance (facts/<area>.ts), run for one merchant after the daily and cohort facts, in a transaction
 * of its own (so what it deletes and what it inserts must make a whole by themselves): `full` recomputes everything
 * (from `from` when given), otherwise just what today's events can have changed (today = the market's business date).
 */
export interface FactBuilder {
  name: string;
  refresh(tx: DbOrTx, ctx: FactContext): Promise<void>;
}
export interface FactContext {
  merchantId: number;
  /** The market's IANA time zone. */
  tz: string;
  /** The market's business date. */
  today: string;
  full: boolean;
  from?: string;
  /** Incrementally: the due dates whose repayment cohorts this refresh recomputed (facts derived from them follow). */
  dueDates?: string[];
}

/**
 * Time spent per step of the refresh (the daily facts, the cohorts, each fact area), summed over merchants while a
 * caller has switched it on: the bench prints it, so that a slow refresh says where its time goes.
 */
export const refreshProfile = { on: false, ms: new Map<string, number>() };
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!refreshProfile.on) return fn();
  const t = performance.now();
  try {
    return await fn();
  } finally {
    refreshProfile.ms.set(name, (refreshProfile.ms.get(name) ?? 0) + performance.now() - t);
  }
}

/**
 * A step of a merchant's refresh in a transaction of its own: the step deletes its window and inserts it again, so a
 * reader sees the step's rows before or after, never half. Not one transaction for the merchant: PGlite serves one
 * transaction at a time, and a console request arriving during the largest merchant's refresh waited for all of it
 * (up to 4.0 s on the bench's busy day at 1,000,000 orders); now it waits for one step at most (1.2 s). A step reads only what the steps
 * before it committed (channel.overdue reads the cohorts), and a step that fails leaves the merchant unmarked, so the
 * next run does every step again (each is idempotent: it rewrites its window from the base tables).
 */
async function inStep(db: Db, name: string, fn: (tx: DbOrTx) => Promise<void>): Promise<void> {
  await step(name, () => db.transaction(async (tx) => {
    // For this transaction (one statement: on PGlite each one is a round trip to the database's thread):
    // - no JIT: these are big set-based statements planned afresh each time, and compiling them costs seconds per
    //   merchant and gains nothing (measured at 100k orders on PostgreSQL 15; portfolio.book's generate_series makes
    //   the planner expect millions of rows and compile it);
    // - 64 MB work_mem: the refresh is one connection at a time, and the default 4 MB made its bitmaps lossy
    //   (re-checking every row of a block) and its sorts spill to disk on a busy day's 100,000 status changes of one
    //   merchant.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    await fn(tx);
  }));
}

/** Recomputes a merchant's daily facts of the window and its cohorts due in `cohorts` (a window or a list of dates). */
export async function refreshMerchant(db: Db, merchantId: number, tz: string, daily: Window, cohorts: Window & { dates?: string[] },
  areas?: { ctx: FactContext; builders: readonly FactBuilder[] }): Promise<void> {
  await inStep(db, 'daily', async (tx) => {
    await tx.execute(sql`delete from stat_daily where merchant_id = ${merchantId} and ${dateConds('business_date', daily)}`);
    await tx.execute(dailySql(merchantId, tz, daily));
    await tx.execute(sql`delete from stat_daily_all where merchant_id = ${merchantId} and ${dateConds('business_date', daily)}`);
    await tx.execute(resumSql('stat_daily_all', 'stat_daily', ['merchant_id', 'business_date'], DAILY_COLS, merchantId, dateConds('business_date', daily)));
  });
  if (!cohorts.dates || cohorts.dates.length) {
    await inStep(db, 'cohorts', async (tx) => {
      // The due dates recomputed: a list, or a window; the roll-ups are re-summed for the same ones.
      let which: SQL;
      if (cohorts.dates) {
        which = sql`due_date in (${sql.join(cohorts.dates.map((d) => sql`${d}::date`), sql`, `)})`;
        await tx.execute(sql`delete from stat_repay_cohort where merchant_id = ${merchantId} and ${which}`);
        await tx.execute(cohortSql(merchantId, tz, {}, cohorts.dates));
      } else {
        which = dateConds('due_date', cohorts);
        await tx.execute(sql`delete from stat_repay_cohort where merchant_id = ${merchantId} and ${which}`);
        await tx.execute(cohortSql(merchantId, tz, cohorts));
      }
      await tx.execute(sql`delete from stat_repay_due where merchant_id = ${merchantId} and ${which}`);
      await tx.execute(dueRollupSql(merchantId, which));
    });
  }
  for (const b of areas?.builders ?? []) await inStep(db, b.name, (tx) => b.refresh(tx, areas!.ctx));
}

/**
 * Due dates whose cohort today's events changed. A cohort row counts the orders due on a date by how late they
 * settled, so it changes only when an order enters a due date (disbursed, extended to it), leaves one (extended away,
 * payout reversed) or settles or unsettles (a revoked repayment): the due dates of the orders disbursed, settled,
 * extended, revoked or reversed today, with the due date an extension or a reversal took the order away from (the
 * first one is the payout's date plus the loan's days; later ones the earlier extensions' ends). Each source is a
 * range scan on the merchant's index of its timestamp. Revocations and reversals are stamped with the system time,
 * which the business clock may lead: for them "today" reaches a day back on both clocks.
 */
async function touchedDueDates(db: DbOrTx, merchantId: number, tz: string, today: string): Promise<string[]> {
  const day = { from: today };
  const recent = (col: SQL) => sql`(${inWindow(col, tz, { from: addDays(today, -1) })} or ${col} >= now() - interval '1 day')`;
  const firstDue = sql`(${localDate(sql`o.success_at`, tz)} + o.loan_days)`;
  const res = await db.execute(sql`with touched as (
      select o.id, o.due_date, null::date as was from loan_order o where o.merchant_id = ${merchantId} and ${inWindow(sql`o.success_at`, tz, day)}
      union all select o.id, o.due_date, null from loan_order o where o.merchant_id = ${merchantId} and ${inWindow(sql`o.settled_at`, tz, day)}
      union all select o.id, o.due_date, ${firstDue} from extension x join loan_order o on o.id = x.order_id
        where x.merchant_id = ${merchantId} and x.status = 'success' and ${inWindow(sql`x.paid_at`, tz, day)}
      union all select o.id, o.due_date, null from repayment p join loan_order o on o.id = p.order_id
        where p.merchant_id = ${merchantId} and ${recent(sql`p.revoked_at`)}
      union all select o.id, o.due_date, ${firstDue} from transfer t join loan_order o on o.id = t.order_id
        where t.merchant_id = ${merchantId} and ${recent(sql`t.reversed_at`)} and o.success_at is not null)
    select to_char(d, 'YYYY-MM-DD') as d from (
      select due_date as d from touched union select was from touched
      union select x.end_date from extension x where x.order_id in (select id from touched where was is not null) and x.status = 'success'
    ) s where d is not null`);
  return [...new Set(rowsOf<{ d: string }>(res).map((r) => r.d))].sort();
}

export interface RefreshResult { merchants: Array<{ merchantId: number; businessDate: string; rebuilt: boolean }> }

/**
 * The statistics job, every minute: a merchant whose market has started a new business date since its last full
 * rebuild is rebuilt whole (that is the end-of-day pass: yesterday's late corrections, revoked repayments and old
 * cohorts settle there); otherwise today's daily rows and the cohorts touched today are recomputed.
 */
export async function refreshStatistics(deps: Deps, opts: { merchantIds?: number[] } = {}): Promise<RefreshResult> {
  const out: RefreshResult = { merchants: [] };
  await withJobLock(deps.db, STATISTICS_REFRESH_JOB, async () => {
    await inParallel(deps.db, await merchantList(deps.db, opts.merchantIds), async ({ id }) => {
      const { timeZone } = await merchantMarket(deps.db, id);
      const today = deps.clock.today(timeZone);
      const [state] = await deps.db.select().from(statRefresh).where(eq(statRefresh.merchantId, id));
      const rebuilt = state?.rebuiltFor !== today;
      const areas = { ctx: { merchantId: id, tz: timeZone, today, full: rebuilt }, builders: FACTS };
      if (rebuilt) await refreshMerchant(deps.db, id, timeZone, {}, {}, areas);
      else {
        const dates = await step('cohorts.touched', () => touchedDueDates(deps.db, id, timeZone, today));
        await refreshMerchant(deps.db, id, timeZone, { from: today, to: today }, { dates }, { ...areas, ctx: { ...areas.ctx, dueDates: dates } });
      }
      await markRefreshed(deps, id, rebuilt ? today : undefined);
      out.merchants.push({ merchantId: id, businessDate: today, rebuilt });
    });
    out.merchants.sort((a, b) => a.merchantId - b.merchantId);
    if (out.merchants.some((m) => m.rebuilt)) await step('analyze', () => analyzeFacts(deps.db));
  });
  return out;
}

/**
 * The fact tables after a rebuild rewrote them: their old rows' space made reusable (a report's scan otherwise reads
 * as many dead rows as live ones until autovacuum passes, and autovacuum may be off) and fresh planner statistics
 * (with the estimates of the tables before, a few hundred rows for tens of thousands, a report's query is planned for
 * the wrong size). Outside any transaction, as VACUUM must be.
 */
async function analyzeFacts(db: Db): Promise<void> {
  await inParallel(db, await userTables(db, 'stat\\_%'), (t) => vacuumAnalyze(db, t));
}

/** `npm run job -- statistics.rebuild [--from YYYY-MM-DD]`: every merchant's facts from the date (or all). */
export async function rebuildStatistics(deps: Deps, opts: { from?: string; merchantIds?: number[] } = {}): Promise<RefreshResult> {
  const out: RefreshResult = { merchants: [] };
  await withJobLock(deps.db, STATISTICS_REFRESH_JOB, async () => {
    await inParallel(deps.db, await merchantList(deps.db, opts.merchantIds), async ({ id }) => {
      const { timeZone } = await merchantMarket(deps.db, id);
      const today = deps.clock.today(timeZone);
      await refreshMerchant(deps.db, id, timeZone, { from: opts.from }, { from: opts.from },
        { ctx: { merchantId: id, tz: timeZone, today, full: true, from: opts.from }, builders: FACTS });
      await markRefreshed(deps, id, opts.from ? undefined : today);
      out.merchants.push({ merchantId: id, businessDate: today, rebuilt: true });
    });
    out.merchants.sort((a, b) => a.merchantId - b.merchantId);
    await step('analyze', () => analyzeFacts(deps.db));
  });
  return out;
}

/**
 * How many merchants are refreshed at once. Each merchant's facts are its own rows, recomputed in its own transactions,
 * so merchants are independent; on PostgreSQL each transaction runs on its own backend process, so two of them use two
 * cores while the server waits (the refresh is the database's work: the Node side only sends statements). PGlite has one
 * connection: one at a time. `STATISTICS_CONCURRENCY` overrides it.
 */
export function refreshConcurrency(db: Db): number {
  if (engineOf(db)?.kind !== 'postgres') return 1;
  const set = Number(process.env.STATISTICS_CONCURRENCY);
  return Number.isInteger(set) && set > 0 ? set : Math.min(4, Math.max(1, os.availableParallelism()));
}

/**
 * Runs `fn` for every item (merchant, fact table), `refreshConcurrency` at a time, in the list's order (merchants by id:
 * the oldest, usually largest, start first, so the small ones fill in at the end). After a failure nothing more is
 * started, the running ones finish, and the first error is thrown: the job lock is held until nothing runs.
 */
async function inParallel<T>(db: Db, list: T[], fn: (m: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < list.length) {
      const m = list[next++];
      try {
        await fn(m);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(refreshConcurrency(db), list.length) }, worker));
  if (failed) throw (failed as { error: unknown }).error;
}

async function merchantList(db: Db, ids?: number[]) {
  const all = await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id));
  return ids ? all.filter((m) => ids.includes(m.id)) : all;
}

async function markRefreshed(deps: Deps, merchantId: number, rebuiltFor?: string) {
  const now = deps.clock.now();
  await deps.db.insert(statRefresh).values({ merchantId, rebuiltFor: rebuiltFor ?? null, refreshedAt: now })
    .onConflictDoUpdate({ target: statRefresh.merchantId, set: rebuiltFor ? { rebuiltFor, refreshedAt: now } : { refreshedAt: now } });
}

/** The `--from` of the command line (npm run job passes its arguments through process.argv). */
export function fromArg(argv: readonly string[]): string | undefined {
  const i = argv.indexOf('--from');
  const v = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--from='))?.slice(7);
  if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new Error(`--from wants YYYY-MM-DD, not ${v}`);
  return v;
}

export const STATISTICS_REFRESH_JOB = 'statistics.refresh';
export const statisticsRefreshJob: JobDef = { name: STATISTICS_REFRESH_JOB, everyMs: 60_000, run: (deps) => refreshStatistics(deps) };
export const statisticsRebuildJob: JobDef = {
  name: 'statistics.rebuild', everyMs: 24 * 3_600_000, run: (deps) => rebuildStatistics(deps, { from: fromArg(process.argv) }),
};
