import crypto from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { MERCHANT_MONEY_API as API } from '../../../schemas/merchantMoney';
import { balances, checkLedger, post } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { seedMerchantMoneyDemo } from './demo';
import { balanceChangeTask, merchantBalanceAlert } from './merchantMoney.table';

/**
 * The merchant-money area over HTTP: balances from the ledger with group totals and the low-balance alert, the movement
 * lists, balance-change tasks (four eyes, Idempotency-Key, no negative available balance, scope), payment settings
 * validation, and bad input writing nothing.
 */
let t: TestApp;
let admin: string;
/** Main merchant operator of M001 and its sub-merchant: holds the whole merchant group. */
let op: string;
/** Sub-merchant operator (M001-01 only): reads, moves no money. */
let subOp: string;
let main: number;
let sub: number;
let other: number;

const key = () => `t-${crypto.randomUUID()}`;
const idem = (k = key()) => ({ 'idempotency-key': k });
const taskCount = async () => (await t.db.select({ n: count() }).from(balanceChangeTask))[0].n;
const postingCount = async () => (await t.db.select({ n: count() }).from(ledgerPosting))[0].n;
const request = (token: string, body: Record<string, unknown>, k = key()) =>
  t.post(token, API.request, { merchant_id: main, change_type: 'increase', amount: 1_000_000, remark: 'Funding', ...body }, idem(k));

beforeAll(async () => {
  t = await createTestApp();
  [admin, op, subOp] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('submerchant')]);
  [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  [{ id: sub }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001-01'));
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  await seedMerchantMoneyDemo(t.db, t.clock.now);
}, 90_000);
afterAll(() => t?.close());

describe('demo data', () => {
  it('posts the demo top-ups and withdrawal, leaves one pending task and is idempotent', async () => {
    const tasks = await t.db.select().from(balanceChangeTask);
    expect(tasks.filter((x) => x.status === 'posted')).toHaveLength(5);
    expect(tasks.filter((x) => x.status === 'pending')).toHaveLength(1);
    expect((await balances(t.db, main)).available).toBe(770_000_000);
    await seedMerchantMoneyDemo(t.db, t.clock.now);
    expect(await taskCount()).toBe(tasks.length);
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });
});

describe('BalanceInfo', () => {
  it('shows every merchant of the account with its ledger balances, group totals and the low-balance warning', async () => {
    const res = await t.get(op, API.balances);
    expect(res.code, res.msg).toBe(20000);
    const rows = res.data.rows as any[];
    expect(rows.map((r) => r.code)).toEqual(['M001', 'M001-01']);
    const [m, s] = rows;
    expect(m.available).toBe(770_000_000);
    expect(m.sub_count).toBe(1);
    expect(m.group_available).toBe(770_000_000 + 20_000_000);
    expect(m.low).toBe(false);
    expect(s.parent_id).toBe(main);
    expect(s.parent_name).toBe('Saigon Credit');
    expect(s.group_available).toBeNull();
    expect(s.low).toBe(true);
    expect(s.alert_threshold).toBe(70_000_000);
    const low = await t.get(op, API.balances, { low: '1' });
    expect(low.data.rows.map((r: any) => r.code)).toEqual(['M001-01']);
  });

  it('gives a sub-merchant operator its own merchant only, and an administrator every merchant', async () => {
    const res = await t.get(subOp, API.balances);
    expect(res.data.rows.map((r: any) => r.code)).toEqual(['M001-01']);
    const all = await t.get(admin, API.balances);
    expect(all.data.rows.map((r: any) => r.code)).toEqual(['M001', 'M001-01', 'M-OTHER']);
    expect((await t.get(subOp, API.balances, { merchant_id: main })).data.rows).toEqual([]);
  });

  it('sets the low-balance threshold in scope only, validated', async () => {
    const ok = await t.post(op, API.setAlert, { id: main, alert_threshold: 900_000_000 });
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data.low).toBe(true);
    expect((await t.get(op, API.balances, { merchant_id: main })).data.rows[0].low).toBe(true);
    await t.post(op, API.setAlert, { id: main, alert_threshold: 0 });
    expect((await t.get(op, API.balances, { merchant_id: main })).data.rows[0].low).toBe(false);
    for (const bad of [-1, 1.5, 'x', 1e16]) expect((await t.post(op, API.setAlert, { id: main, alert_threshold: bad })).code).toBe(40000);
    expect((await t.post(op, API.setAlert, { id: other, alert_threshold: 5 })).code).toBe(40000);
    expect(await t.db.select().from(merchantBalanceAlert).where(eq(merchantBalanceAlert.merchantId, other))).toEqual([]);
    expect((await t.post(subOp, API.setAlert, { id: sub, alert_threshold: 5 })).code).toBe(40300);
  });

  it('edits the payment settings with fees ≥ 0, probabilities 0–100 and hours > 0', async () => {
    const good = {
      id: sub, payout_fee_new: 15_000, payout_fee_returning: 10_000, collection_fee_bp: 150, risk_fee: 5_000, risk_validity_hours: 48,
      receive_prob_new: 80, receive_prob_returning: 100, single_valid_hours: 24,
    };
    const res = await t.post(op, API.editSettings, good);
    expect(res.code, res.msg).toBe(20000);
    const row = (await t.get(op, API.balances, { merchant_id: sub })).data.rows[0];
    expect(row).toMatchObject({ payout_fee_new: 15_000, collection_fee_bp: 150, receive_prob_new: 80, single_valid_hours: 24 });
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'merchant.editSettings')).orderBy(desc(operationLog.id)).limit(1);
    expect(log.after).toMatchObject({ payout_fee_new: 15_000 });
    for (const bad of [
      { payout_fee_new: -1 }, { risk_fee: 1.5 }, { receive_prob_new: 101 }, { receive_prob_returning: -5 }, { risk_validity_hours: 0 },
      { single_valid_hours: 0 }, { collection_fee_bp: 10_001 }, { id: other },
    ]) {
      const r = await t.post(op, API.editSettings, { ...good, payout_fee_new: 1, ...bad });
      expect(r.code, JSON.stringify(bad)).toBe(40000);
    }
    const [m] = await t.db.select().from(merchant).where(eq(merchant.id, sub));
    expect(m.payoutFeeNewMinor).toBe(15_000);
  });
});

describe('balance-change tasks', () => {
  it('is requested by one account, refused to the requester and posted once when another confirms', async () => {
    const before = (await balances(t.db, main)).available;
    const r = await request(op, { amount: 5_000_000 });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ status: 'pending', change_type: 'increase', amount: 5_000_000 });
    const self = await t.post(op, API.confirm, { id: r.data.id }, idem());
    expect(self.code).toBe(40300);
    expect(self.msg).toMatch(/another account/i);
    const k = key();
    const ok = await t.post(admin, API.confirm, { id: r.data.id, decide_remark: 'receipt 123' }, idem(k));
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data).toMatchObject({ status: 'posted', available: before + 5_000_000 });
    const postings = await postingCount();
    // The same key again: the stored answer, nothing posted again; another payload under it: refused.
    const again = await t.post(admin, API.confirm, { id: r.data.id, decide_remark: 'receipt 123' }, idem(k));
    expect(again.data).toEqual(ok.data);
    expect((await t.post(admin, API.confirm, { id: r.data.id, decide_remark: 'other' }, idem(k))).code).toBe(40901);
    // A new key: the task is no longer pending.
    const late = await t.post(admin, API.confirm, { id: r.data.id }, idem());
    expect(late.code).toBe(40900);
    expect(await postingCount()).toBe(postings);
    expect((await balances(t.db, main)).available).toBe(before + 5_000_000);
    const [p] = await t.db.select().from(ledgerPosting).where(eq(ledgerPosting.id, ok.data.posting_id));
    expect(p).toMatchObject({ kind: 'balance_increase', ref: `BC${r.data.id}`, merchantId: main });
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
    // It shows in the movements and the top-ups with the task behind it.
    const inc = await t.get(op, API.increases, { merchant_id: main });
    expect(inc.data.rows[0]).toMatchObject({ id: p.id, amount: 5_000_000, task_id: r.data.id, remark: 'Funding' });
    const moves = await t.get(op, API.changes, { merchant_id: main, kind: 'balance_increase', account: 'available' });
    expect(moves.data.rows[0]).toMatchObject({ posting_id: p.id, amount: 5_000_000, account: 'available', kind: 'balance_increase' });
  });

  it('refuses a decrease that would make the available balance negative, at request and at confirmation, writing nothing', async () => {
    const avail = (await balances(t.db, main)).available;
    const tasks = await taskCount();
    const tooMuch = await request(op, { change_type: 'decrease', amount: avail + 1 });
    expect(tooMuch.code).toBe(40900);
    expect(tooMuch.msg).toMatch(/available/i);
    expect(await taskCount()).toBe(tasks);
    // Two decreases that each fit but not together: the second confirmation is refused and stays pending.
    const a = await request(op, { change_type: 'decrease', amount: avail - 1_000 });
    const b = await request(op, { change_type: 'decrease', amount: 2_000 });
    expect((await t.post(admin, API.confirm, { id: a.data.id }, idem())).code).toBe(20000);
    const postings = await postingCount();
    const refused = await t.post(admin, API.confirm, { id: b.data.id }, idem());
    expect(refused.code).toBe(40900);
    expect(await postingCount()).toBe(postings);
    expect((await t.db.select().from(balanceChangeTask).where(eq(balanceChangeTask.id, b.data.id)))[0].status).toBe('pending');
    expect((await balances(t.db, main)).available).toBe(1_000);
    // Put the money back for the other tests; reject the stale decrease (by another account than the requester).
    expect((await t.post(op, API.reject, { id: b.data.id, decide_remark: 'no funds' })).code).toBe(40300);
    expect((await t.post(admin, API.reject, { id: b.data.id, decide_remark: 'no funds' })).data.status).toBe('rejected');
    expect((await t.post(admin, API.confirm, { id: b.data.id }, idem())).code).toBe(40900);
    await post(t.db, { merchantId: main, kind: 'balance_increase', businessAt: new Date(), lines: [{ account: 'available', amount: avail }, { account: 'equity', amount: -avail }] });
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });

  it('fails a task whose merchant was disabled before confirmation, posting nothing', async () => {
    const [m] = await t.db.insert(merchant).values({ code: 'M-OFF', name: 'Closing Lender', currency: 'VND' }).returning();
    const r = await request(admin, { merchant_id: m.id, amount: 1_000 });
    await t.db.update(merchant).set({ enabled: false }).where(eq(merchant.id, m.id));
    const res = await t.post(op, API.confirm, { id: r.data.id }, idem());
    // The operator has no right on that merchant: not found; the administrator's own request: four eyes.
    expect(res.code).toBe(40400);
    const postings = await postingCount();
    const [row] = await t.db.update(balanceChangeTask).set({ requestedBy: 999_999 }).where(eq(balanceChangeTask.id, r.data.id)).returning();
    const done = await t.post(admin, API.confirm, { id: row.id }, idem());
    expect(done.data.status).toBe('failed');
    expect(await postingCount()).toBe(postings);
    expect((await request(admin, { merchant_id: m.id })).code).toBe(40900);
  });

  it('needs an Idempotency-Key and refuses bad input without writing anything', async () => {
    const tasks = await taskCount();
    expect((await t.post(op, API.request, { merchant_id: main, change_type: 'increase', amount: 10, remark: 'x' })).code).toBe(40000);
    for (const bad of [
      { amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: 'lots' }, { amount: 1e16 }, { change_type: 'steal' }, { remark: '' },
      { remark: 'a\u0000b' }, { remark: 'x'.repeat(201) }, { merchant_id: other }, { merchant_id: 2 ** 40 }, { merchant_id: 'abc' },
    ]) {
      const r = await request(op, bad);
      expect(r.code, JSON.stringify(bad)).toBe(40000);
    }
    expect((await t.post(op, API.request, { merchant_id: main, change_type: 'increase', amount: 10, remark: 'x' }, { 'idempotency-key': 'short' })).code).toBe(40000);
    expect(await taskCount()).toBe(tasks);
  });

  it('keeps merchant staff to their merchants and read-only roles away from money', async () => {
    const r = await request(admin, { merchant_id: other, amount: 7_000 });
    expect(r.code, r.msg).toBe(20000);
    expect((await t.post(op, API.confirm, { id: r.data.id }, idem())).code).toBe(40400);
    expect((await t.post(op, API.reject, { id: r.data.id, decide_remark: 'no' })).code).toBe(40400);
    const mine = await t.get(op, API.tasks);
    expect(mine.data.rows.every((x: any) => [main, sub].includes(x.merchant_id))).toBe(true);
    const subs = await t.get(subOp, API.tasks);
    expect(subs.code).toBe(20000);
    expect(subs.data.rows.every((x: any) => x.merchant_id === sub)).toBe(true);
    expect(subs.data.rows.some((x: any) => x.status === 'pending')).toBe(true);
    expect((await request(subOp, { merchant_id: sub })).code).toBe(40300);
    expect((await t.get(subOp, API.changes)).data.rows.every((x: any) => x.merchant_id === sub)).toBe(true);
    expect((await t.get(subOp, API.increases)).data.rows.every((x: any) => x.merchant_id === sub)).toBe(true);
    expect((await t.get(subOp, API.decreases)).data.rows).toEqual([]);
    expect((await t.get(await t.login('reviewer1'), API.balances)).code).toBe(40300);
  });

  it('lists tasks with the people behind them, filters and exports', async () => {
    const res = await t.get(op, API.tasks, { status: 'posted', change_type: 'decrease', merchant_id: main });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.rows[0]).toMatchObject({ status: 'posted', change_type: 'decrease', requested_by_name: expect.any(String), confirmed_by_name: expect.any(String) });
    const dec = await t.get(op, API.decreases, { merchant_id: main });
    expect(dec.data.rows.some((r: any) => r.amount === 30_000_000 && r.remark === 'Profit withdrawal to the owner account')).toBe(true);
    expect((await t.get(op, API.tasks, { status: 'bogus' })).code).toBe(40000);
    const exp = await t.get(op, API.changes, { merchant_id: main, download_excel: '1', format: 'csv' });
    expect(exp.code, exp.msg).toBe(20000);
    expect(exp.data.job_id).toBeDefined();
  });
});
