import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/support/testApp';
import { CALL_RESULT_DICT, COLLECTION_API } from '../../../schemas/collection';
import { OFFER_API, PROMISE_MAX_DAYS, WORKBENCH_API } from '../../../schemas/collectionWorkbench';
import { extension } from '../extension/extension.table';
import { reduction, repaymentDiscountRule } from '../repayment/repayment.table';
import { hashPassword } from '../auth/auth.routes';
import { customer, customerContact } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { addDays, dateIn } from '../lifecycle/clock';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { applyMoneyIn } from '../repayment/account';
import { runEndOfDay } from '../repayment/endOfDay';
import { createLendingMerchant, disbursedOrder } from '../repayment/repayment.fixtures';
import { dictItem } from '../system/system.table';
import { createCollectors, createStages } from './collection.fixtures';
import { collectionCall, collectionCase, collectionEvent, collectionPromise, externalCall } from './collection.table';
import { runCollectionDay } from './day';

/**
 * The collector's workbench over HTTP: a merchant with two collectors and the usual stages; orders disbursed, the
 * business clock moved past their due date and the collection day run, so each collector holds cases. Then: the
 * holder's list and the case panel, who may act (only the holder), results against the dictionary, promises (range,
 * amount, replaced, kept by a repayment, broken by the collection day), notes, calls with the softphone link of the
 * external-call setting, and the call's end.
 */
const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const TZ = 'Asia/Ho_Chi_Minh';

let t: TestApp;
let merchantId: number;
let c1: number;
let c2: number;
let tok1: string;
let tok2: string;
let admin: string;
/** Cases held by c1 and c2 (order id, case id, customer id). */
const held: Record<number, Array<{ caseId: number; orderId: number; customerId: number }>> = {};

async function signIn(accountId: number): Promise<string> {
  const [a] = await t.db.update(adminAccount).set({ passwordHash: await hashPassword(DEMO_PASSWORD), googleSkipUntil: new Date(Date.now() + 86_400_000) })
    .where(eq(adminAccount.id, accountId)).returning();
  return t.login(a.account);
}

const today = () => dateIn(t.app.businessClock.now(), TZ);
const day = async (n = 1) => {
  await t.app.businessClock.advanceDays(n);
  await runEndOfDay(t.app.deps, { merchantIds: [merchantId] });
  return runCollectionDay(t.app.deps, { merchantIds: [merchantId] });
};
const caseRow = async (id: number) => (await t.db.select().from(collectionCase).where(eq(collectionCase.id, id)))[0];
const kinds = async (id: number) => (await t.db.select().from(collectionEvent).where(eq(collectionEvent.caseId, id)).orderBy(asc(collectionEvent.id))).map((e) => e.kind);
const order = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.businessClock.set(null);
  ({ merchantId } = await createLendingMerchant(t.app.deps, { grace_days: 0 }));
  [c1, c2] = await createCollectors(t.app.deps, merchantId, 2);
  await createStages(t.app.deps, merchantId, [c1, c2], [{ name: 'S1', minDay: 1, maxDay: 7 }, { name: 'S2', minDay: 8, maxDay: 30 }]);
  const orders = [];
  for (let i = 0; i < 4; i++) orders.push(await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 100_000, loanDays: 2 + (i % 2) }));
  await day(4); // 2 or 1 days overdue: S1, two cases each
  const cases = await t.db.select().from(collectionCase).where(inArray(collectionCase.orderId, orders.map((o) => o.orderId)));
  for (const c of cases) (held[c.collectorId!] ??= []).push({ caseId: c.id, orderId: c.orderId, customerId: c.customerId });
  tok1 = await signIn(c1);
  tok2 = await signIn(c2);
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t.app.businessClock.set(null);
  await t.close();
});

describe('the holder’s list and the case panel', () => {
  it('lists only my open cases, most overdue first, with the order’s money', async () => {
    expect(held[c1]?.length).toBe(2);
    expect(held[c2]?.length).toBe(2);
    const res = await t.get(tok1, COLLECTION_API.myCases);
    expect(res.code).toBe(OK);
    expect(res.data.total).toBe(2);
    expect(res.data.rows.map((r: { id: number }) => r.id).sort()).toEqual(held[c1].map((h) => h.caseId).sort());
    const days = res.data.rows.map((r: { days: number }) => r.days);
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    const row = res.data.rows[0];
    expect(row).toMatchObject({ status: 'open', stage_name: 'S1', currency: 'VND', promise_due: false });
    expect(row.remaining_debt).toBe((await order(row.order_id)).remainingDebtMinor);
    expect(row.phone).toMatch(/^09\d{8}$/);
    // Filters: an order number matches one case; another collector's cases are never mine.
    expect((await t.get(tok1, COLLECTION_API.myCases, { order_no: row.order_no })).data.total).toBe(1);
    expect((await t.get(tok1, COLLECTION_API.myCases, { overdue_min: 30 })).data.total).toBe(0);
    expect((await t.get(tok1, COLLECTION_API.myCases, { status: 'success,closed' })).data.total).toBe(0);
  });

  it('masks phones for privacy protection, in the list and the panel', async () => {
    await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.id, c2));
    try {
      const tok = await signIn(c2);
      tok2 = tok; // signing in again replaced the earlier session
      const list = await t.get(tok, COLLECTION_API.myCases);
      expect(list.data.rows[0].phone).toMatch(/^09\d\*{5}\d{2}$/);
      const d = await t.get(tok, COLLECTION_API.caseDetail, { id: held[c2][0].caseId });
      expect(d.data.customer.phone).toMatch(/^09\d\*{5}\d{2}$/);
    } finally {
      await t.db.update(adminAccount).set({ privacyProtection: false }).where(eq(adminAccount.id, c2));
    }
  });

  it('the panel: the holder and administrators read it, another collector does not', async () => {
    const { caseId, customerId } = held[c1][0];
    await t.db.insert(customerContact).values([
      { customerId, kind: 'emergency', name: 'Nguyen Van Anh', relation: '1', phone: '0911222333' },
      { customerId, kind: 'phonebook', name: 'Office', relation: '', phone: '0283444555' },
    ]);
    const d = await t.get(tok1, COLLECTION_API.caseDetail, { id: caseId });
    expect(d.code).toBe(OK);
    expect(d.data).toMatchObject({ can_work: true, today: today(), promise_max_date: addDays(today(), PROMISE_MAX_DAYS) });
    expect(d.data.contacts.map((k: { name: string }) => k.name)).toEqual(['Nguyen Van Anh', 'Office']);
    expect(d.data.events[0].kind).toBe('assigned'); // newest first
    expect(d.data.events.at(-1).kind).toBe('entered');
    expect(d.data.order.days).toBeGreaterThan(0);
    expect((await t.get(tok2, COLLECTION_API.caseDetail, { id: caseId })).code).toBe(FORBIDDEN);
    const a = await t.get(admin, COLLECTION_API.caseDetail, { id: caseId });
    expect(a.code).toBe(OK);
    expect(a.data.can_work).toBe(false); // supervisors read, only the holder works
  });

  it('offers the built-in results and dispositions while the dictionaries are empty', async () => {
    const o = await t.get(tok1, WORKBENCH_API.options);
    expect(o.data.results.map((r: { value: string }) => r.value)).toEqual(['answered', 'no_answer', 'busy', 'wrong_number', 'switched_off', 'third_party']);
    expect(o.data.dispositions.length).toBe(8);
  });
});

describe('working a case', () => {
  it('only the holder may act (40300 collection.notYours), administrators included', async () => {
    const { caseId } = held[c1][0];
    for (const tok of [tok2, admin]) {
      const r = await t.post(tok, COLLECTION_API.result, { id: caseId, result: 'answered' });
      expect(r.code).toBe(FORBIDDEN);
      expect((await t.post(tok, COLLECTION_API.note, { id: caseId, note: 'not mine' })).code).toBe(FORBIDDEN);
      expect((await t.post(tok, COLLECTION_API.promise, { id: caseId, promise_date: today(), amount: 1000 })).code).toBe(FORBIDDEN);
      expect((await t.post(tok, COLLECTION_API.call, { id: caseId, phone: '0911222333' })).code).toBe(FORBIDDEN);
    }
    expect(await kinds(caseId)).toEqual(['entered', 'assigned']);
  });

  it('records a result from the dictionary, with a disposition, and refuses values outside it', async () => {
    const { caseId } = held[c1][0];
    const bad = await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'bribed' });
    expect(bad.code).toBe(VALIDATION);
    expect(bad.data.issues[0]).toMatchObject({ path: 'result', id: 'collectionWorkbench.resultUnknown' });
    const badDisp = await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'answered', disposition: 'maybe' });
    expect(badDisp.data.issues[0]).toMatchObject({ path: 'disposition' });
    const ok = await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'answered', disposition: 'will_pay', note: 'pays Friday' });
    expect(ok.code).toBe(OK);
    const c = await caseRow(caseId);
    expect(c).toMatchObject({ lastResult: 'answered', disposition: 'will_pay' });
    expect(c.lastContactAt).not.toBeNull();
    const [e] = await t.db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, caseId), eq(collectionEvent.kind, 'result')));
    expect(e).toMatchObject({ reason: 'answered', note: 'pays Friday', actorId: c1 });
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'collection.result'), eq(operationLog.targetId, String(caseId))));
    expect(log.length).toBe(1);

    // A dictionary replaces the built-in results: its values only.
    await t.db.insert(dictItem).values([{ dictName: CALL_RESULT_DICT, value: 'R1', label: 'Reached', sort: 1 }, { dictName: CALL_RESULT_DICT, value: 'R2', label: 'Voicemail', sort: 2 }]);
    try {
      expect((await t.get(tok1, WORKBENCH_API.options)).data.results).toEqual([{ value: 'R1', label: 'Reached' }, { value: 'R2', label: 'Voicemail' }]);
      expect((await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'answered' })).code).toBe(VALIDATION);
      expect((await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'R2' })).code).toBe(OK);
      expect((await caseRow(caseId)).lastResult).toBe('R2');
    } finally {
      await t.db.delete(dictItem).where(eq(dictItem.dictName, CALL_RESULT_DICT));
    }
  });

  it('validates a promise: today … +30 days, more than 0 and at most the remaining debt', async () => {
    const { caseId, orderId } = held[c1][0];
    const debt = (await order(orderId)).remainingDebtMinor;
    const refused = async (body: Record<string, unknown>, path: string) => {
      const r = await t.post(tok1, COLLECTION_API.promise, { id: caseId, ...body });
      expect(r.code, JSON.stringify(body)).toBe(VALIDATION);
      expect(r.data.issues[0].path).toBe(path);
    };
    await refused({ promise_date: addDays(today(), -1), amount: 1000 }, 'promise_date');
    await refused({ promise_date: addDays(today(), PROMISE_MAX_DAYS + 1), amount: 1000 }, 'promise_date');
    await refused({ promise_date: '2026-02-31', amount: 1000 }, 'promise_date');
    await refused({ promise_date: today(), amount: 0 }, 'amount');
    await refused({ promise_date: today(), amount: debt + 1 }, 'amount');
    expect(await t.db.select().from(collectionPromise).where(eq(collectionPromise.caseId, caseId))).toEqual([]);
    const ok = await t.post(tok1, COLLECTION_API.promise, { id: caseId, promise_date: addDays(today(), PROMISE_MAX_DAYS), amount: debt });
    expect(ok.code).toBe(OK);
    expect(await caseRow(caseId)).toMatchObject({ promiseStatus: 'pending', promiseMinor: debt, promiseDate: addDays(today(), PROMISE_MAX_DAYS) });
  });

  it('a new promise replaces the pending one (closed as replaced, not broken); a repayment that covers it keeps it', async () => {
    const { caseId, orderId } = held[c1][0];
    const [first] = await t.db.select().from(collectionPromise).where(and(eq(collectionPromise.caseId, caseId), eq(collectionPromise.status, 'pending')));
    const before = await order(orderId);
    const r = await t.post(tok1, COLLECTION_API.promise, { id: caseId, promise_date: addDays(today(), 2), amount: 300_000, note: 'half now' });
    expect(r.code).toBe(OK);
    expect(r.data.replaced).toEqual([first.id]);
    const promises = await t.db.select().from(collectionPromise).where(eq(collectionPromise.caseId, caseId)).orderBy(asc(collectionPromise.id));
    expect(promises.map((p) => p.status)).toEqual(['replaced', 'pending']);
    expect(promises[1].paidBeforeMinor).toBe(before.paidAmountMinor + before.creditMinor);
    const replaced = await t.db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, caseId), eq(collectionEvent.kind, 'promise_broken')));
    expect(replaced.map((e) => e.reason)).toEqual(['replaced']);
    // The supervisor's board counts it apart: the customer broke nothing.
    const live = await t.get<{ rows: Array<{ collector_id: number }> }>(admin, COLLECTION_API.liveCounts, { merchant_id: merchantId });
    expect(live.code, live.msg).toBe(OK);
    expect(live.data.rows.find((r) => r.collector_id === c1)).toMatchObject({ promises_replaced: 1, promises_broken: 0, promises_pending: 1 });

    // 200,000 paid: not yet; 100,000 more reaches the promise: kept at once, by the repayment itself.
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: 200_000, type: 'reconciliation', actorId: 1, reference: `wb-${orderId}-1` }));
    expect((await caseRow(caseId)).promiseStatus).toBe('pending');
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: 100_000, type: 'reconciliation', actorId: 1, reference: `wb-${orderId}-2` }));
    expect((await caseRow(caseId)).promiseStatus).toBe('kept');
    expect((await t.db.select().from(collectionPromise).where(eq(collectionPromise.id, promises[1].id)))[0].status).toBe('kept');
    expect((await kinds(caseId)).at(-1)).toBe('promise_kept');
    expect((await caseRow(caseId)).status).toBe('open');
  });

  it('a promise not kept by its date is broken by the collection day', async () => {
    const { caseId } = held[c1][1];
    expect((await t.post(tok1, COLLECTION_API.promise, { id: caseId, promise_date: today(), amount: 50_000 })).code).toBe(OK);
    const list = await t.get(tok1, COLLECTION_API.myCases);
    expect(list.data.rows[0]).toMatchObject({ id: caseId, promise_due: true }); // due today: first in the list
    await day(1);
    expect((await caseRow(caseId)).promiseStatus).toBe('broken');
    const [p] = await t.db.select().from(collectionPromise).where(eq(collectionPromise.caseId, caseId));
    expect(p.status).toBe('broken');
  });

  it('adds a note to the case history', async () => {
    const { caseId } = held[c1][1];
    expect((await t.post(tok1, COLLECTION_API.note, { id: caseId, note: '' })).code).toBe(VALIDATION);
    expect((await t.post(tok1, COLLECTION_API.note, { id: caseId, note: 'Customer lost their job; asks for a week' })).code).toBe(OK);
    const d = await t.get(tok1, COLLECTION_API.caseDetail, { id: caseId });
    expect(d.data.events[0]).toMatchObject({ kind: 'note', note: 'Customer lost their job; asks for a week', actor_name: expect.stringContaining('Collector') });
  });
});

describe('calls', () => {
  it('logs calls with the link of the configured softphone, to the customer or a contact only, and ends them', async () => {
    const { caseId, customerId } = held[c1][0];
    const [cu] = await t.db.select().from(customer).where(eq(customer.id, customerId));
    const [contact] = await t.db.select().from(customerContact).where(and(eq(customerContact.customerId, customerId), eq(customerContact.kind, 'emergency')));

    // No setting: sip:{phone}.
    const a = await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: cu.phone });
    expect(a.code).toBe(OK);
    expect(a.data).toMatchObject({ link: `sip:${cu.phone}`, phone: cu.phone, a_text: cu.name });
    // A sip setting of the merchant.
    const [sip] = await t.db.insert(externalCall).values({ merchantId, name: 'PBX', type: 'sip', url: 'pbx.example.com', sort: 2 }).returning();
    const b = await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: cu.phone });
    expect(b.data.link).toBe(`sip:${cu.phone}@pbx.example.com`);
    // A url setting chosen by id; the contact named by id (the console may only know the masked number).
    const [url] = await t.db.insert(externalCall).values({ merchantId, name: 'Cloud', type: 'url', url: 'https://cc.example/call?n={phone}', aText: 'Cloud call', sort: 1 }).returning();
    const c = await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: '091*****33', contact_id: contact.id, config_id: url.id });
    expect(c.data).toMatchObject({ link: 'https://cc.example/call?n=0911222333', a_text: 'Cloud call' });
    // The first enabled setting of the merchant by sort: the url one now; the masked number finds the contact.
    const d = await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: '091*****33' });
    expect(d.data.link).toBe('https://cc.example/call?n=0911222333');
    // A number that is not the customer's or a contact's is not dialled; nor a setting of another merchant.
    const e = await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: '0999999999' });
    expect(e.code).toBe(VALIDATION);
    expect(e.data.issues[0].path).toBe('phone');
    const [other] = await t.db.insert(externalCall).values({ merchantId: merchantId + 1000, name: 'Other', type: 'sip', url: 'other.example' }).returning();
    expect((await t.post(tok1, COLLECTION_API.call, { id: caseId, phone: cu.phone, config_id: other.id })).code).toBe(VALIDATION);

    const calls = await t.db.select().from(collectionCall).where(eq(collectionCall.caseId, caseId)).orderBy(asc(collectionCall.id));
    expect(calls.map((k) => [k.phone, k.configId, k.accountId])).toEqual([
      [cu.phone, null, c1], [cu.phone, sip.id, c1], ['0911222333', url.id, c1], ['0911222333', url.id, c1],
    ]);
    expect(calls[2]).toMatchObject({ contactName: 'Nguyen Van Anh', relation: '1' });

    // The end: only the caller; a second end keeps the first duration. A result may name the call.
    expect((await t.post(tok2, COLLECTION_API.callEnd, { call_id: a.data.call_id, duration_seconds: 5 })).code).toBe(FORBIDDEN);
    expect((await t.post(tok1, COLLECTION_API.callEnd, { call_id: a.data.call_id, duration_seconds: 42 })).data.duration_seconds).toBe(42);
    expect((await t.post(tok1, COLLECTION_API.callEnd, { call_id: a.data.call_id, duration_seconds: 50 })).data.duration_seconds).toBe(42);
    expect((await t.post(tok1, COLLECTION_API.result, { id: caseId, result: 'no_answer', call_id: a.data.call_id })).code).toBe(OK);
    expect((await t.db.select().from(collectionCall).where(eq(collectionCall.id, a.data.call_id)))[0]).toMatchObject({ durationSeconds: 42, result: 'no_answer' });
    // A call of another case cannot be named.
    const otherCase = held[c1][1].caseId;
    const wrong = await t.post(tok1, COLLECTION_API.result, { id: otherCase, result: 'no_answer', call_id: a.data.call_id });
    expect(wrong.data.issues[0].path).toBe('call_id');

    const panel = await t.get(tok1, COLLECTION_API.caseDetail, { id: caseId });
    expect(panel.data.calls.length).toBe(4);
    expect(panel.data.calls.at(-1)).toMatchObject({ duration_seconds: 42, result: 'no_answer' });
    expect(panel.data.events.filter((x: { kind: string }) => x.kind === 'call').length).toBe(4);
  });

  it('a settled case can no longer be worked (42200 collection.caseClosed)', async () => {
    const { caseId, orderId } = held[c2][0];
    const debt = (await order(orderId)).remainingDebtMinor;
    await t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount: debt, type: 'reconciliation', actorId: 1, reference: `wb-${orderId}-all` }));
    expect((await caseRow(caseId)).status).toBe('success');
    const r = await t.post(tok2, COLLECTION_API.result, { id: caseId, result: 'answered' });
    expect(r.code).toBe(42200);
    const list = await t.get(tok2, COLLECTION_API.myCases);
    expect(list.data.rows.map((x: { id: number }) => x.id)).not.toContain(caseId);
    expect((await t.get(tok2, COLLECTION_API.myCases, { status: ['success'] })).data.rows.map((x: { id: number }) => x.id)).toContain(caseId);
  });
});

describe('offers from the held case', () => {
  it('an extension application and a reduction request for the case’s order; the case given back to the pool — by its holder only', async () => {
    const { caseId, orderId } = held[c2][held[c2].length - 1];
    expect((await t.post(tok1, OFFER_API.extension, { id: caseId })).code).toBe(FORBIDDEN);
    const ext = await t.post(tok2, OFFER_API.extension, { id: caseId, remark: 'Customer asked for a week' });
    expect(ext.code).toBe(OK);
    const [app] = await t.db.select().from(extension).where(eq(extension.orderId, orderId));
    expect(app).toMatchObject({ status: 'under_review', applicantId: c2 });

    await t.db.insert(repaymentDiscountRule).values({ merchantId, name: 'Waive penalty', minOverdueDays: 0, maxOverdueDays: 60, maxPenaltyBp: 10_000, maxInterestBp: 0 });
    const o = await order(orderId);
    const penalty = o.overdueInterestMinor + o.overduePenaltyMinor;
    const noKey = await t.post(tok2, OFFER_API.reduction, { id: caseId, amount: penalty, reason: 'Hardship' });
    expect(noKey.code).toBe(VALIDATION);
    const red = await t.post(tok2, OFFER_API.reduction, { id: caseId, amount: penalty, reason: 'Hardship' }, { 'idempotency-key': `offer-${caseId}-red` });
    expect(red.code).toBe(OK);
    const [r] = await t.db.select().from(reduction).where(eq(reduction.orderId, orderId));
    expect(r).toMatchObject({ status: 'pending', requestedBy: c2, penaltyMinor: penalty });

    expect((await t.post(tok1, OFFER_API.giveBack, { id: caseId })).code).toBe(FORBIDDEN);
    expect((await t.post(tok2, OFFER_API.giveBack, { id: caseId, note: 'Going on leave' })).code).toBe(OK);
    expect((await caseRow(caseId)).collectorId).toBeNull();
    expect((await kinds(caseId)).at(-1)).toBe('returned');
  });
});
