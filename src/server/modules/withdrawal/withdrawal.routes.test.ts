import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { bankCard } from '../client/client.table';
import { operationLog } from '../log/log.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { paymentRuntime } from '../payment/runtime';
import { workTask } from '../task/task.table';
import { createQueueOrder, createWithdrawalWorld, type WithdrawalWorld } from './withdrawal.fixtures';
import { housekeeping } from './withdrawal.service';
import { withdrawalContact, withdrawalNotice, withdrawalSmsLog } from './withdrawal.table';

/**
 * The /withdrawalMoney queues through the API: what each one lists for whom, and every action with its refusals
 * (40300 without the node, 40400 for another merchant's order, 42200 for an order not in the queue, 40900 for an
 * order someone else holds, 40000 for bad input). Each test builds its own orders, so they do not depend on order.
 */
let t: TestApp;
let w: WithdrawalWorld;
const tok: Record<string, string> = {};
const HOUR = 3_600_000;

const OK = 20000;
const now = () => t.app.businessClock.now();
const ago = (hours: number) => new Date(now().getTime() - hours * HOUR);
const path = (page: string, verb: string) => `/loanapi/withdrawal/${page}/${verb}`;
const ids = (res: { data: { rows: Array<{ id: number }> } }) => res.data.rows.map((r) => r.id);
const key = () => `wd-${crypto.randomUUID()}`;
const order = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const liveTasks = (orderId: number) => t.db.select().from(workTask).where(and(eq(workTask.orderId, orderId))).then((r) => r.filter((x) => x.status === 'open' || x.status === 'claimed'));

beforeAll(async () => {
  t = await createTestApp();
  paymentRuntime(t.app.deps).delivery = 'manual';
  w = await createWithdrawalWorld(t.db);
  for (const a of ['wdA', 'wdA2', 'wdB', 'wdview', 'wdremind', 'wdlender', 'wdprivate', 'admin']) tok[a] = await t.login(a);
}, 60_000);
afterAll(() => t.close());

const list = (who: string, url: string, q: Record<string, unknown> = {}) => t.get(who, url, { size: 500, ...q });
const L = {
  waitFor: '/loanapi/withdrawal/wait_for_list',
  mine: '/loanapi/withdrawal/my_wait_for_list',
  market: '/loanapi/withdrawal/market_list',
  taken: '/loanapi/withdrawal/my_take_list',
  notice: '/loanapi/withdrawal/payment_notice_list',
  release: '/loanapi/withdrawal/release_list',
  dormant: '/loanapi/withdrawal/dormant_list',
  cs: '/loanapi/withdrawal/customer_service_list',
  sms: '/loanapi/withdrawal/sms_due_list',
  smsLog: '/loanapi/log/withdrawal_sms_list',
  manual: '/loanapi/manual_lending/list',
};

describe('the assignment pool (waitFor) and claims', () => {
  it('lists fresh unclaimed orders of the account’s merchants; the market and other merchants’ orders are not in it', async () => {
    const fresh = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    const old = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(40) });
    const other = await createQueueOrder(t.db, { merchantId: w.b, enteredAt: ago(1) });
    const closed = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1), status: 'closed' });
    const res = await list(tok.wdA, L.waitFor);
    expect(res.code, res.msg).toBe(OK);
    expect(ids(res)).toContain(fresh.id);
    expect(ids(res)).not.toContain(old.id);
    expect(ids(res)).not.toContain(other.id);
    expect(ids(res)).not.toContain(closed.id);
    const row = res.data.rows.find((r: { id: number }) => r.id === fresh.id);
    // Merchant single valid time 72 h: expires 72 h after approval.
    expect(Date.parse(row.expires_at) - Date.parse(row.entered_at)).toBe(72 * HOUR);
    expect(row).toMatchObject({ on_market: false, assignee_id: null, reminders: 0 });
    expect(ids(await list(tok.wdB, L.waitFor))).toContain(other.id);
    expect(ids(await list(tok.wdB, L.waitFor))).not.toContain(fresh.id);
    // 40 h > half of 72 h: the old order is on the market.
    expect(ids(await list(tok.wdA, L.market))).toContain(old.id);
  });

  it('claim: the order moves to the claimer’s MywaitForOrder; others are refused', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    expect((await t.post(tok.wdview, path('waitFor', 'claim'), { id: o.id })).code).toBe(40300);
    expect((await t.post(tok.wdB, path('waitFor', 'claim'), { id: o.id })).code).toBe(40400);
    expect((await t.post(tok.wdA, path('waitFor', 'claim'), { id: 'x' })).code).toBe(40000);
    const res = await t.post(tok.wdA, path('waitFor', 'claim'), { id: o.id });
    expect(res.code, res.msg).toBe(OK);
    // The same claim again is the same answer; someone else's is a conflict naming the holder.
    expect((await t.post(tok.wdA, path('waitFor', 'claim'), { id: o.id })).code).toBe(OK);
    const other = await t.post(tok.wdA2, path('waitFor', 'claim'), { id: o.id });
    expect(other.code).toBe(40900);
    expect(ids(await list(tok.wdA, L.mine))).toContain(o.id);
    expect(ids(await list(tok.wdA2, L.mine))).not.toContain(o.id);
    expect(ids(await list(tok.wdA, L.waitFor))).not.toContain(o.id);
    const claimed = await list(tok.wdA, L.waitFor, { claim_state: 'claimed', assignee_id: w.accounts.wdA });
    expect(claimed.data.rows.find((r: { id: number }) => r.id === o.id)).toMatchObject({ assignee_id: w.accounts.wdA, assignee_name: 'Agent wdA' });
    const log = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'withdrawal.waitFor.claim'), eq(operationLog.targetId, String(o.id))));
    expect(log).toHaveLength(2);
  });

  it('claim refuses orders outside the pool: closed (42200), on the market (42200)', async () => {
    const closed = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1), status: 'closed' });
    const old = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(40) });
    expect((await t.post(tok.wdA, path('waitFor', 'claim'), { id: closed.id })).code).toBe(42200);
    expect((await t.post(tok.wdA, path('waitFor', 'claim'), { id: old.id })).code).toBe(42200);
    expect((await t.post(tok.wdA, path('waitFor', 'claim'), { id: 987654321 })).code).toBe(40400);
  });

  it('dispatch shares the pool between agents under the cap; non-agents are refused', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(2) }));
    expect((await t.post(tok.wdA, path('waitFor', 'dispatch'), { account_ids: [w.accounts.wdB], cap: 5 })).code).toBe(40000);
    expect((await t.post(tok.wdA, path('waitFor', 'dispatch'), { account_ids: [w.accounts.wdA2], cap: 0 })).code).toBe(40000);
    const agents = await t.get(tok.wdA, '/loanapi/withdrawal/agents');
    expect(agents.data.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([w.accounts.wdA, w.accounts.wdA2]));
    expect(agents.data.map((a: { id: number }) => a.id)).not.toContain(w.accounts.wdB);
    const before = (await list(tok.wdA2, L.mine)).data.rows.length;
    const res = await t.post(tok.wdA, path('waitFor', 'dispatch'), { account_ids: [w.accounts.wdA2], cap: before + 2 });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.assigned).toBe(2);
    expect((await list(tok.wdA2, L.mine)).data.rows.length).toBe(before + 2);
    expect((await t.post(tok.wdview, path('waitFor', 'dispatch'), { cap: 5 })).code).toBe(40300);
  });
});

describe('working an order (MywaitForOrder)', () => {
  async function claimed(by = 'wdA', hours = 1) {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(hours), name: 'Le Thi Hoa', loan: 3_000_000 });
    const res = await t.post(tok[by], path('waitFor', 'claim'), { id: o.id });
    expect(res.code, res.msg).toBe(OK);
    return o;
  }

  it('contact: a result from the dictionary and a note, by the holder only', async () => {
    const o = await claimed();
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'contact'), { id: o.id, result: '99' })).code).toBe(40000);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'contact'), { id: o.id, result: '1', note: 'x'.repeat(501) })).code).toBe(40000);
    const notHolder = await t.post(tok.wdA2, path('MywaitForOrder', 'contact'), { id: o.id, result: '4' });
    expect(notHolder.code).toBe(40900);
    expect(notHolder.msg).toBe('Agent wdA is working on this order');
    expect((await t.post(tok.wdview, path('MywaitForOrder', 'contact'), { id: o.id, result: '4' })).code).toBe(40300);
    const res = await t.post(tok.wdA, path('MywaitForOrder', 'contact'), { id: o.id, result: '3', note: 'busy, call at 5pm' });
    expect(res.code, res.msg).toBe(OK);
    const history = await t.get(tok.wdA, '/loanapi/withdrawal/contacts', { order_id: o.id });
    expect(history.data[0]).toMatchObject({ result: '3', note: 'busy, call at 5pm', account_name: 'Agent wdA', queue: 'withdrawal.waitFor' });
    expect((await t.get(tok.wdB, '/loanapi/withdrawal/contacts', { order_id: o.id })).code).toBe(40400);
    const row = (await list(tok.wdA, L.mine)).data.rows.find((r: { id: number }) => r.id === o.id);
    expect(row.last_contact_result).toBe('3');
    const results = await t.get(tok.wdA, '/loanapi/withdrawal/contact_results');
    expect(results.data.map((r: { value: string }) => r.value)).toContain('2');
  });

  it('sendSms: the reminder in the customer’s language with name and amount, logged; not twice within the gap', async () => {
    const o = await claimed();
    const res = await t.post(tok.wdA, path('MywaitForOrder', 'sendSms'), { id: o.id });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.content).toContain('Le Thi Hoa');
    expect(res.data.content).toMatch(/3\.000\.000/);
    expect(res.data.content).toContain('Kính gửi');
    const [sms] = await t.db.select().from(withdrawalSmsLog).where(eq(withdrawalSmsLog.orderId, o.id));
    expect(sms).toMatchObject({ kind: 'reminder', lang: 'vi', phone: o.phone, accountId: w.accounts.wdA, status: 'logged' });
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'sendSms'), { id: o.id })).code).toBe(42200);
    const logged = await list(tok.wdA, L.smsLog, { order_no: o.orderNo });
    expect(logged.data.rows).toHaveLength(1);
    expect(logged.data.rows[0]).toMatchObject({ kind: 'reminder', phone: o.phone, account: 'wdA' });
    const masked = await list(tok.wdprivate, L.smsLog, { order_no: o.orderNo });
    expect(masked.data.rows[0].phone).not.toBe(o.phone);
    expect(masked.data.rows[0].phone).toMatch(/^09\d\*+\d{2}$/);
    expect((await list(tok.wdB, L.smsLog, { order_no: o.orderNo })).data.rows).toHaveLength(0);
  });

  it('toMarket and take: the order goes to the market, another agent takes it into MyTakeConfirmOrder', async () => {
    const o = await claimed();
    expect((await t.post(tok.wdA2, path('MywaitForOrder', 'toMarket'), { id: o.id })).code).toBe(40900);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'toMarket'), { id: o.id, note: 'no answer 3 times' })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.mine))).not.toContain(o.id);
    expect(ids(await list(tok.wdA2, L.market))).toContain(o.id);
    expect((await t.post(tok.wdA2, path('waitFor', 'claim'), { id: o.id })).code).toBe(42200);
    expect((await t.post(tok.wdA2, path('MarketWaitTakeOrder', 'take'), { id: o.id })).code).toBe(OK);
    expect(ids(await list(tok.wdA2, L.taken))).toContain(o.id);
    expect(ids(await list(tok.wdA2, L.mine))).not.toContain(o.id);
    expect(ids(await list(tok.wdA, L.market))).not.toContain(o.id);
    // Released from MyTakeConfirmOrder, it is back on the market.
    expect((await t.post(tok.wdA2, path('MyTakeConfirmOrder', 'release'), { id: o.id })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.market))).toContain(o.id);
  });

  it('toMarket (bulk, from the pool): unclaimed pool orders only, all or nothing', async () => {
    const free = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    const held = await claimed('wdA2');
    expect((await t.post(tok.wdA, path('waitFor', 'toMarket'), { ids: [free.id, held.id] })).code).toBe(40900);
    expect(ids(await list(tok.wdA, L.market))).not.toContain(free.id);
    expect((await t.post(tok.wdA, path('waitFor', 'toMarket'), { ids: [free.id] })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.market))).toContain(free.id);
  });

  it('release gives the order back to the pool', async () => {
    const o = await claimed();
    expect((await t.post(tok.wdA2, path('MywaitForOrder', 'release'), { id: o.id })).code).toBe(40900);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'release'), { id: o.id })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.waitFor))).toContain(o.id);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'release'), { id: o.id })).code).toBe(40900);
  });

  it('confirm for the customer: needs a key and a note; moves the money once per key; a contact records the consent', async () => {
    const o = await claimed();
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' })).code).toBe(40000);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id }, { 'idempotency-key': key() })).code).toBe(40000);
    expect((await t.post(tok.wdA2, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': key() })).code).toBe(40900);
    expect((await t.post(tok.wdview, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': key() })).code).toBe(40300);
    const k = key();
    const res = await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': k });
    expect(res.code, res.msg).toBe(OK);
    const after = await order(o.id);
    expect(after.status).toBe('disbursing');
    expect(after.withdrawalType).toBe('manual');
    const again = await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': k });
    expect(again.code).toBe(OK);
    expect(again.data.transfer_id).toBe(res.data.transfer_id);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'something else' }, { 'idempotency-key': k })).code).toBe(40901);
    // A new key on a confirmed order: it is no longer waiting.
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked on the phone' }, { 'idempotency-key': key() })).code).toBe(42200);
    const contacts = await t.db.select().from(withdrawalContact).where(eq(withdrawalContact.orderId, o.id));
    expect(contacts.map((c) => c.result)).toEqual(['2']);
    // The body may carry the key instead of the header.
    const o2 = await claimed();
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o2.id, note: 'asked by phone', idempotency_key: key() })).code).toBe(OK);
  });

  it('confirm refuses an expired order (42200) and a customer without a card (40000)', async () => {
    // Past its 72 h validity (and so on the market): taken, it cannot be confirmed.
    const expired = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(80) });
    expect((await t.post(tok.wdA, path('MarketWaitTakeOrder', 'take'), { id: expired.id })).code).toBe(OK);
    const r1 = await t.post(tok.wdA, path('MyTakeConfirmOrder', 'confirmWithdrawal'), { id: expired.id, note: 'asked on the phone' }, { 'idempotency-key': key() });
    expect(r1.code).toBe(42200);
    expect(r1.msg).toContain('validity');
    const noCard = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1), card: false });
    await t.post(tok.wdA, path('waitFor', 'claim'), { id: noCard.id });
    const r2 = await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: noCard.id, note: 'asked on the phone' }, { 'idempotency-key': key() });
    expect(r2.code).toBe(40000);
    expect((await order(noCard.id)).status).toBe('withdrawal');
  });

  it('close: the customer declines; the order is closed with the reason and its task ends', async () => {
    const o = await claimed();
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'close'), { id: o.id })).code).toBe(40000);
    expect((await t.post(tok.wdA2, path('MywaitForOrder', 'close'), { id: o.id, note: 'found money elsewhere' })).code).toBe(40900);
    const res = await t.post(tok.wdA, path('MywaitForOrder', 'close'), { id: o.id, note: 'found money elsewhere' });
    expect(res.code, res.msg).toBe(OK);
    expect((await order(o.id)).status).toBe('closed');
    const [h] = await t.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.toStatus, 'closed')));
    expect(h).toMatchObject({ fromStatus: 'withdrawal', accountId: w.accounts.wdA });
    expect(h.reason).toContain('found money elsewhere');
    expect(await liveTasks(o.id)).toEqual([]);
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'close'), { id: o.id, note: 'again' })).code).toBe(42200);
    // A customer who said no is not a dormant customer to call back.
    expect(ids(await list(tok.wdA, L.dormant))).not.toContain(o.id);
  });
});

describe('payout notices (MyPaymentNoticeOrder)', () => {
  it('the agent who confirmed is told to notify once the payout succeeded; notify logs the SMS and ends the task', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1), loan: 2_000_000 });
    await t.post(tok.wdA, path('waitFor', 'claim'), { id: o.id });
    const rt = paymentRuntime(t.app.deps);
    rt.pending.length = 0;
    expect((await t.post(tok.wdA, path('MywaitForOrder', 'confirmWithdrawal'), { id: o.id, note: 'asked' }, { 'idempotency-key': key() })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.notice))).not.toContain(o.id);
    await rt.flush();
    expect((await order(o.id)).status).toBe('repaying');
    expect(ids(await list(tok.wdA, L.notice))).toContain(o.id);
    expect(ids(await list(tok.wdA2, L.notice))).not.toContain(o.id);
    expect((await t.post(tok.wdA2, path('MyPaymentNoticeOrder', 'notify'), { id: o.id })).code).toBe(40900);
    expect((await t.post(tok.wdA, path('MyPaymentNoticeOrder', 'notify'), { id: o.id, channel: 'fax' })).code).toBe(40000);
    const res = await t.post(tok.wdA, path('MyPaymentNoticeOrder', 'notify'), { id: o.id });
    expect(res.code, res.msg).toBe(OK);
    const [notice] = await t.db.select().from(withdrawalNotice).where(eq(withdrawalNotice.orderId, o.id));
    expect(notice).toMatchObject({ channel: 'sms', accountId: w.accounts.wdA });
    const [sms] = await t.db.select().from(withdrawalSmsLog).where(and(eq(withdrawalSmsLog.orderId, o.id), eq(withdrawalSmsLog.kind, 'payment_notice')));
    expect(sms.content).toMatch(/1\.900\.000/);
    expect(ids(await list(tok.wdA, L.notice))).not.toContain(o.id);
    expect(await liveTasks(o.id)).toEqual([]);
    expect((await t.post(tok.wdA, path('MyPaymentNoticeOrder', 'notify'), { id: o.id })).code).toBe(42200);
  });
});

describe('failed payouts (WaitForcustomerService)', () => {
  it('claim, text the customer, return to pending withdrawal with a bound card of theirs', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(2), status: 'failed' });
    const other = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(2), status: 'failed' });
    expect(ids(await list(tok.wdA, L.cs))).toEqual(expect.arrayContaining([o.id, other.id]));
    expect(ids(await list(tok.wdB, L.cs))).not.toContain(o.id);
    expect((await t.post(tok.wdA, path('WaitForcustomerService', 'notify'), { id: o.id })).code).toBe(40900);
    expect((await t.post(tok.wdA, path('WaitForcustomerService', 'claim'), { id: o.id })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.cs, { mine: 1 }))).toEqual([o.id]);
    expect(ids(await list(tok.wdA, L.cs, { claim_state: 'unclaimed' }))).not.toContain(o.id);
    const sms = await t.post(tok.wdA, path('WaitForcustomerService', 'notify'), { id: o.id });
    expect(sms.code, sms.msg).toBe(OK);
    expect(sms.data.content).toContain('Nguyen Van Khach');
    const cards = await t.get(tok.wdA, '/loanapi/withdrawal/cards', { order_id: o.id });
    expect(cards.data.map((c: { id: number }) => c.id)).toEqual([o.cardId]);
    expect((await t.post(tok.wdA, path('WaitForcustomerService', 'returnWithdrawal'), { id: o.id, bank_card_id: other.cardId })).code).toBe(40000);
    const [newCard] = await t.db.insert(bankCard).values({
      customerId: o.customerId, merchantId: w.a, bankName: 'ACB', bankCode: 'ACB', cardNumber: '9704990000001234', cardholder: 'NGUYEN VAN KHACH', status: 'bound',
    }).returning();
    const res = await t.post(tok.wdA, path('WaitForcustomerService', 'returnWithdrawal'), { id: o.id, bank_card_id: newCard.id, note: 'new card bound' });
    expect(res.code, res.msg).toBe(OK);
    const after = await order(o.id);
    expect(after).toMatchObject({ status: 'withdrawal', bankCardId: newCard.id });
    expect(ids(await list(tok.wdA, L.cs))).not.toContain(o.id);
    // Back in withdrawal with a new validity period: in the pool again.
    expect(ids(await list(tok.wdA, L.waitFor))).toContain(o.id);
  });

  it('close a failed payout the customer no longer wants', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(2), status: 'failed' });
    await t.post(tok.wdA2, path('WaitForcustomerService', 'claim'), { id: o.id });
    expect((await t.post(tok.wdA, path('WaitForcustomerService', 'close'), { id: o.id, note: 'does not want it' })).code).toBe(40900);
    expect((await t.post(tok.wdA2, path('WaitForcustomerService', 'close'), { id: o.id, note: 'does not want it' })).code).toBe(OK);
    expect((await order(o.id)).status).toBe('closed');
  });
});

describe('dormant tasks', () => {
  it('lists orders closed out of withdrawal with no newer order; claim, invite by SMS, finish', async () => {
    const d = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(5), status: 'closed' });
    const tooOld = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(24 * 40), status: 'closed' });
    const res = await list(tok.wdA, L.dormant);
    expect(ids(res)).toContain(d.id);
    expect(ids(res)).not.toContain(tooOld.id);
    expect((await t.post(tok.wdB, path('dormantTask', 'claim'), { id: d.id })).code).toBe(40400);
    expect((await t.post(tok.wdA, path('dormantTask', 'claim'), { id: d.id })).code).toBe(OK);
    const sms = await t.post(tok.wdA, path('dormantTask', 'sendSms'), { id: d.id });
    expect(sms.code, sms.msg).toBe(OK);
    expect((await t.db.select().from(withdrawalSmsLog).where(eq(withdrawalSmsLog.orderId, d.id)))[0].kind).toBe('dormant');
    expect((await t.post(tok.wdA2, path('dormantTask', 'finish'), { id: d.id })).code).toBe(40900);
    expect((await t.post(tok.wdA, path('dormantTask', 'finish'), { id: d.id, note: 'will apply next week' })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.dormant))).not.toContain(d.id);
    expect((await t.post(tok.wdA, path('dormantTask', 'claim'), { id: d.id })).code).toBe(42200);
  });
});

describe('SMS reminders (MywaitSMS)', () => {
  it('lists due reminders, sends them in bulk, and stops listing them until the interval has passed', async () => {
    const due = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(3) });
    const early = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    const heldByOther = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(3) });
    await t.post(tok.wdA2, path('waitFor', 'claim'), { id: heldByOther.id });
    const res = await list(tok.wdremind, L.sms);
    expect(res.code, res.msg).toBe(OK);
    expect(ids(res)).toContain(due.id);
    expect(ids(res)).not.toContain(early.id);
    expect(ids(res)).not.toContain(heldByOther.id);
    expect(ids(await list(tok.wdA2, L.sms))).toContain(heldByOther.id);
    const other = await createQueueOrder(t.db, { merchantId: w.b, enteredAt: ago(3) });
    expect((await t.post(tok.wdremind, path('MywaitSMS', 'sendSms'), { ids: [due.id, other.id] })).code).toBe(40400);
    const closed = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(3), status: 'closed' });
    expect((await t.post(tok.wdremind, path('MywaitSMS', 'sendSms'), { ids: [due.id, closed.id] })).code).toBe(42200);
    expect((await t.post(tok.wdview, path('MywaitSMS', 'sendSms'), { ids: [due.id] })).code).toBe(40300);
    const sent = await t.post(tok.wdremind, path('MywaitSMS', 'sendSms'), { ids: [due.id, early.id] });
    expect(sent.code, sent.msg).toBe(OK);
    expect(sent.data).toEqual({ sent: 1, skipped: 1 });
    expect(ids(await list(tok.wdremind, L.sms))).not.toContain(due.id);
    const waiting = (await list(tok.wdA, L.waitFor)).data.rows.find((r: { id: number }) => r.id === due.id);
    expect(waiting.reminders).toBe(1);
  });
});

describe('idle claims (waitingForRelease)', () => {
  it('lists claims idle past the threshold; a supervisor releases them back to the pool', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(10) });
    await t.post(tok.wdA2, path('waitFor', 'claim'), { id: o.id });
    expect(ids(await list(tok.wdA, L.release))).not.toContain((await liveTasks(o.id))[0].id);
    const [task] = await liveTasks(o.id);
    await t.db.update(workTask).set({ claimedAt: ago(6) }).where(eq(workTask.id, task.id));
    const res = await list(tok.wdA, L.release);
    expect(res.code, res.msg).toBe(OK);
    const row = res.data.rows.find((r: { id: number }) => r.id === task.id);
    expect(row).toMatchObject({ order_id: o.id, assignee_id: w.accounts.wdA2, queue: 'withdrawal.waitFor' });
    // A recent contact by the holder means the claim is not idle.
    await t.post(tok.wdA2, path('MywaitForOrder', 'contact'), { id: o.id, result: '3' });
    expect(ids(await list(tok.wdA, L.release))).not.toContain(task.id);
    expect(ids(await list(tok.wdA, L.release, { idle_hours: 1 }))).not.toContain(task.id);
    const otherTask = await createQueueOrder(t.db, { merchantId: w.b, enteredAt: ago(2) });
    await t.post(tok.wdB, path('waitFor', 'claim'), { id: otherTask.id });
    const [bTask] = await liveTasks(otherTask.id);
    expect((await t.post(tok.wdA, path('waitingForRelease', 'release'), { ids: [task.id, bTask.id] })).code).toBe(40400);
    expect((await t.post(tok.wdview, path('waitingForRelease', 'release'), { ids: [task.id] })).code).toBe(40300);
    expect((await t.post(tok.wdA, path('waitingForRelease', 'release'), { ids: [task.id] })).code).toBe(OK);
    expect(ids(await list(tok.wdA, L.waitFor))).toContain(o.id);
    expect((await t.post(tok.wdA, path('waitingForRelease', 'release'), { ids: [task.id] })).code).toBe(42200);
  });
});

describe('housekeeping', () => {
  it('ends the tasks of orders that left their queue elsewhere', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    await t.post(tok.wdA, path('waitFor', 'claim'), { id: o.id });
    await t.db.update(loanOrder).set({ status: 'closed' }).where(eq(loanOrder.id, o.id));
    expect(await liveTasks(o.id)).toHaveLength(1);
    const res = await housekeeping(t.app.deps);
    expect(res.cancelled).toBeGreaterThanOrEqual(1);
    expect(await liveTasks(o.id)).toEqual([]);
  });
});

describe('lists: masking and export', () => {
  it('masks phones for privacy-protected agents and exports a queue', async () => {
    const o = await createQueueOrder(t.db, { merchantId: w.a, enteredAt: ago(1) });
    const plain = (await list(tok.wdA, L.waitFor, { order_no: o.orderNo })).data.rows[0];
    const masked = (await list(tok.wdprivate, L.waitFor, { order_no: o.orderNo })).data.rows[0];
    expect(plain.phone).toBe(o.phone);
    expect(masked.phone).not.toBe(o.phone);
    const exp = await t.get(tok.wdA, L.waitFor, { download_excel: 1, format: 'csv', order_no: o.orderNo });
    expect(exp.code, exp.msg).toBe(OK);
    expect(exp.data.status).toBe('done');
    expect((await t.get(tok.wdA, L.waitFor, { claim_state: 'nobody' })).code).toBe(40000);
    expect((await t.get(tok.wdview, L.market)).code).toBe(40300);
  });
});

describe('manual lending (/review/manualLending)', () => {
  async function customerOf(merchantId: number) {
    const o = await createQueueOrder(t.db, { merchantId, enteredAt: ago(24 * 60), status: 'closed' });
    return o.customerId;
  }

  it('creates a priced manual order in review for a customer of the account’s merchants', async () => {
    const c = await customerOf(w.a);
    const res = await t.post(tok.wdlender, '/loanapi/manual_lending/add', { customer_id: c, product_id: w.productA, amount: 2_000_000, loan_days: 14, note: 'called in' });
    expect(res.code, res.msg).toBe(OK);
    const o = await order(res.data.order_id);
    expect(o).toMatchObject({ orderType: 'manual', customerId: c, applicationAmountMinor: 2_000_000, loanDays: 14, merchantId: w.a });
    expect(o.orderNo).toMatch(/^ML\d{6}\d{9}$/);
    // 10 bp a day for 14 days; 5 % management fee taken up front.
    expect(o.interestMinor).toBe(28_000);
    expect(o.receivedAmountMinor).toBe(1_900_000);
    expect(o.status).not.toBe('pending_review');
    expect(res.data.status).toBe(o.status);
    const [created] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id)).orderBy(orderStatusHistory.id).limit(1);
    expect(created).toMatchObject({ fromStatus: null, toStatus: 'pending_review', accountId: w.accounts.wdlender });
    const listed = await list(tok.wdlender, L.manual);
    expect(listed.code, listed.msg).toBe(OK);
    expect(listed.data.rows.find((r: { id: number }) => r.id === o.id)).toMatchObject({ created_by: 'Agent wdlender', order_no: o.orderNo });
    // A second loan while this one is live is refused.
    expect((await t.post(tok.wdlender, '/loanapi/manual_lending/add', { customer_id: c, product_id: w.productA, amount: 2_000_000, loan_days: 14 })).code).toBe(40900);
  });

  it('refuses what the product or the scope does not allow', async () => {
    const c = await customerOf(w.a);
    const cB = await customerOf(w.b);
    const add = (body: Record<string, unknown>, who = 'wdlender') => t.post(tok[who], '/loanapi/manual_lending/add', { customer_id: c, product_id: w.productA, amount: 2_000_000, loan_days: 14, ...body });
    expect((await add({ amount: 999 })).code).toBe(40000);
    expect((await add({ amount: 6_000_000 })).code).toBe(40000);
    expect((await add({ amount: '1e3x' })).code).toBe(40000);
    expect((await add({ loan_days: 60 })).code).toBe(40000);
    expect((await add({ product_id: w.productB })).code).toBe(40000);
    expect((await add({ customer_id: cB })).code).toBe(40400);
    expect((await add({}, 'wdA')).code).toBe(40300);
    const lookup = await t.get(tok.wdlender, '/loanapi/manual_lending/customer', { keyword: String(c) });
    expect(lookup.data.customer.id).toBe(c);
    expect(lookup.data.products.map((p: { id: number }) => p.id)).toEqual([w.productA]);
    expect((await t.get(tok.wdlender, '/loanapi/manual_lending/customer', { keyword: String(cB) })).data.customer).toBeNull();
  });
});
