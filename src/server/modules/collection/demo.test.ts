import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { rowsOf } from '../../db/rows';
import { addDays, dateIn } from '../lifecycle/clock';
import { rebuildStatistics } from '../statistics/refresh';
import { atLocal, DEMO_HISTORY_DAYS, planDay, type HeldCase } from './demo';

/**
 * The demo's collection history (demo.ts): fourteen business days of the collection day and the holders' work on the
 * demo merchants, consistent with the case rules (only the holder works a case, a kept promise was paid, nothing after
 * now), and the collection reports and the collector's dashboard reading it — figures recomputed here from the base
 * tables.
 */
let t: TestApp;
type Row = Record<string, unknown>;
const q = async (text: string) => rowsOf<Row>(await t.db.execute(sql.raw(text)));
const ms = (v: unknown) => new Date(v as string).getTime();
const ZONE = 'Asia/Ho_Chi_Minh';
const DEMO_MERCHANTS = [1, 2];
let events: Row[];
let today = '';

beforeAll(async () => {
  t = await createTestApp({ business: true });
  await rebuildStatistics(t.app.deps);
  events = await q('select *, to_char(business_date, \'YYYY-MM-DD\') as day from collection_event order by id');
  today = t.app.deps.clock.today(ZONE);
}, 400_000);
afterAll(async () => t?.close());

describe('the demo collection history', () => {
  it('works the last fourteen business days on the demo merchants, up to now, without moving the stored clock', async () => {
    expect(await q('select offset_ms from business_clock where offset_ms <> 0')).toEqual([]);
    expect(new Set(events.map((e) => Number(e.merchant_id)))).toEqual(new Set(DEMO_MERCHANTS));
    const workDays = [...new Set(events.filter((e) => e.kind === 'call').map((e) => e.day as string))].sort();
    expect(workDays).toEqual(Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => addDays(today, i - DEMO_HISTORY_DAYS)));
    const runs = await q("select to_char(business_date, 'YYYY-MM-DD') as day from collection_run where merchant_id = 1 order by 1");
    expect(runs.map((r) => r.day)).toEqual(Array.from({ length: DEMO_HISTORY_DAYS + 1 }, (_, i) => addDays(today, i - DEMO_HISTORY_DAYS)));
    const now = Date.now();
    expect(events.every((e) => ms(e.business_at) <= now && dateIn(new Date(ms(e.business_at)), ZONE) === e.day)).toBe(true);
    // Every kind of event the reports read, and the pool: cases given back today.
    const kinds = new Set(events.map((e) => e.kind));
    for (const k of ['entered', 'stage_change', 'assigned', 'reassigned', 'call', 'result', 'note', 'promise', 'promise_kept', 'promise_broken', 'completed', 'returned']) {
      expect(kinds.has(k), k).toBe(true);
    }
    expect((await q("select id from collection_case where status = 'open' and collector_id is null")).length).toBeGreaterThan(0);
  });

  it('has only the holder work a case, on its stage, and keeps a promise only once it was paid', async () => {
    const holding = ['entered', 'stage_change', 'assigned', 'claimed', 'returned', 'reassigned', 'unassigned'];
    const holder = new Map<number, number | null>();
    const stage = new Map<number, number>();
    let worked = 0;
    for (const e of events) {
      const c = Number(e.case_id);
      if (holding.includes(e.kind as string)) holder.set(c, e.kind === 'assigned' || e.kind === 'claimed' ? Number(e.to_collector_id) : null);
      if (e.kind === 'entered' || e.kind === 'stage_change') stage.set(c, Number(e.to_stage_id));
      if (['call', 'result', 'promise', 'note'].includes(e.kind as string)) {
        expect({ id: e.id, actor: Number(e.actor_id), stage: Number(e.to_stage_id) }).toEqual({ id: e.id, actor: holder.get(c), stage: stage.get(c) });
        worked++;
      }
    }
    expect(worked).toBeGreaterThan(0);
    // Kept: paid since it was made, by its date; broken: not paid enough by then.
    const promises = await q(`select p.id, p.status, p.amount_minor, to_char(p.promise_date, 'YYYY-MM-DD') as date, p.resolved_at,
        (select coalesce(sum(r.success_minor), 0) from repayment r where r.order_id = p.order_id and r.status = 'success'
          and r.paid_at >= p.created_at and r.paid_at <= coalesce(p.resolved_at, now())) as paid
      from collection_promise p`);
    const kept = promises.filter((p) => p.status === 'kept');
    expect(kept.length).toBeGreaterThan(0);
    for (const p of kept) {
      expect(Number(p.paid), `promise ${p.id}`).toBeGreaterThanOrEqual(Number(p.amount_minor));
      expect(dateIn(new Date(ms(p.resolved_at)), ZONE) <= (p.date as string), `promise ${p.id}`).toBe(true);
    }
    for (const p of promises.filter((x) => x.status === 'broken')) expect(Number(p.paid), `promise ${p.id}`).toBeLessThan(Number(p.amount_minor));
    expect(promises.filter((p) => p.status === 'pending').every((p) => (p.date as string) >= today)).toBe(true);
    const statuses = new Set((await q('select status from collection_promise')).map((p) => p.status));
    expect(statuses).toEqual(new Set(['kept', 'broken', 'pending']));
  });

  it('plans a day from the date and the cases only: about half worked, promises on answered calls, money by the promised date', () => {
    const cases: HeldCase[] = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1, orderId: i + 1, merchantId: 1, stageId: 1, collectorId: 7, promiseStatus: i % 5 === 0 ? 'pending' : '', debt: 1_000_000 + i, paid: 0, paidAtEntry: 0, credit: 0,
      phone: '+84900000000', name: 'C', paidLater: i % 7 === 0,
    }));
    const day = planDay(cases, '2026-03-01', '2026-03-04', ZONE);
    expect(planDay(cases, '2026-03-01', '2026-03-04', ZONE)).toEqual(day);
    expect(planDay(cases, '2026-03-02', '2026-03-04', ZONE)).not.toEqual(day);
    // About half the cases worked; some called twice (not reached, then again), some with a note after the call.
    const worked = new Set(day.calls.map((k) => k.c.id));
    expect(worked.size).toBeGreaterThan(400);
    expect(worked.size).toBeLessThan(600);
    expect(day.calls.length).toBeGreaterThan(worked.size);
    expect(day.notes.length).toBeGreaterThan(0);
    expect(day.notes.every((n) => worked.has(n.c.id))).toBe(true);
    const from = atLocal('2026-03-01', 9 * 60, ZONE).getTime();
    expect(day.calls.every((k) => k.at.getTime() >= from && k.at.getTime() <= from + 6 * 3_600_000)).toBe(true);
    // A promise follows the case's last call, answered, and never a second pending one.
    const last = new Map(day.calls.map((k) => [k.c.id, k]));
    const answered = new Set([...last.values()].filter((k) => k.result === 'answered').map((k) => k.c.id));
    expect(day.promises.length).toBeGreaterThan(40);
    for (const p of day.promises) {
      expect(answered.has(p.c.id) && p.c.promiseStatus !== 'pending' && !p.c.paidLater).toBe(true);
      expect(p.date >= '2026-03-01' && p.date <= '2026-03-04' && p.amount > 0 && p.amount <= p.c.debt).toBe(true);
    }
    const promised = new Map(day.promises.map((p) => [p.c.id, p]));
    for (const m of day.payments) {
      expect(cases[m.caseId - 1].paidLater).toBe(false);
      const d = dateIn(m.at, ZONE);
      const p = promised.get(m.caseId);
      expect(d < '2026-03-04' && (!p || (d <= p.date && m.amount === p.amount))).toBe(true);
    }
    expect(day.payments.filter((m) => promised.has(m.caseId)).length).toBeGreaterThan(10);
    expect(day.payments.some((m) => m.amount === 'all')).toBe(true);
    expect(atLocal('2026-03-01', 8 * 60, 'Africa/Cairo').toISOString()).toBe('2026-03-01T06:00:00.000Z');
  });
});

describe('the collection reports and the collector dashboard on the demo data', () => {
  const range = () => ({ date_from: addDays(today, -29), date_to: today });
  const totals = async (id: string) => {
    const res = await t.get(await t.login('admin'), `/loanapi/statistics/${id}`, range());
    expect(res.code, `${id} ${res.msg}`).toBe(20000);
    return res.data.totals as Record<string, number>;
  };

  it('show the work done: worked, calls, promises, kept, recovered, cured, as recomputed from the base tables', async () => {
    const inRange = (day: string) => day >= range().date_from && day <= range().date_to;
    const work = events.filter((e) => ['call', 'result', 'promise', 'note'].includes(e.kind as string) && e.actor_id !== null && e.to_stage_id !== null && inRange(e.day as string));
    const count = (kind: string) => work.filter((e) => e.kind === kind).length;
    const worked = new Set(work.map((e) => `${e.day}|${e.actor_id}|${e.case_id}`)).size;
    const keptRows = await q("select resolved_at from collection_promise where status = 'kept'");
    const kept = keptRows.filter((p) => inRange(dateIn(new Date(ms(p.resolved_at)), ZONE))).length;
    const success = new Set((await q("select id from collection_case where status = 'success'")).map((c) => Number(c.id)));
    const cured = events.filter((e) => e.kind === 'completed' && success.has(Number(e.case_id)) && inRange(e.day as string)).length;
    const recovered = (await q(`select coalesce(sum(r.principal_minor + r.interest_minor + r.fee_minor + r.penalty_minor), 0) as s from repayment r
      join collection_case c on c.order_id = r.order_id and r.paid_at >= c.entered_at and (c.closed_at is null or r.paid_at <= c.closed_at)
      where r.status = 'success' and r.type <> 'extension'`))[0].s;

    const summary = await totals('collectionSummaryNew');
    const stats = await totals('collectionStatistics');
    const cure = await totals('cureRate');
    const people = await totals('collectionPersonnel');
    const want = { worked, calls: count('call'), results: count('result'), promises: count('promise'), kept, recovered: Number(recovered), cured };
    for (const [k, v] of Object.entries(want)) expect(v, k).toBeGreaterThan(0);
    expect(want.calls).toBeGreaterThan(worked);
    expect({ worked: summary.worked, promises: summary.promises, kept: summary.kept, recovered: summary.recovered })
      .toEqual({ worked, promises: want.promises, kept, recovered: want.recovered });
    expect({ worked: stats.worked, calls: stats.calls, promises: stats.promises, kept: stats.kept, recovered: stats.recovered })
      .toEqual({ worked, calls: want.calls, promises: want.promises, kept, recovered: want.recovered });
    expect({ worked: people.worked, calls: people.calls, results: people.results, promises: people.promises, recovered: people.recovered })
      .toEqual({ worked, calls: want.calls, results: want.results, promises: want.promises, recovered: want.recovered });
    expect(cure.cured).toBe(cured);
    expect(cure.cure_rate).toBeGreaterThan(0);
    expect(cure.cure_rate).toBeLessThan(1);
    expect(summary.recovery_rate).toBeGreaterThan(0);
    expect(stats.recovery_rate).toBeGreaterThan(0);
  });

  it("give the collector a worked list and a pool on its dashboard", async () => {
    const res = await t.get(await t.login('collector'), '/loanapi/dashboard/summary');
    expect(res.code).toBe(20000);
    const held = await q(`select count(*)::int as n from collection_case c join admin_account a on a.id = c.collector_id
      where a.account = 'collector' and c.status = 'open'`);
    const pool = await q("select count(*)::int as n from collection_case where status = 'open' and collector_id is null");
    expect(res.data.collection).toMatchObject({ cases: held[0].n, pool: pool[0].n });
    expect(held[0].n).toBeGreaterThan(0);
    expect(pool[0].n).toBeGreaterThan(0);
  });
});
