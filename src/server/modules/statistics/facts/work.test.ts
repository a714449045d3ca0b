import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSummed } from '../../../../../tests/support/rollups';
import { clearOfMidnights, createTestApp, type TestApp } from '../../../../../tests/support/testApp';
import { marketTimeZone, type Market } from '../../../../schemas/merchant';
import { REPORTS } from '../../../../schemas/reports';
import { rowsOf } from '../../../db/rows';
import { dateIn } from '../../lifecycle/clock';
import { rebuildStatistics, refreshStatistics } from '../refresh';

/**
 * The work facts (stat_review, stat_withdrawal) equal a recomputation from the base tables written
 * here in JavaScript (business dates by Intl in each market's zone), on the demo's data of every market plus the
 * claims, contacts and reminders the demo does not generate; and their report routes (permission, totals, scoping).
 */
let t: TestApp;
type Row = Record<string, unknown>;
const q = async (text: string) => rowsOf<Row>(await t.db.execute(sql.raw(text)));
const n = (v: unknown) => Number(v ?? 0);
const iso = (d: Date) => d.toISOString();

const STAGE: Record<string, string> = { first_review: 'first', second_review: 'second', pre_review: 'pre', disbursement_review: 'disbursement', reloan: 'reloan' };
const APPROVE_TO = ['first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal'];
const QUEUE: Record<string, string> = { 'review.first': 'first', 'review.second': 'second', 'review.pre': 'pre', 'review.disbursement': 'disbursement' };
let ids: Record<string, number> = {};
/** The facts of the generated demo alone, before the test adds claims, contacts and reminders. */
let demo: { review: Facts; withdrawal: Facts };

/** Claims, contacts and reminder SMS the generated demo has none of, made around existing decisions. */
async function addWorkEvents() {
  await q(`insert into work_task (queue, order_id, merchant_id, status, assignee_id, claimed_at, opened_at, closed_at)
    select 'review.' || case h.from_status when 'first_review' then 'first' when 'second_review' then 'second' when 'pre_review' then 'pre' else 'disbursement' end,
      h.order_id, o.merchant_id, case when h.id % 5 = 0 then 'cancelled' else 'done' end, h.account_id,
      h.created_at - interval '17 minutes', h.created_at - interval '5 hours', h.created_at
    from order_status_history h join loan_order o on o.id = h.order_id
    where h.account_id is not null and h.from_status in ('first_review', 'second_review', 'pre_review', 'disbursement_review') and h.id % 3 = 0`);
  // A released claim keeps no assignee: not counted.
  await q(`insert into work_task (queue, order_id, merchant_id, status, opened_at)
    select 'review.first', o.id, o.merchant_id, 'open', o.created_at from loan_order o where o.status = 'first_review'`);
  await q(`insert into withdrawal_contact (merchant_id, order_id, customer_id, queue, account_id, result, created_at)
    select o.merchant_id, o.id, o.customer_id, 'withdrawal.waitFor', case when h.id % 7 = 0 then null else ${ids.withdrawal} end,
      (((h.id / 2) % 8) + 1)::text, h.created_at - interval '40 minutes'
    from order_status_history h join loan_order o on o.id = h.order_id where h.from_status = 'withdrawal' and h.id % 2 = 0`);
  await q(`insert into withdrawal_sms_log (merchant_id, order_id, customer_id, phone, lang, kind, content, account_id, created_at)
    select o.merchant_id, o.id, o.customer_id, '0900', 'en', case when h.id % 4 = 0 then 'dormant' else 'reminder' end, 'x',
      case when h.id % 3 = 0 then ${ids.reminder} else null end, h.created_at - interval '3 hours'
    from order_status_history h join loan_order o on o.id = h.order_id where h.to_status = 'withdrawal'`);
}

type Facts = Map<string, Record<string, number>>;
/** dateIn with one formatter per zone (building an Intl formatter per row is what makes a recomputation slow). */
const formats = new Map<string, Intl.DateTimeFormat>();
function day(at: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) formats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}
function add(map: Facts, key: unknown[], measures: Record<string, number>) {
  const k = key.join('|');
  const acc = map.get(k) ?? {};
  for (const [c, v] of Object.entries(measures)) acc[c] = (acc[c] ?? 0) + v;
  for (const c of Object.keys(acc)) if (!acc[c]) delete acc[c];
  map.set(k, acc);
}

async function expected() {
  const tz = new Map((await q('select id, market from merchant')).map((m) => [n(m.id), marketTimeZone(m.market as Market)]));
  const orders = new Map((await q('select * from loan_order')).map((o) => [n(o.id), o]));
  const history = (await q('select * from order_status_history order by id')).map((h): Row & { at: Date } => ({ ...h, at: new Date(h.created_at as string) }));
  const now = t.app.deps.clock.now();
  const todays = new Map([...tz.entries()].map(([m, z]) => [m, dateIn(now, z)]));
  const overdue = new Set(history.filter((h) => h.to_status === 'overdue').map((h) => n(h.order_id)));
  const lastEntered = new Map<string, Date>();
  const review: Facts = new Map();
  const withdrawal: Facts = new Map();
  const keyOf = (orderId: number, at: Date) => {
    const o = orders.get(orderId)!;
    const m = n(o.merchant_id);
    return { o, m, base: [m, day(at, tz.get(m)!), o.product_id, o.channel_id ?? 0, o.is_returning] };
  };
  for (const h of history) {
    const orderId = n(h.order_id);
    const entered = lastEntered.get(`${orderId}|${h.from_status}`);
    const secs = entered ? Math.max(0, Math.round((h.at.getTime() - entered.getTime()) / 1000)) : 0;
    const { o, m, base } = keyOf(orderId, h.at);
    const from = h.from_status as string | null;
    const to = h.to_status as string;
    if (h.account_id !== null && from && STAGE[from] && (APPROVE_TO.includes(to) || to === 'closed')) {
      const approved = to !== 'closed';
      const today = todays.get(m)!;
      const matured = approved && !!o.success_at && String(o.due_date).slice(0, 10) < today;
      add(review, [...base, STAGE[from], h.account_id], {
        approved: approved ? 1 : 0, rejected: approved ? 0 : 1, decide_seconds: secs, matured: matured ? 1 : 0, went_overdue: matured && overdue.has(orderId) ? 1 : 0,
      });
    }
    if (to === 'withdrawal' && !['failed', 'suspended'].includes(from ?? '')) add(withdrawal, [...base, 0], { entered: 1 });
    if (from === 'withdrawal' && to === 'disbursing') {
      add(withdrawal, [...base, h.account_id ?? 0], {
        withdrawn: 1, withdrawn_agent: h.account_id !== null ? 1 : 0, withdraw_seconds: secs, within_2h: secs <= 7200 ? 1 : 0, within_24h: secs <= 86400 ? 1 : 0,
      });
    }
    if (from === 'withdrawal' && to === 'closed') add(withdrawal, [...base, h.account_id ?? 0], { expired: h.account_id === null ? 1 : 0, closed_staff: h.account_id !== null ? 1 : 0 });
    lastEntered.set(`${orderId}|${to}`, h.at);
  }
  for (const k of await q("select * from work_task where queue like 'review.%' and assignee_id is not null")) {
    if (!QUEUE[k.queue as string]) continue;
    add(review, [...keyOf(n(k.order_id), new Date(k.claimed_at as string)).base, QUEUE[k.queue as string], k.assignee_id], { claimed: 1 });
  }
  for (const c of await q('select * from withdrawal_contact')) {
    const r = c.result as string;
    add(withdrawal, [...keyOf(n(c.order_id), new Date(c.created_at as string)).base, c.account_id ?? 0], {
      contacts: 1, contact_reached: ['1', '2', '3'].includes(r) ? 1 : 0, contact_unreached: ['4', '6'].includes(r) ? 1 : 0, contact_declined: r === '5' ? 1 : 0,
    });
  }
  for (const s of await q("select * from withdrawal_sms_log where kind = 'reminder' and order_id is not null")) {
    add(withdrawal, [...keyOf(n(s.order_id), new Date(s.created_at as string)).base, s.account_id ?? 0], { reminders: 1 });
  }
  return { review, withdrawal, markets: new Set(tz.values()).size };
}

async function actual(table: string, extra: string[]): Promise<Facts> {
  const out: Facts = new Map();
  const keys = ['merchant_id', 'business_date', 'd', 'product_id', 'channel_id', 'returning', ...extra, 'staff_id'];
  for (const r of await q(`select *, to_char(business_date, 'YYYY-MM-DD') as d from ${table}`)) {
    const values: Record<string, number> = {};
    for (const [k, v] of Object.entries(r)) if (!keys.includes(k) && n(v)) values[k] = n(v);
    out.set([r.merchant_id, r.d, r.product_id, r.channel_id, r.returning, ...extra.map((k) => r[k]), r.staff_id].join('|'), values);
  }
  return out;
}

const sorted = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
const total = (f: Facts, col: string, keep: (key: string) => boolean = () => true) =>
  [...f.entries()].filter(([k]) => keep(k)).reduce((s, [, v]) => s + (v[col] ?? 0), 0);

const WITHDRAWAL_SUMS = ['entered', 'withdrawn', 'withdrawn_agent', 'within_2h', 'within_24h', 'withdraw_seconds', 'expired', 'closed_staff',
  'contacts', 'contact_reached', 'contact_unreached', 'contact_declined', 'reminders'];

async function compare() {
  const want = await expected();
  expect(sorted(await actual('stat_review', ['stage']))).toEqual(sorted(want.review));
  expect(sorted(await actual('stat_withdrawal', []))).toEqual(sorted(want.withdrawal));
  await expectSummed(t.db, 'stat_withdrawal_all', 'stat_withdrawal', 'merchant_id, business_date, staff_id', WITHDRAWAL_SUMS);
  // SummaryWithdrawalCustomers' roll-up: new/returning kept, staff summed away with product and channel.
  await expectSummed(t.db, 'stat_withdrawal_nr', 'stat_withdrawal', 'merchant_id, business_date, "returning"', WITHDRAWAL_SUMS);
  return want;
}

beforeAll(async () => {
  t = await createTestApp({ business: true });
  // The refresh test steps the clock a minute past the rebuild: no market may turn its day over in between.
  t.clock.now = clearOfMidnights(t.clock.now);
  ids = Object.fromEntries((await q('select account, id from admin_account')).map((a) => [a.account as string, n(a.id)]));
  demo = await expected();
  await addWorkEvents();
}, 300_000);
afterAll(async () => t?.close());

describe('work facts', () => {
  it('a full rebuild equals the direct recomputation, over every market', async () => {
    await rebuildStatistics(t.app.deps);
    const want = await compare();
    expect(want.markets).toBeGreaterThanOrEqual(5);
    // Every measure has something to compare on this data.
    for (const c of ['claimed', 'approved', 'rejected', 'decide_seconds', 'matured', 'went_overdue']) expect(total(want.review, c), c).toBeGreaterThan(0);
    for (const c of ['entered', 'withdrawn', 'withdrawn_agent', 'within_2h', 'within_24h', 'withdraw_seconds', 'expired', 'contacts', 'contact_reached',
      'contact_unreached', 'contact_declined', 'reminders']) expect(total(want.withdrawal, c), c).toBeGreaterThan(0);
    // What the demo shows by itself (claims, contacts, reminders and staff closes it does not generate).
    for (const c of ['approved', 'rejected', 'decide_seconds', 'matured', 'went_overdue']) expect(total(demo.review, c), c).toBeGreaterThan(0);
    for (const c of ['entered', 'withdrawn', 'withdrawn_agent', 'within_24h', 'expired']) expect(total(demo.withdrawal, c), c).toBeGreaterThan(0);
  }, 300_000);

  it('the minute refresh takes today\'s events and the later outcome of earlier approvals', async () => {
    t.clock.advance(60_000);
    const now = t.app.deps.clock.now();
    // An approved, disbursed order past its due date that never went overdue goes overdue now: its approval's row changes.
    const [late] = await q(`select o.id, o.merchant_id, m.market, (select min(h.created_at) from order_status_history h
        where h.order_id = o.id and h.account_id is not null and h.from_status = 'first_review' and h.to_status <> 'closed') as approved_at
      from loan_order o join merchant m on m.id = o.merchant_id where o.success_at is not null and o.due_date < current_date - 3
        and exists (select 1 from order_status_history h where h.order_id = o.id and h.account_id is not null and h.from_status = 'first_review' and h.to_status <> 'closed')
        and not exists (select 1 from order_status_history h where h.order_id = o.id and h.to_status = 'overdue') order by o.id limit 1`);
    expect(late).toBeDefined();
    const approvalDay = dateIn(new Date(late.approved_at as string), marketTimeZone(late.market as Market));
    const before = await q(`select coalesce(sum(went_overdue), 0)::int as n from stat_review where merchant_id = ${n(late.merchant_id)}`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, reason, created_at) select merchant_id, ${n(late.id)}, 'settled', 'overdue', 'test', '${iso(now)}' from loan_order where id = ${n(late.id)}`);
    // A decision, a claim, a confirmation by an agent, a contact and a reminder today.
    const [rev] = await q("select id, merchant_id from loan_order where status = 'first_review' order by id limit 1");
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, account_id, created_at) select merchant_id, ${n(rev.id)}, 'first_review', 'second_review', ${ids.reviewer1}, '${iso(now)}' from loan_order where id = ${n(rev.id)}`);
    await q(`update work_task set status = 'done', assignee_id = ${ids.reviewer1}, claimed_at = '${iso(new Date(now.getTime() - 30_000))}' where order_id = ${n(rev.id)} and queue = 'review.first'`);
    const [wd] = await q("select id, merchant_id, customer_id from loan_order where status = 'withdrawal' order by id limit 1");
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, account_id, created_at) select merchant_id, ${n(wd.id)}, 'withdrawal', 'disbursing', ${ids.withdrawal}, '${iso(now)}' from loan_order where id = ${n(wd.id)}`);
    await q(`insert into withdrawal_contact (merchant_id, order_id, customer_id, queue, account_id, result, created_at)
      values (${n(wd.merchant_id)}, ${n(wd.id)}, ${n(wd.customer_id)}, 'withdrawal.waitFor', ${ids.withdrawal}, '2', '${iso(now)}')`);
    await q(`insert into withdrawal_sms_log (merchant_id, order_id, customer_id, phone, lang, kind, content, created_at)
      values (${n(wd.merchant_id)}, ${n(wd.id)}, ${n(wd.customer_id)}, '0900', 'en', 'reminder', 'x', '${iso(now)}')`);
    // An approved order past its due date is extended today to a date after today: it is no longer matured.
    const [ext] = await q(`select o.id, o.merchant_id from loan_order o where o.success_at is not null and o.due_date < current_date - 3
        and o.id <> ${n(late.id)} and exists (select 1 from stat_review_outcome s where s.order_id = o.id and s.matured) order by o.id limit 1`);
    expect(ext).toBeDefined();
    await q(`update loan_order set due_date = current_date + 20 where id = ${n(ext.id)}`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${n(ext.id)}, 'overdue', 'extended', '${iso(now)}' from loan_order where id = ${n(ext.id)}`);
    // An approved order that went overdue without a row in stat_review_outcome (approved before the table existed):
    // its approval dates are summed again whole.
    const [old] = await q(`select o.id from loan_order o join stat_review_outcome s on s.order_id = o.id where not s.went_overdue and s.matured
        and o.id not in (${n(late.id)}, ${n(ext.id)}) and o.merchant_id = ${n(late.merchant_id)}
        and not exists (select 1 from order_status_history h where h.order_id = o.id and h.to_status = 'overdue') order by o.id desc limit 1`);
    expect(old).toBeDefined();
    await q(`delete from stat_review_outcome where order_id = ${n(old.id)}`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${n(old.id)}, 'repaying', 'overdue', '${iso(now)}' from loan_order where id = ${n(old.id)}`);
    const wentOn = async () => n((await q(`select coalesce(sum(went_overdue), 0)::int as n from stat_review where merchant_id = ${n(late.merchant_id)}
      and business_date = '${approvalDay}'`))[0].n);
    const dayBefore = await wentOn();
    const res = await refreshStatistics(t.app.deps, { merchantIds: [...new Set([n(late.merchant_id), n(rev.merchant_id), n(wd.merchant_id), n(ext.merchant_id)])] });
    expect(res.merchants.every((m) => !m.rebuilt)).toBe(true);
    await compare();
    const after = await q(`select coalesce(sum(went_overdue), 0)::int as n from stat_review where merchant_id = ${n(late.merchant_id)}`);
    expect(after[0].n).toBeGreaterThan(before[0].n as number);
    expect(await wentOn()).toBeGreaterThan(dayBefore);
    // Each order's outcome row is what stat_review counts it as now.
    const rows = await q(`select order_id, matured, went_overdue from stat_review_outcome where order_id in (${n(late.id)}, ${n(ext.id)}, ${n(old.id)}) order by order_id`);
    expect(Object.fromEntries(rows.map((r) => [n(r.order_id), [r.matured, r.went_overdue]]))).toEqual({
      [n(late.id)]: [true, true], [n(ext.id)]: [false, false], [n(old.id)]: [true, true],
    });
  }, 300_000);
});

describe('work report routes', () => {
  const WORK = ['reviewStatistics', 'reminderWithdrawalSummary', 'SummaryWithdrawalCustomers', 'withdrawShare', 'reminderWithdrawal', 'marketingPersonnel'];
  let range = { date_from: '', date_to: '' };
  let want: Awaited<ReturnType<typeof expected>>;
  const inRange = (extra: (parts: string[]) => boolean = () => true) => (key: string) => {
    const parts = key.split('|');
    return parts[1] >= range.date_from && parts[1] <= range.date_to && extra(parts);
  };
  type Res = { rows: Array<{ key: string; values: Record<string, number> }>; totals: Record<string, number> };
  const tokens = new Map<string, string>();
  const token = async (account: string) => tokens.get(account) ?? tokens.set(account, await t.login(account)).get(account)!;
  const get = async (account: string, id: string, query: Record<string, unknown> = {}) => t.get<Res>(await token(account), `/loanapi/statistics/${id}`, { ...range, ...query });

  beforeAll(async () => {
    const [r] = await q("select to_char(min(business_date), 'YYYY-MM-DD') as a, to_char(max(business_date), 'YYYY-MM-DD') as b from stat_review");
    const from = new Date(Math.max(Date.parse(r.a as string), Date.parse(r.b as string) - 300 * 86_400_000)).toISOString().slice(0, 10);
    range = { date_from: from, date_to: r.b as string };
    want = await expected();
  }, 300_000);

  it('are read by the supervisor (its own merchants) and refused to a reviewer', async () => {
    for (const id of WORK) {
      expect(REPORTS[id], id).toBeDefined();
      expect((await get('supervisor', id)).code, id).toBe(20000);
      if (id === 'reviewStatistics') expect((await get('supervisor', id)).data.totals.approved).toBeGreaterThan(0);
      expect((await get('reviewer1', id)).code, id).toBe(40300);
    }
  }, 120_000);

  it('reviewStatistics: totals are the base tables\' figures and the sum of the rows', async () => {
    const res = await get('admin', 'reviewStatistics');
    const { rows, totals } = res.data;
    for (const c of ['claimed', 'approved', 'rejected', 'decide_seconds', 'matured', 'went_overdue']) {
      expect(totals[c], c).toBe(total(want.review, c, inRange()));
      expect(rows.reduce((s, r) => s + r.values[c], 0), c).toBe(totals[c]);
    }
    expect(totals.approved).toBeGreaterThan(0);
    expect(totals.went_overdue).toBeGreaterThan(0);
    expect(totals.decided).toBe(totals.approved + totals.rejected);
    expect(totals.decide_time).toBeCloseTo(totals.decide_seconds / totals.decided, 9);
    expect(totals.approval_rate).toBeCloseTo(totals.approved / totals.decided, 9);
    expect(totals.overdue_rate).toBeCloseTo(totals.went_overdue / totals.matured, 9);
    // Grouped by staff (the default): the reviewers, each row its own mean.
    expect(rows.map((r) => Number(r.key))).toContain(ids.reviewer1);
    for (const r of rows) if (r.values.decided) expect(r.values.decide_time).toBeCloseTo(r.values.decide_seconds / r.values.decided, 9);

    const stages = (await get('admin', 'reviewStatistics', { group_by: 'stage' })).data;
    expect(stages.rows.map((r) => r.key).sort()).toEqual([...new Set([...want.review.keys()].filter(inRange()).map((k) => k.split('|')[5]))].sort());
    expect(stages.totals.approved).toBe(totals.approved);
    const first = stages.rows.find((r) => r.key === 'first')!;
    expect(first.values.approved).toBe(total(want.review, 'approved', inRange((p) => p[5] === 'first')));

    const mine = (await get('admin', 'reviewStatistics', { staff_id: ids.reviewer1 })).data;
    expect(mine.rows.map((r) => r.key)).toEqual([String(ids.reviewer1)]);
    expect(mine.totals.approved).toBe(total(want.review, 'approved', inRange((p) => p[6] === String(ids.reviewer1))));
    expect(mine.totals.approved).toBeLessThan(totals.approved);

    const byTime = (await get('admin', 'reviewStatistics', { sort: 'decide_time:desc' })).data.rows.map((r) => r.values.decide_time);
    expect(byTime).toEqual([...byTime].sort((a, b) => b - a));
  });

  it('are scoped to the merchant operator\'s merchants', async () => {
    const [acc] = await q("select merchant_ids from admin_account where account = 'merchant'");
    const own = (acc.merchant_ids as number[]).map(String);
    expect(own.length).toBeGreaterThan(0);
    const res = (await get('merchant', 'reviewStatistics', { group_by: 'merchant' })).data;
    expect(res.rows.every((r) => own.includes(r.key))).toBe(true);
    expect(res.totals.approved).toBe(total(want.review, 'approved', inRange((p) => own.includes(p[0]))));
    expect(res.totals.approved).toBeGreaterThan(0);
    expect(res.totals.approved).toBeLessThan(total(want.review, 'approved', inRange()));
    const wd = (await get('merchant', 'reminderWithdrawalSummary')).data;
    expect(wd.totals.withdrawn).toBe(total(want.withdrawal, 'withdrawn', inRange((p) => own.includes(p[0]))));
  });

  it('withdrawal reports: summary, customers, shares and reminder agents', async () => {
    const sum = (await get('admin', 'reminderWithdrawalSummary')).data;
    for (const c of ['entered', 'withdrawn', 'withdrawn_agent', 'contacts', 'reminders', 'withdraw_seconds']) {
      expect(sum.totals[c], c).toBe(total(want.withdrawal, c, inRange()));
      expect(sum.rows.reduce((s, r) => s + r.values[c], 0), c).toBe(sum.totals[c]);
    }
    expect(sum.totals.closed).toBe(total(want.withdrawal, 'expired', inRange()) + total(want.withdrawal, 'closed_staff', inRange()));
    expect(sum.totals.conversion_rate).toBeCloseTo(sum.totals.withdrawn / sum.totals.entered, 9);
    expect(sum.totals.withdraw_time).toBeCloseTo(sum.totals.withdraw_seconds / sum.totals.withdrawn, 9);
    expect(sum.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.key))).toBe(true);

    const cust = (await get('admin', 'SummaryWithdrawalCustomers')).data;
    expect(cust.rows.map((r) => r.key).sort()).toEqual(['new', 'returning']);
    expect(cust.totals.withdrawn_self + cust.totals.withdrawn_agent).toBe(sum.totals.withdrawn);
    expect(cust.totals.within_2h).toBeLessThanOrEqual(cust.totals.within_24h);
    expect(cust.totals.within_24h).toBe(total(want.withdrawal, 'within_24h', inRange()));
    const returning = cust.rows.find((r) => r.key === 'returning')!;
    expect(returning.values.withdrawn).toBe(total(want.withdrawal, 'withdrawn', inRange((p) => p[4] === 'true')));

    const share = (await get('admin', 'withdrawShare', { sort: 'share:desc' })).data;
    expect(share.rows.map((r) => r.key)).toEqual(expect.arrayContaining(['0', String(ids.withdrawal)]));
    expect(share.rows.reduce((s, r) => s + r.values.share, 0)).toBeCloseTo(1, 9);
    expect(share.totals.share).toBe(1);
    const agent = share.rows.find((r) => r.key === String(ids.withdrawal))!;
    expect(agent.values.withdrawn).toBe(total(want.withdrawal, 'withdrawn', inRange((p) => p[5] === String(ids.withdrawal))));
    expect(agent.values.share).toBeCloseTo(agent.values.withdrawn / share.totals.withdrawn, 9);
    const shares = share.rows.map((r) => r.values.share);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));

    const rem = (await get('admin', 'reminderWithdrawal', { staff_id: ids.withdrawal })).data;
    for (const c of ['contacts', 'contact_reached', 'contact_unreached', 'contact_declined', 'reminders', 'withdrawn_agent']) {
      expect(rem.totals[c], c).toBe(total(want.withdrawal, c, inRange((p) => p[5] === String(ids.withdrawal))));
    }
    expect(rem.totals.contacts).toBeGreaterThan(0);
    expect(rem.totals.reach_rate).toBeCloseTo(rem.totals.contact_reached / rem.totals.contacts, 9);
  });

  it('SummaryWithdrawalCustomers and reminderWithdrawalSummary read the roll-up that keeps new/returning unless a product or channel is asked for', async () => {
    const cust = async (f: Record<string, unknown> = {}) => (await get('admin', 'SummaryWithdrawalCustomers', f)).data;
    const [w] = await q(`select coalesce(sum(withdrawn), 0)::int as all, coalesce(sum(withdrawn) filter (where "returning"), 0)::int as ret
      from stat_withdrawal where business_date between '${range.date_from}' and '${range.date_to}'`);
    expect(w.ret).toBeGreaterThan(0);
    const plain = await cust();
    expect(plain.totals.withdrawn).toBe(w.all);
    expect(plain.rows.find((r) => r.key === 'returning')!.values.withdrawn).toBe(w.ret);
    // The roll-up out of truth shows where it is read (and only there).
    await q('update stat_withdrawal_nr set withdrawn = withdrawn + 1000 where "returning"');
    try {
      const wrong = await cust();
      expect(wrong.rows.find((r) => r.key === 'returning')!.values.withdrawn).toBeGreaterThan(w.ret as number);
      expect((await cust({ customer_type: 'returning' })).totals.withdrawn).toBeGreaterThan(w.ret as number);
      expect((await cust({ group_by: 'date' })).totals.withdrawn).toBeGreaterThan(w.all as number);
      for (const group of ['product', 'channel']) expect((await cust({ group_by: group })).totals.withdrawn, group).toBe(w.all);
      // reminderWithdrawalSummary has no staff either; the reports that keep the staff member read stat_withdrawal_all.
      expect((await get('admin', 'reminderWithdrawalSummary')).data.totals.withdrawn).toBeGreaterThan(w.all as number);
      expect((await get('admin', 'reminderWithdrawalSummary', { group_by: 'product' })).data.totals.withdrawn).toBe(w.all);
      expect((await get('admin', 'withdrawShare')).data.totals.withdrawn).toBe(w.all);
    } finally {
      await q('update stat_withdrawal_nr set withdrawn = withdrawn - 1000 where "returning"');
    }
  });

  it("marketingPersonnel reads the marketing area's facts (src/server/modules/marketing/facts.ts, tested there)", async () => {
    const res = await get('admin', 'marketingPersonnel');
    const [s] = await q(`select coalesce(sum(contacts), 0)::int as contacts, coalesce(sum(agreed), 0)::int as agreed,
        coalesce(sum(registered), 0)::int as registered from stat_marketing
      where business_date between '${range.date_from}' and '${range.date_to}'`);
    expect(res.data.totals).toMatchObject(s);
    expect(s.contacts).toBeGreaterThan(0);
  });

  it('answers 4xx to bad queries', async () => {
    expect((await get('supervisor', 'reviewStatistics', { group_by: 'nope' })).code).toBe(40000);
    expect((await get('supervisor', 'withdrawShare', { staff_id: 'x' })).code).toBe(40000);
    expect((await get('supervisor', 'reminderWithdrawal', { sort: 'share;drop' })).code).toBe(40000);
  });
});
