import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSummed } from '../../../../../tests/support/rollups';
import { createTestApp, type TestApp } from '../../../../../tests/support/testApp';
import { OVERDUE_OFFSETS } from '../../../../schemas/reports/channel';
import { marketTimeZone, type Market } from '../../../../schemas/merchant';
import { rowsOf } from '../../../db/rows';
import { adminAccount } from '../../empower/empower.table';
import { addDays, dateIn, daysBetween } from '../../lifecycle/clock';
import { rebuildStatistics, refreshStatistics } from '../refresh';

/**
 * The channel facts equal a recomputation done here in JavaScript from the base tables (registration and settlement
 * dates by Intl in each market's zone), after a full rebuild and after the minute refresh of today's events; and the
 * five channel reports answer under their page's permission, merchant-scoped, with totals that are the sum of rows.
 */
let t: TestApp;
type Row = Record<string, unknown>;
const q = async (text: string) => rowsOf<Row>(await t.db.execute(sql.raw(text)));
const day = (v: unknown) => String(v).slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ business: true });
  await rebuildStatistics(t.app.deps);
}, 300_000);
afterAll(async () => t?.close());

async function zones() {
  const tz = new Map((await q('select id, market from merchant')).map((m) => [Number(m.id), marketTimeZone(m.market as Market)]));
  const today = new Map([...tz].map(([m, z]) => [m, t.app.deps.clock.today(z)]));
  return { tz, today };
}

/** Funnel state per customer and its sums per merchant, registration date and channel. */
async function expectedFunnel() {
  const { tz, today } = await zones();
  const orders = await q('select id, customer_id, success_at, due_date from loan_order order by success_at, id');
  const hist = await q("select order_id, to_status from order_status_history where to_status in ('withdrawal', 'overdue')");
  const approvedOrders = new Set(hist.filter((h) => h.to_status === 'withdrawal').map((h) => Number(h.order_id)));
  const overdueOrders = new Set(hist.filter((h) => h.to_status === 'overdue').map((h) => Number(h.order_id)));
  const byCustomer = new Map<number, Row[]>();
  for (const o of orders) byCustomer.set(Number(o.customer_id), [...(byCustomer.get(Number(o.customer_id)) ?? []), o]);
  const customers = new Map<string, string>();
  const funnel = new Map<string, number[]>();
  for (const c of await q('select id, merchant_id, channel_id, created_at from customer')) {
    const m = Number(c.merchant_id);
    const own = byCustomer.get(Number(c.id)) ?? [];
    const paid = own.filter((o) => o.success_at);
    // Earliest payout first (orders were read by success_at, id; nulls last).
    const first = paid[0];
    const firstOverdue = !!first && overdueOrders.has(Number(first.id));
    const flags = [
      own.length > 0,
      own.some((o) => approvedOrders.has(Number(o.id)) || o.success_at),
      paid.length > 0,
      !!first && (firstOverdue || day(first.due_date) < today.get(m)!),
      firstOverdue,
    ];
    const regDate = dateIn(new Date(c.created_at as string), tz.get(m)!);
    customers.set(String(c.id), [m, regDate, c.channel_id ?? 0, ...flags].join('|'));
    const key = [m, regDate, c.channel_id ?? 0].join('|');
    const sums = funnel.get(key) ?? [0, 0, 0, 0, 0, 0];
    [true, ...flags].forEach((f, i) => { sums[i] += f ? 1 : 0; });
    funnel.set(key, sums);
  }
  return { customers, funnel };
}

/** Loans due per date and slice, and those not settled by the end of D+k among the ones whose D+k is over. */
async function expectedOverdue() {
  const { tz, today } = await zones();
  const out = new Map<string, number[]>();
  for (const o of await q('select * from loan_order where success_at is not null and due_date is not null')) {
    const m = Number(o.merchant_id);
    const due = day(o.due_date);
    const key = [m, due, o.product_id, o.channel_id ?? 0, o.is_returning].join('|');
    const amount = Number(o.contract_amount_minor);
    const v = out.get(key) ?? Array<number>(2 + OVERDUE_OFFSETS.length * 4).fill(0);
    v[0] += 1;
    v[1] += amount;
    const settledDay = o.settled && o.settled_at ? dateIn(new Date(o.settled_at as string), tz.get(m)!) : null;
    OVERDUE_OFFSETS.forEach((k, i) => {
      if (addDays(due, k) >= today.get(m)!) return;
      const late = settledDay === null || daysBetween(due, settledDay) > k;
      v[2 + i * 4] += 1;
      v[3 + i * 4] += amount;
      v[4 + i * 4] += late ? 1 : 0;
      v[5 + i * 4] += late ? amount : 0;
    });
    out.set(key, v);
  }
  return out;
}

const OVERDUE_SUMS = ['orders', 'amount_minor', ...OVERDUE_OFFSETS.flatMap((k) => [`due_${k}`, `due_amount_${k}`, `overdue_${k}`, `overdue_amount_${k}`])];

async function actual() {
  const customers = new Map((await q("select *, to_char(reg_date, 'YYYY-MM-DD') as d from stat_channel_customer")).map((r) => [String(r.customer_id),
    [r.merchant_id, r.d, r.channel_id, r.applied, r.approved, r.disbursed, r.first_due, r.first_default].join('|')]));
  const funnel = new Map((await q("select *, to_char(reg_date, 'YYYY-MM-DD') as d from stat_channel_funnel")).map((r) => [
    [r.merchant_id, r.d, r.channel_id].join('|'), [r.registered, r.applied, r.approved, r.disbursed, r.first_due, r.first_default].map(Number)]));
  const overdue = new Map((await q("select *, to_char(due_date, 'YYYY-MM-DD') as d from stat_channel_overdue")).map((r) => [
    [r.merchant_id, r.d, r.product_id, r.channel_id, r.returning].join('|'), OVERDUE_SUMS.map((c) => Number(r[c]))]));
  return { customers, funnel, overdue };
}

const sorted = <V>(m: Map<string, V>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

async function expectFactsMatch() {
  const got = await actual();
  const funnel = await expectedFunnel();
  expect(sorted(got.customers)).toEqual(sorted(funnel.customers));
  expect(sorted(got.funnel)).toEqual(sorted(funnel.funnel));
  expect(sorted(got.overdue)).toEqual(sorted(await expectedOverdue()));
  // OverdueProviderStatistics' roll-up is the table summed over product and new/returning, row for row, every measure.
  await expectSummed(t.db, 'stat_channel_overdue_ch', 'stat_channel_overdue', 'merchant_id, due_date, channel_id', OVERDUE_SUMS);
  return got;
}

describe('channel facts', () => {
  it('a full rebuild equals the direct recomputation, over every market', async () => {
    const got = await expectFactsMatch();
    expect(new Set([...got.funnel.keys()].map((k) => k.split('|')[0])).size).toBeGreaterThanOrEqual(5);
    // The demo gives every step of the funnel and every overdue offset something to count.
    const totals = [...got.funnel.values()].reduce((a, v) => a.map((x, i) => x + v[i]));
    for (const n of totals) expect(n).toBeGreaterThan(0);
    const od = [...got.overdue.values()].reduce((a, v) => a.map((x, i) => x + v[i]));
    for (const n of od) expect(n).toBeGreaterThan(0);
  }, 120_000);
});

type Result = { rows: Array<{ key: string; label?: string; values: Record<string, number> }>; totals: Record<string, number> };
const REPORT_IDS = ['registrationStatistics', 'ChannelProviderStatistics', 'providerStatisticsManage', 'externalChannelStatistics', 'OverdueProviderStatistics'];
const COUNTS = ['registered', 'applied', 'approved', 'disbursed', 'first_due', 'first_default'];

describe('channel report routes', () => {
  let range = { date_from: '', date_to: '' };
  let admin = '';
  const get = async (token: string, id: string, query: Record<string, unknown> = {}) => {
    const res = await t.get<Result>(token, `/loanapi/statistics/${id}`, { ...range, ...query });
    expect(res.code).toBe(20000);
    return res.data;
  };
  const sumRows = (r: Result, k: string) => r.rows.reduce((n, row) => n + row.values[k], 0);

  beforeAll(async () => {
    const [r] = await q("select to_char(max(reg_date), 'YYYY-MM-DD') as b from stat_channel_funnel");
    range = { date_from: addDays(String(r.b), -300), date_to: String(r.b) };
    admin = await t.login('admin');
  });

  it('answers only accounts with the page', async () => {
    const sub = await t.login('submerchant');
    const merchant = await t.login('merchant');
    for (const id of REPORT_IDS) {
      expect((await t.get(sub, `/loanapi/statistics/${id}`, range)).code).toBe(40300);
      expect((await t.get(merchant, `/loanapi/statistics/${id}`, range)).code).toBe(20000);
    }
  });

  it('counts registrations by registration date, channel and provider, totals being the sum of rows', async () => {
    const { funnel } = await expectedFunnel();
    const inRange = [...funnel].filter(([k]) => { const d = k.split('|')[1]; return d >= range.date_from && d <= range.date_to; });
    const want = COUNTS.map((_, i) => inRange.reduce((n, [, v]) => n + v[i], 0));

    const byDate = await get(admin, 'registrationStatistics');
    expect(COUNTS.slice(0, 4).map((k) => byDate.totals[k])).toEqual(want.slice(0, 4));
    for (const k of COUNTS.slice(0, 4)) expect(sumRows(byDate, k)).toBe(byDate.totals[k]);
    expect(byDate.totals.conversion_rate).toBeCloseTo(want[3] / want[0], 12);

    const byChannel = await get(admin, 'ChannelProviderStatistics');
    expect(COUNTS.map((k) => byChannel.totals[k])).toEqual(want);
    expect(byChannel.totals.fpd_rate).toBeCloseTo(want[5] / want[4], 12);
    const channels = rowsOf<{ id: number; name: string; type: string }>(await t.db.execute(sql`select id, name, type from channel`));
    for (const row of byChannel.rows) {
      const forChannel = inRange.filter(([k]) => k.split('|')[2] === row.key);
      expect(row.values.registered).toBe(forChannel.reduce((n, [, v]) => n + v[0], 0));
      expect(row.label).toBe(channels.find((c) => String(c.id) === row.key)?.name);
    }

    const byProvider = await get(admin, 'providerStatisticsManage');
    expect(COUNTS.map((k) => byProvider.totals[k])).toEqual(want);
    const typeOf = new Map(channels.map((c) => [String(c.id), c.type]));
    for (const row of byProvider.rows) {
      const forType = byChannel.rows.filter((c) => (typeOf.get(c.key) ?? 'none') === row.key);
      expect(row.values.first_default).toBe(forType.reduce((n, c) => n + c.values.first_default, 0));
    }
    expect(byProvider.rows.map((r) => r.key)).toContain('facebook');
  });

  it('restricts the external report to channels that are not organic', async () => {
    const channels = new Map(rowsOf<{ id: number; type: string }>(await t.db.execute(sql`select id, type from channel`)).map((c) => [String(c.id), c.type]));
    const all = await get(admin, 'ChannelProviderStatistics');
    const ext = await get(admin, 'externalChannelStatistics', { group_by: 'channel' });
    const want = all.rows.filter((r) => channels.has(r.key) && channels.get(r.key) !== 'organic');
    expect(want.length).toBeGreaterThan(0);
    expect(ext.rows.map((r) => r.key)).toEqual(want.map((r) => r.key));
    for (const k of COUNTS) expect(ext.totals[k]).toBe(want.reduce((n, r) => n + r.values[k], 0));
    const byDate = await get(admin, 'externalChannelStatistics');
    expect(byDate.totals.registered).toBe(ext.totals.registered);
    expect(sumRows(byDate, 'registered')).toBe(ext.totals.registered);
    expect(byDate.totals.registered).toBeLessThan(all.totals.registered);
  });

  it('gives overdue shares per channel and provider from the loans due in the range', async () => {
    const want = [...await expectedOverdue()].filter(([k]) => { const d = k.split('|')[1]; return d >= range.date_from && d <= range.date_to; })
      .reduce((a, [, v]) => a.map((x, i) => x + v[i]), Array<number>(2 + OVERDUE_OFFSETS.length * 4).fill(0));
    for (const group of ['channel', 'provider', 'date']) {
      const res = await get(admin, 'OverdueProviderStatistics', { group_by: group });
      expect(res.totals.orders).toBe(want[0]);
      expect(res.totals.amount).toBe(want[1]);
      expect(sumRows(res, 'orders')).toBe(want[0]);
      OVERDUE_OFFSETS.forEach((k, i) => {
        expect([res.totals[`due_${k}`], res.totals[`due_amount_${k}`], res.totals[`overdue_${k}`], res.totals[`overdue_amount_${k}`]])
          .toEqual(want.slice(2 + i * 4, 6 + i * 4));
        expect(res.totals[`overdue_rate_${k}`]).toBeCloseTo(want[4 + i * 4] / want[2 + i * 4], 12);
        expect(sumRows(res, `overdue_${k}`)).toBe(want[4 + i * 4]);
      });
    }
    // Fewer loans are still unpaid a month after the due date than on it.
    expect(want[4 + 3 * 4]).toBeLessThan(want[4]);
  });

  it('OverdueProviderStatistics reads its roll-up (channel kept) unless a product or new/returning is asked for', async () => {
    const totals = async (f: Record<string, unknown> = {}) => (await get(admin, 'OverdueProviderStatistics', f)).totals;
    const [w] = await q(`select coalesce(sum(orders), 0)::int as all from stat_channel_overdue
      where due_date between '${range.date_from}' and '${range.date_to}'`);
    expect(w.all).toBeGreaterThan(0);
    expect((await totals()).orders).toBe(w.all);
    // The roll-up out of truth shows where it is read (and only there).
    await q('update stat_channel_overdue_ch set orders = orders + 1000');
    try {
      for (const group of ['channel', 'provider', 'date', 'merchant']) expect((await totals({ group_by: group })).orders, group).toBeGreaterThan(w.all as number);
      const [{ id: channelId }] = await q(`select channel_id as id from stat_channel_overdue where channel_id > 0 and due_date between '${range.date_from}' and '${range.date_to}'
        group by 1 order by sum(orders) desc limit 1`);
      const [own] = await q(`select coalesce(sum(orders), 0)::int as n from stat_channel_overdue
        where channel_id = ${Number(channelId)} and due_date between '${range.date_from}' and '${range.date_to}'`);
      expect((await totals({ channel_id: channelId })).orders).toBeGreaterThan(own.n as number);
      for (const group of ['product', 'customer_type']) expect((await totals({ group_by: group })).orders, group).toBe(w.all);
      expect((await totals({ customer_type: 'new' })).orders + (await totals({ customer_type: 'returning' })).orders).toBe(w.all);
    } finally {
      await q('update stat_channel_overdue_ch set orders = orders - 1000');
    }
  });

  it('scopes every report to the merchants of the account', async () => {
    const [acc] = await t.db.select({ ids: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'merchant'));
    const token = await t.login('merchant');
    for (const id of REPORT_IDS) {
      const own = await get(token, id, { group_by: 'merchant' });
      const all = await get(admin, id, { group_by: 'merchant' });
      expect(own.rows.map((r) => Number(r.key)).every((m) => acc.ids.includes(m))).toBe(true);
      const first = id === 'OverdueProviderStatistics' ? 'orders' : 'registered';
      expect(own.totals[first]).toBe(all.rows.filter((r) => acc.ids.includes(Number(r.key))).reduce((n, r) => n + r.values[first], 0));
      expect(own.totals[first]).toBeLessThan(all.totals[first]);
    }
  });
});

describe('channel facts, minute refresh', () => {
  it('recomputes what today changed: a registration, an application paid out, a first loan gone overdue; flags set in place', async () => {
    const now = t.app.deps.clock.now().toISOString();
    const [ch] = await q("select c.id, c.merchant_id, m.market, m.currency from channel c join merchant m on m.id = c.merchant_id where c.type = 'facebook' order by c.id limit 1");
    const tz = marketTimeZone(ch.market as Market);
    const today = t.app.deps.clock.today(tz);
    const [{ id: customerId }] = await q('select max(id) + 1 as id from customer');
    const [{ id: orderId }] = await q('select max(id) + 1 as id from loan_order');
    const [product] = await q(`select id from product where merchant_id = ${Number(ch.merchant_id)} order by id limit 1`);
    // A customer registered long ago (a date no other customer has) who has not applied yet (the facts rebuilt with it: today's rebuild is done).
    const idleId = Number(customerId) + 1;
    await q(`insert into customer (id, code, merchant_id, channel_id, market, name, phone, created_at)
      values (${idleId}, 'T${idleId}', ${ch.merchant_id}, ${ch.id}, '${ch.market}', 'Idle Customer', '0900000001', '${addDays(today, -1000)}T12:00:00Z')`);
    await rebuildStatistics(t.app.deps, { merchantIds: [Number(ch.merchant_id)] });
    expect((await q(`select applied from stat_channel_customer where customer_id = ${idleId}`))[0]?.applied).toBe(false);
    await q(`insert into customer (id, code, merchant_id, channel_id, market, name, phone, created_at)
      values (${customerId}, 'T${customerId}', ${ch.merchant_id}, ${ch.id}, '${ch.market}', 'Today Customer', '0900000000', '${now}')`);
    await q(`insert into loan_order (id, order_no, merchant_id, customer_id, channel_id, product_id, currency, status, contract_amount_minor,
        created_at, success_at, due_date)
      values (${orderId}, 'T${orderId}', ${ch.merchant_id}, ${customerId}, ${ch.id}, ${product.id}, '${ch.currency}', 'repaying', 1234500,
        '${now}', '${now}', '${addDays(today, 7)}')`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${orderId}, 'machine_review', 'withdrawal', '${now}' from loan_order where id = ${orderId}`);
    // An older customer whose first loan goes overdue today.
    const [late] = await q(`select s.customer_id, o.id from stat_channel_customer s join loan_order o on o.customer_id = s.customer_id
      where s.disbursed and not s.first_due and o.status = 'repaying'
        and (select count(*) from loan_order x where x.customer_id = s.customer_id and x.success_at is not null) = 1
      order by s.customer_id limit 1`);
    await q(`update loan_order set status = 'overdue' where id = ${late.id}`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${late.id}, 'repaying', 'overdue', '${now}' from loan_order where id = ${late.id}`);
    // An older customer who had never applied places an order today, still in review: the flag is set in place.
    await q(`insert into loan_order (id, order_no, merchant_id, customer_id, channel_id, product_id, currency, status, created_at)
      values (${Number(orderId) + 1}, 'T${Number(orderId) + 1}', ${ch.merchant_id}, ${idleId}, ${ch.id}, ${product.id}, '${ch.currency}', 'first_review', '${now}')`);
    // An older customer whose order, never paid out, reaches withdrawal today: "approved" is set in place.
    const [wd] = await q(`select s.customer_id, o.id from stat_channel_customer s join loan_order o on o.customer_id = s.customer_id
      where not s.approved and not s.disbursed and s.reg_date < '${today}' and o.success_at is null and s.merchant_id = ${Number(ch.merchant_id)}
        and s.customer_id <> ${idleId} order by s.customer_id limit 1`);
    expect(wd).toBeDefined();
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${wd.id}, 'first_review', 'withdrawal', '${now}' from loan_order where id = ${wd.id}`);
    // A customer whose later loan goes overdue today: the first loan decides first_default, this one changes nothing.
    const [second] = await q(`select o.customer_id, o.id from loan_order o where o.success_at is not null and o.status = 'repaying'
        and exists (select 1 from loan_order p where p.customer_id = o.customer_id and p.success_at < o.success_at)
        and o.customer_id not in (${Number(late.customer_id)}, ${Number(wd.customer_id)})
      order by o.id limit 1`);
    expect(second).toBeDefined();
    const secondBefore = (await q(`select first_default from stat_channel_customer where customer_id = ${second.customer_id}`))[0].first_default;
    await q(`update loan_order set status = 'overdue' where id = ${second.id}`);
    await q(`insert into order_status_history (merchant_id, order_id, from_status, to_status, created_at) select merchant_id, ${second.id}, 'repaying', 'overdue', '${now}' from loan_order where id = ${second.id}`);
    // Payouts today: a returning customer's next loan (their row is not read again: it cannot change), and an older
    // customer's first loan (recomputed: now disbursed, the first loan this one).
    const taken = [late.customer_id, wd.customer_id, second.customer_id, idleId].map(Number).join(', ');
    const payout = async (customer: Record<string, unknown>, id: number) => q(`insert into loan_order (id, order_no, merchant_id, customer_id, channel_id,
        product_id, currency, status, contract_amount_minor, created_at, success_at, due_date)
      values (${id}, 'T${id}', ${customer.merchant_id}, ${customer.customer_id}, ${customer.channel_id ?? 'null'}, ${customer.product_id}, '${customer.currency}',
        'repaying', 777700, '${addDays(today, -3)}T12:00:00Z', '${now}', '${addDays(today, 7)}')`);
    const [returning] = await q(`select s.customer_id, s.merchant_id, c.channel_id, o.product_id, o.currency from stat_channel_customer s
      join customer c on c.id = s.customer_id join loan_order o on o.customer_id = s.customer_id and o.success_at is not null
      where s.disbursed and s.customer_id not in (${taken}) order by s.customer_id limit 1`);
    const [firstLoan] = await q(`select s.customer_id, s.merchant_id, c.channel_id, o.product_id, o.currency from stat_channel_customer s
      join customer c on c.id = s.customer_id join loan_order o on o.customer_id = s.customer_id
      where not s.disbursed and s.applied and s.reg_date < '${today}' and s.customer_id not in (${taken}) order by s.customer_id limit 1`);
    expect(returning && firstLoan).toBeTruthy();
    await payout(returning, Number(orderId) + 2);
    await payout(firstLoan, Number(orderId) + 3);
    const returningBefore = (await q(`select * from stat_channel_customer where customer_id = ${returning.customer_id}`))[0];
    // Facts of a touched date gone wrong must be repaired too.
    await q(`update stat_channel_funnel set registered = registered + 9 where merchant_id = ${ch.merchant_id} and reg_date = '${today}'`);

    await refreshStatistics(t.app.deps); // rebuilt for today already: the incremental pass
    expect(rowsOf<{ rebuilt_for: string }>(await t.db.execute(sql`select to_char(rebuilt_for, 'YYYY-MM-DD') as rebuilt_for from stat_refresh
      where merchant_id = ${Number(ch.merchant_id)}`))[0].rebuilt_for).toBe(today);
    const got = await expectFactsMatch();
    expect(got.customers.get(String(customerId))).toBe([ch.merchant_id, today, ch.id, true, true, true, false, false].join('|'));
    expect(got.customers.get(String(late.customer_id))?.endsWith('|true|true')).toBe(true);
    expect(got.customers.get(String(idleId))?.split('|')[3]).toBe('true');
    expect(got.customers.get(String(wd.customer_id))?.split('|')[4]).toBe('true');
    expect(got.customers.get(String(second.customer_id))?.split('|')[7]).toBe(String(secondBefore));
    expect(got.customers.get(String(firstLoan.customer_id))?.split('|').slice(3, 6)).toEqual(['true', 'true', 'true']);
    expect((await q(`select * from stat_channel_customer where customer_id = ${returning.customer_id}`))[0]).toEqual(returningBefore);
  }, 120_000);
});
