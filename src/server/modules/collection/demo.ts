import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CALL_RESULTS } from '../../../schemas/collection';
import { PROVIDER_REPAYMENT_TYPES, type RepaymentType } from '../../../schemas/repayment';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { Rng, type Weighted } from '../../seed/rng';
import { customer } from '../client/client.table';
import { dialable } from '../client/customer.routes';
import { adminAccount } from '../empower/empower.table';
import { addDays, createBusinessClock, dateIn } from '../lifecycle/clock';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn, OPEN_STATUSES } from '../repayment/account';
import { repayment } from '../repayment/repayment.table';
import { merchantZone, returnCase } from './cases';
import { collectionCall, collectionCase, collectionEvent, collectionPromise, collectionStage, collectorGroup, collectorMember } from './collection.table';
import { runCollectionDay } from './day';
import { softphoneFor, softphoneLink, type SoftphoneConfig } from './softphone';

/**
 * The demo's collection set-up: for each merchant the demo collector and reminder agent work, the usual stages —
 * D-2..D0 reminders (the reminder agent's group), S1 1–7, S2 8–30, M1+ 31+ (the collector's groups) — then
 * DEMO_HISTORY_DAYS business days of collection history and today's collection day, so that the collector opens a
 * worked list with promises due, the pool holds the cases given back today, the alerts show the first days' shortfall
 * of capacity, and the collection reports and dashboards have figures. Keeps a merchant's stages when it has any (and
 * seeds the history only for merchants it gave stages).
 */
export const DEMO_STAGES = [
  { name: 'D-2..D0', minDay: -2, maxDay: 0, reminder: true, dailyCap: 40, reassignAfterDays: 0 },
  { name: 'S1', minDay: 1, maxDay: 7, reminder: false, dailyCap: 30, reassignAfterDays: 5 },
  { name: 'S2', minDay: 8, maxDay: 30, reminder: false, dailyCap: 20, reassignAfterDays: 7 },
  { name: 'M1+', minDay: 31, maxDay: 3650, reminder: false, dailyCap: 20, reassignAfterDays: 0 },
] as const;

/** Business days of history before today (within the reports' default 30 days). */
export const DEMO_HISTORY_DAYS = 14;

export async function seedCollectionSetup(db: Db): Promise<void> {
  const staff = await db.select({ id: adminAccount.id, account: adminAccount.account, merchantIds: adminAccount.merchantIds }).from(adminAccount)
    .where(inArray(adminAccount.account, ['collector', 'reminder']));
  const collector = staff.find((s) => s.account === 'collector');
  const reminder = staff.find((s) => s.account === 'reminder');
  if (!collector) return;
  const merchants = collector.merchantIds;
  const seeded: number[] = [];
  for (const merchantId of merchants) {
    const [has] = await db.select({ id: collectionStage.id }).from(collectionStage).where(eq(collectionStage.merchantId, merchantId)).limit(1);
    if (has) continue;
    for (const s of DEMO_STAGES) {
      const [g] = await db.insert(collectorGroup).values({ merchantId, name: `${s.name} team` }).returning();
      const members = s.reminder ? [reminder?.id, collector.id] : [collector.id];
      await db.insert(collectorMember).values(members.filter((m): m is number => m != null).map((accountId) => ({ groupId: g.id, accountId })));
      await db.insert(collectionStage).values({ merchantId, groupId: g.id, ...s });
    }
    seeded.push(merchantId);
  }
  if (!seeded.length) return;
  await seedCollectionHistory(db, seeded, staff.map((s) => s.id));
}

// ------------------------------------------------------------------------------------------------ the history

/** Local wall-clock times of a history day, in minutes: the collection day, the calls, the money coming in. */
const RUN_AT = 8 * 60;
const WORK_FROM = 9 * 60;
const WORK_SPAN = 4 * 60;
const PAY_FROM = 15 * 60;
const PAY_SPAN = 3 * 60;

/** Per held case and day: worked (a call and its result); not reached, called again later; reached, sometimes a note. */
const WORK_SHARE = 0.5;
const RETRY_SHARE = 0.35;
const NOTE_SHARE = 0.2;
const NOTES = ['Customer asks to be called after payday', 'Salary delayed this month', 'Spoke to the customer, will check with family', 'Asked for a reduction of the penalty'];
/**
 * What a case comes to, drawn once per case: a promise (made on an answered call, again after a broken one), half of
 * them paid by the date; a part of the debt paid, or all of it (cured), the afternoon after an answered call; or none.
 */
const FATES: Weighted<'promise' | 'partial' | 'settle' | 'none'> = [['promise', 30], ['partial', 12], ['settle', 8], ['none', 50]];
const KEPT_SHARE = 0.5;
/** Results after which the holder gives the case back to the pool (today, for others to claim). */
const GIVE_BACK: readonly string[] = ['wrong_number', 'third_party'];

const RESULTS: Weighted<(typeof DEFAULT_CALL_RESULTS)[number]> = [
  ['answered', 55], ['no_answer', 22], ['busy', 8], ['switched_off', 7], ['wrong_number', 3], ['third_party', 5],
];
const ANSWERED_DISPOSITIONS = ['will_pay', 'callback', 'hardship', 'dispute', 'refuses'] as const;
const PAY_TYPES: readonly RepaymentType[] = PROVIDER_REPAYMENT_TYPES.filter((t) => t !== 'card');

export interface HeldCase {
  id: number; orderId: number; merchantId: number; stageId: number; collectorId: number; promiseStatus: string;
  debt: number; paid: number; paidAtEntry: number; credit: number; phone: string; name: string;
  /** Money on the order dated after the history's day (the demo's other seeds pay at the real time): no promise or payment. */
  paidLater: boolean;
}

/** A merchant's softphone setting for the calls' links (softphone.ts). */
interface Softphone { id: number | null; config: SoftphoneConfig | null }

export interface Payment { caseId: number; orderId: number; at: Date; amount: number | 'all' }

/** What the holders do on their cases on one business date: calls with results, promises, and the money to come. */
export interface DayWork {
  calls: Array<{ c: HeldCase; at: Date; seconds: number; result: string; disposition: string }>;
  notes: Array<{ c: HeldCase; at: Date; note: string }>;
  promises: Array<{ c: HeldCase; at: Date; date: string; amount: number }>;
  payments: Payment[];
}

/** The instant of a wall-clock time (minutes after midnight) on a date in a time zone. */
export function atLocal(date: string, minutes: number, timeZone: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
    .formatToParts(utc);
  const p = Object.fromEntries(parts.map((x) => [x.type, Number(x.value)]));
  return new Date(utc - (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - utc));
}

/**
 * Steps a business clock of its own over the last days — the stored offset is read, never written — and on each
 * date runs the collection day at 08:00 in the merchant's market, has the holders work their cases in the morning
 * (written in a few batched statements: what the workbench writes, without the operation log) and takes the money
 * in the afternoon through the repayment core (which keeps promises and cures settled cases). Today gets its
 * collection day at the real time, and the holders give back the cases they could not reach. Draws are seeded per
 * date and case, so the history is the same every time. It is one transaction, and the steps' own transactions run
 * inside it as they are (no commit or savepoint per case: most of the cost on the embedded database); an error rolls
 * the whole history back.
 */
async function seedCollectionHistory(db: Db, merchantIds: number[], staffIds: number[]): Promise<void> {
  let fixed: Date | null = null;
  const clock = createBusinessClock(db, () => fixed ?? new Date());
  await clock.refresh(true);
  const start = clock.now();
  const at = (business: Date | null) => { fixed = business && new Date(business.getTime() - clock.offsetMs()); };
  await db.transaction(async (outer) => {
    const tx: DbOrTx = Object.assign(Object.create(outer) as DbOrTx, { transaction: (fn: (t: DbOrTx) => Promise<unknown>) => fn(tx) });
    const deps = { db: tx, clock, now: () => new Date() } as unknown as Deps;
    const due = new Map<string, Payment[]>();
    // Merchants of one market share their dates and times: one collection day and one batch of work for them.
    const zones = new Map<string, number[]>();
    const phones = new Map<number, Softphone>();
    for (const m of merchantIds) {
      const tz = await merchantZone(tx, m);
      zones.set(tz, [...(zones.get(tz) ?? []), m]);
      const config = await softphoneFor(tx, m);
      phones.set(m, { id: config?.id ?? null, config: config && { type: config.type, url: config.url, onlyNo: config.onlyNo } });
    }
    for (let k = DEMO_HISTORY_DAYS; k >= 0; k--) {
      for (const [tz, ms] of zones) {
        const today = dateIn(start, tz);
        const date = addDays(today, -k);
        at(k ? atLocal(date, RUN_AT, tz) : null);
        await runCollectionDay(deps, { merchantIds: ms });
        if (!k) {
          await giveBack(tx, deps, ms, staffIds);
          continue;
        }
        const work = planDay(await heldCases(tx, ms, staffIds, clock.now()), date, today, tz);
        await writeWork(tx, phones, date, work);
        for (const p of work.payments) {
          const key = `${tz}|${dateIn(p.at, tz)}`;
          due.set(key, [...(due.get(key) ?? []), p]);
        }
        for (const p of (due.get(`${tz}|${date}`) ?? []).sort((x, y) => x.at.getTime() - y.at.getTime())) {
          at(p.at);
          await pay(tx, deps, p);
        }
      }
    }
  });
}

async function heldCases(db: DbOrTx, merchantIds: number[], staffIds: number[], at: Date): Promise<HeldCase[]> {
  return db.select({
    id: collectionCase.id, orderId: collectionCase.orderId, merchantId: collectionCase.merchantId, stageId: collectionCase.stageId,
    collectorId: sql<number>`${collectionCase.collectorId}`, promiseStatus: collectionCase.promiseStatus, debt: loanOrder.remainingDebtMinor,
    paid: loanOrder.paidAmountMinor, paidAtEntry: collectionCase.paidAtEntryMinor, credit: loanOrder.creditMinor, phone: customer.phone, name: customer.name,
    paidLater: sql<boolean>`exists (select 1 from ${repayment} r where r.order_id = ${collectionCase.orderId} and r.paid_at > ${at.toISOString()}::timestamptz)`,
  }).from(collectionCase)
    .innerJoin(loanOrder, eq(loanOrder.id, collectionCase.orderId))
    .innerJoin(customer, eq(customer.id, collectionCase.customerId))
    .where(and(inArray(collectionCase.merchantId, merchantIds), eq(collectionCase.status, 'open'), inArray(collectionCase.collectorId, staffIds)))
    .orderBy(asc(collectionCase.id));
}

/** The holders' day on their cases (pure: the draws depend on the date and the case only). */
export function planDay(cases: readonly HeldCase[], date: string, today: string, timeZone: string): DayWork {
  const work: DayWork = { calls: [], notes: [], promises: [], payments: [] };
  const time = (rng: Rng, day: string, from: number, span: number) => new Date(atLocal(day, from, timeZone).getTime() + rng.int(0, span * 60) * 1000);
  for (const c of cases) {
    if (c.debt <= 0) continue;
    const fate = new Rng('demo-collection', 'case', c.id).weighted(FATES);
    const rng = new Rng('demo-collection', date, c.id);
    if (!rng.chance(WORK_SHARE)) continue;
    let callAt = time(rng, date, WORK_FROM, WORK_SPAN);
    let result = rng.weighted(RESULTS);
    if (result !== 'answered' && rng.chance(RETRY_SHARE)) {
      work.calls.push({ c, at: callAt, seconds: rng.int(0, 25), result, disposition: 'callback' });
      callAt = new Date(callAt.getTime() + rng.int(30, 90) * 60_000);
      result = rng.weighted(RESULTS);
    }
    const answered = result === 'answered';
    const promise = answered && !c.paidLater && fate === 'promise' && (c.promiseStatus === '' || c.promiseStatus === 'broken');
    const pays = answered && !c.paidLater && (fate === 'partial' || fate === 'settle') && c.paid === c.paidAtEntry;
    const seconds = answered ? rng.int(40, 420) : rng.int(0, 25);
    const disposition = promise ? 'promise' : pays ? 'will_pay' : answered ? rng.pick(ANSWERED_DISPOSITIONS) : rng.chance(0.5) ? 'callback' : '';
    work.calls.push({ c, at: callAt, seconds, result, disposition });
    if (answered && !promise && !pays && rng.chance(NOTE_SHARE)) work.notes.push({ c, at: new Date(callAt.getTime() + (seconds + 60) * 1000), note: rng.pick(NOTES) });
    if (promise) {
      const days = rng.int(0, 3);
      const amount = rng.chance(0.3) ? c.debt : Math.max(1, Math.round(c.debt * rng.float(0.2, 0.6)));
      work.promises.push({ c, at: new Date(callAt.getTime() + (seconds + 30) * 1000), date: addDays(date, days), amount });
      const payDay = addDays(date, rng.int(0, days));
      // Paid on or before the promised date; money of today or later is left to come (the promise stays pending).
      if (rng.chance(KEPT_SHARE) && payDay < today) work.payments.push({ caseId: c.id, orderId: c.orderId, at: time(rng, payDay, PAY_FROM, PAY_SPAN), amount });
    }
    if (pays) {
      const amount = fate === 'settle' ? 'all' : Math.max(1, Math.round(c.debt * rng.float(0.1, 0.4)));
      work.payments.push({ caseId: c.id, orderId: c.orderId, at: time(rng, date, PAY_FROM, PAY_SPAN), amount });
    }
  }
  return work;
}

/** The calls, results, notes and promises of a day in a few statements (ids in time order, as the workbench leaves them). */
async function writeWork(tx: DbOrTx, phones: Map<number, Softphone>, date: string, work: DayWork): Promise<void> {
  if (!work.calls.length) return;
  const phone = (c: HeldCase) => phones.get(c.merchantId)!;
  const calls = [...work.calls].sort((a, b) => a.at.getTime() - b.at.getTime());
  const resultAt = (k: DayWork['calls'][number]) => new Date(k.at.getTime() + (k.seconds + 5) * 1000);
  const promises = [...work.promises].sort((a, b) => a.at.getTime() - b.at.getTime());
  const callIds = await inSlices(calls, (part) => tx.insert(collectionCall).values(part.map((k) => ({
    caseId: k.c.id, orderId: k.c.orderId, accountId: k.c.collectorId, phone: k.c.phone.slice(0, 30), contactName: k.c.name.slice(0, 60), relation: '',
    configId: phone(k.c).id, link: softphoneLink(phone(k.c).config, dialable(k.c.phone)).slice(0, 400), result: k.result, durationSeconds: k.seconds, startedAt: k.at,
  }))).returning({ id: collectionCall.id }));
  const promiseIds = await inSlices(promises, (part) => tx.insert(collectionPromise).values(part.map((p) => ({
    caseId: p.c.id, orderId: p.c.orderId, promiseDate: p.date, amountMinor: p.amount, paidBeforeMinor: p.c.paid + p.c.credit, status: 'pending',
    createdBy: p.c.collectorId, createdAt: p.at,
  }))).returning({ id: collectionPromise.id }));
  const event = (c: HeldCase, at: Date, kind: string, reason: string, detail: unknown, note = '') => ({
    caseId: c.id, orderId: c.orderId, merchantId: c.merchantId, kind, toStageId: c.stageId, reason, note, detail, actorId: c.collectorId, businessAt: at,
    businessDate: date,
  });
  const events = [
    ...calls.flatMap((k, i) => [
      event(k.c, k.at, 'call', '', { call_id: callIds[i].id, contact_name: k.c.name.slice(0, 60), relation: '', config_id: phone(k.c).id }),
      event(k.c, resultAt(k), 'result', k.result, { result: k.result, disposition: k.disposition, call_id: callIds[i].id }),
    ]),
    ...promises.map((p, i) => event(p.c, p.at, 'promise', '', { promise_id: promiseIds[i].id, date: p.date, amount: p.amount, replaced: [] })),
    ...work.notes.map((n) => event(n.c, n.at, 'note', '', null, n.note)),
  ].sort((a, b) => a.businessAt.getTime() - b.businessAt.getTime());
  await inSlices(events, async (part) => {
    await tx.insert(collectionEvent).values(part);
    return [];
  });
  const promiseOf = new Map(promises.map((p) => [p.c.id, p]));
  const lastCall = [...new Map(calls.map((k) => [k.c.id, k])).values()];
  await inSlices(lastCall, async (part) => {
    const rows = part.map((k) => {
      const p = promiseOf.get(k.c.id);
      return sql`(${k.c.id}::bigint, ${k.result}::text, ${k.disposition}::text, ${resultAt(k).toISOString()}::timestamptz, ${p?.date ?? null}::date, ${p?.amount ?? 0}::bigint)`;
    });
    await tx.execute(sql`update collection_case c set last_result = v.result, disposition = v.disposition, last_contact_at = v.at,
        promise_date = coalesce(v.promise_date, c.promise_date),
        promise_minor = case when v.promise_date is null then c.promise_minor else v.promise_minor end,
        promise_status = case when v.promise_date is null then c.promise_status else 'pending' end, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) v(id, result, disposition, at, promise_date, promise_minor) where c.id = v.id`);
    return [];
  });
}

/** Rows per statement: a statement holds at most 65,535 parameters (a case's event has 11). */
const SLICE = 1000;

/** Runs a multi-row statement over slices of `rows`, returning what each slice returns, in order. */
async function inSlices<R, T>(rows: readonly R[], run: (part: R[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += SLICE) out.push(...await run(rows.slice(i, i + SLICE)));
  return out;
}

/** Cases whose last call reached a wrong number or someone else go back to the pool, so that the pool has cases to claim. */
async function giveBack(db: DbOrTx, deps: Deps, merchantIds: number[], staffIds: number[]): Promise<void> {
  const cases = await db.select({ id: collectionCase.id, collectorId: sql<number>`${collectionCase.collectorId}` }).from(collectionCase)
    .where(and(inArray(collectionCase.merchantId, merchantIds), eq(collectionCase.status, 'open'), inArray(collectionCase.collectorId, staffIds),
      inArray(collectionCase.lastResult, [...GIVE_BACK])))
    .orderBy(asc(collectionCase.id));
  for (const c of cases) await returnCase(db, deps, { caseId: c.id, accountId: c.collectorId, anyHolder: false, note: 'Could not reach the customer' });
}

/** Money in on a case's order, when it still owes: the promised or partial amount (never above the debt), or all of it. */
async function pay(tx: DbOrTx, deps: Deps, p: Payment): Promise<void> {
  const [o] = await tx.select({ status: loanOrder.status, debt: loanOrder.remainingDebtMinor, orderNo: loanOrder.orderNo }).from(loanOrder).where(eq(loanOrder.id, p.orderId));
  if (!o || !OPEN_STATUSES.includes(o.status as (typeof OPEN_STATUSES)[number]) || o.debt <= 0) return;
  const amount = p.amount === 'all' ? o.debt : Math.min(p.amount, o.debt);
  await applyMoneyIn(tx, deps, { orderId: p.orderId, amount, type: PAY_TYPES[p.caseId % PAY_TYPES.length], actorId: null, reference: `DEMO-${o.orderNo}` });
}
