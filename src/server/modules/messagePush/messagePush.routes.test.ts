import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { PUSH_API } from '../../../schemas/messagePush';
import { customer } from '../client/client.table';
import { marketingEntry, marketingGroup } from '../marketing/marketing.table';
import { merchantMarket } from '../merchant/market';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { seedMessagePushDemo } from './demo';
import { runPushSend } from './jobs';
import { pushConfig, pushDelivery, pushMessage } from './messagePush.table';

/**
 * Message push over HTTP: audience sizes against seeded customers and loans (all, due today, overdue by N, a
 * whitelist group), send now with sandbox delivery counts, scheduled sending by the job, cancel, validation that
 * writes nothing, permissions and merchant scoping.
 */
let t: TestApp;
let admin: string;
let op: string;
let reviewer: string;
let main: number;
let other: number;
let cfgId: number;
let otherCfg: number;
let groupId: number;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  // Noon in Vietnam: the scheduled send two hours later must still fall on the same business day, or "due today"
  // would be measured against tomorrow (this failed on a CI run that started at 22:18 Vietnam time).
  t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T05:00:00Z`);
  [admin, op, reviewer] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('reviewer1')]);
  main = (await t.db.select().from(merchant).where(eq(merchant.code, 'M001')))[0]!.id;
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-PUSH-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  const [p] = await t.db.insert(product).values({ merchantId: main, name: 'Push test product', currency: 'VND' } as typeof product.$inferInsert).returning();
  const mk = async (merchantId: number, i: number) => (await t.db.insert(customer).values({
    code: `PUSH${merchantId}-${i}`, merchantId, market: 'vn', name: `Push ${i}`, phone: `0988${String(merchantId * 1000 + i).padStart(6, '0')}`,
  }).returning())[0]!;
  const mine = [];
  for (let i = 0; i < 6; i++) mine.push(await mk(main, i));
  for (let i = 0; i < 3; i++) await mk(other, i);
  const { timeZone } = await merchantMarket(t.db, main);
  const today = t.app.businessClock.today(timeZone);
  let n = 0;
  const order = (c: { id: number }, status: string, due: string, merchantId = main) => t.db.insert(loanOrder).values({
    orderNo: `PO${++n}`, merchantId, customerId: c.id, productId: p!.id, currency: 'VND', status, dueDate: due,
  } as typeof loanOrder.$inferInsert);
  await order(mine[0]!, 'repaying', today);
  await order(mine[0]!, 'extended', today); // the same customer twice: counted once
  await order(mine[1]!, 'repaying', today);
  await order(mine[2]!, 'settled', today); // paid: not due
  await order(mine[3]!, 'overdue', addDays(today, -3));
  await order(mine[4]!, 'overdue', addDays(today, -3));
  await order(mine[5]!, 'overdue', addDays(today, -5));
  const [g] = await t.db.insert(marketingGroup).values({ merchantId: main, name: 'Push VIP' }).returning();
  groupId = g!.id;
  await t.db.insert(marketingEntry).values([
    { merchantId: main, groupId, phone: mine[1]!.phone },
    { merchantId: main, groupId, phone: mine[2]!.phone },
    { merchantId: main, groupId, phone: '0900000001' },
  ]);
  cfgId = (await t.post(op, PUSH_API.configAdd, { merchant_id: main, name: 'App', secret: 'push_secret_value_4321', failure_rate: 0 })).data.id;
  [{ id: otherCfg }] = await t.db.insert(pushConfig).values({ merchantId: other, name: 'Other app' }).returning({ id: pushConfig.id });
}, 90_000);
afterAll(() => t?.close());

const size = async (q: Record<string, unknown>) => (await t.get(op, PUSH_API.audience, { merchant_id: main, ...q })).data?.targeted;

describe('audiences', () => {
  it('sizes each audience against the seeded data', async () => {
    expect(await size({ push_audience: 'all' })).toBe(6);
    expect(await size({ push_audience: 'due_today' })).toBe(2);
    expect(await size({ push_audience: 'overdue', overdue_days: 3 })).toBe(2);
    expect(await size({ push_audience: 'overdue', overdue_days: 5 })).toBe(1);
    expect(await size({ push_audience: 'overdue', overdue_days: 9 })).toBe(0);
    expect(await size({ push_audience: 'group', group_id: groupId })).toBe(2);
  });

  it('refuses an audience without its parameter, or of another merchant', async () => {
    expect((await t.get(op, PUSH_API.audience, { merchant_id: main, push_audience: 'overdue' })).code).toBe(40000);
    expect((await t.get(op, PUSH_API.audience, { merchant_id: main, push_audience: 'group' })).code).toBe(40000);
    expect((await t.get(op, PUSH_API.audience, { merchant_id: other, push_audience: 'all' })).code).toBe(40000);
  });
});

describe('sending', () => {
  it('sends now to the audience once, with sandbox delivery counts', async () => {
    const r = await t.post(op, PUSH_API.add, { merchant_id: main, config_id: cfgId, push_audience: 'overdue', overdue_days: 3, title: 'Overdue', body: 'Please pay\nthanks' });
    expect(r.code).toBe(20000);
    expect(r.data).toMatchObject({ status: 'sent', targeted: 2, sent: 2, delivered: 2, failed: 0 });
    const deliveries = await t.db.select().from(pushDelivery).where(eq(pushDelivery.messageId, r.data.id));
    expect(deliveries).toHaveLength(2);
  });

  it('counts sandbox failures', async () => {
    await t.post(op, PUSH_API.configEdit, { id: cfgId, failure_rate: 100 });
    const r = await t.post(op, PUSH_API.add, { merchant_id: main, config_id: cfgId, push_audience: 'all', title: 'All', body: 'Hello' });
    expect(r.data).toMatchObject({ targeted: 6, sent: 6, delivered: 0, failed: 6 });
    await t.post(op, PUSH_API.configEdit, { id: cfgId, failure_rate: 0 });
  });

  it('schedules, sends by the job when due, and cancels only what is still scheduled', async () => {
    const at = new Date(t.clock.now.getTime() + 3_600_000).toISOString();
    const r = await t.post(op, PUSH_API.add, { merchant_id: main, config_id: cfgId, push_audience: 'due_today', title: 'Due', body: 'Due today', send_at: at });
    expect(r.data.status).toBe('scheduled');
    const c = await t.post(op, PUSH_API.add, { merchant_id: main, config_id: cfgId, push_audience: 'all', title: 'Later', body: 'x', send_at: at });
    expect((await t.post(op, PUSH_API.cancel, { id: c.data.id })).code).toBe(20000);
    expect((await t.post(op, PUSH_API.cancel, { id: c.data.id })).code).toBe(40900);
    await runPushSend(t.app.deps);
    expect((await t.db.select().from(pushMessage).where(eq(pushMessage.id, r.data.id)))[0]!.status).toBe('scheduled');
    t.clock.advance(2 * 3_600_000);
    await runPushSend(t.app.deps);
    const [m] = await t.db.select().from(pushMessage).where(eq(pushMessage.id, r.data.id));
    expect(m).toMatchObject({ status: 'sent', targeted: 2, delivered: 2 });
    expect((await t.db.select().from(pushMessage).where(eq(pushMessage.id, c.data.id)))[0]!.status).toBe('cancelled');
    expect((await t.post(op, PUSH_API.cancel, { id: r.data.id })).code).toBe(40900);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(pushMessage))[0]!.n;
    const base = { merchant_id: main, config_id: cfgId, push_audience: 'all', title: 'T', body: 'B' };
    for (const bad of [
      { ...base, title: '' }, { ...base, title: 'a\u0000b' }, { ...base, body: 'x'.repeat(1001) }, { ...base, push_audience: 'everyone' },
      { ...base, send_at: '2001-01-01 10:00' }, { ...base, send_at: 'tomorrow' }, { ...base, config_id: otherCfg }, { ...base, merchant_id: other },
      { ...base, push_audience: 'group', group_id: 999999 }, { ...base, link_url: 'javascript:alert(1)' },
    ]) {
      const r = await t.post(op, PUSH_API.add, bad);
      expect(r.code, JSON.stringify(bad).slice(0, 80)).toBe(40000);
    }
    expect((await t.db.select({ n: count() }).from(pushMessage))[0]!.n).toBe(before);
  });
});

describe('permissions and scope', () => {
  it('is refused without the nodes and shows only the reader\'s merchants', async () => {
    expect((await t.post(reviewer, PUSH_API.add, { merchant_id: main, config_id: cfgId, push_audience: 'all', title: 'T', body: 'B' })).code).toBe(40300);
    expect((await t.get(reviewer, PUSH_API.list)).code).toBe(40300);
    await t.db.insert(pushMessage).values({ merchantId: other, configId: otherCfg, title: 'Other', body: 'x', audience: 'all', status: 'sent' });
    const list = await t.get(op, PUSH_API.list, { size: 500 });
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.data.rows.every((r: { merchant_id: number }) => r.merchant_id !== other)).toBe(true);
    const [o] = await t.db.select().from(pushMessage).where(eq(pushMessage.merchantId, other));
    expect((await t.post(op, PUSH_API.cancel, { id: o!.id })).code).toBe(40400);
    expect((await t.post(op, PUSH_API.configEdit, { id: otherCfg, enabled: false })).code).toBe(40400);
    const cfgs = await t.get(op, PUSH_API.configList);
    expect(JSON.stringify(cfgs.data)).not.toContain('push_secret_value');
    expect(cfgs.data.rows.every((r: { merchant_id: number }) => r.merchant_id !== other)).toBe(true);
  });

  it('seeds its demo data once', async () => {
    await seedMessagePushDemo(t.db, () => t.clock.now);
    const n = (await t.db.select({ n: count() }).from(pushMessage))[0]!.n;
    await seedMessagePushDemo(t.db, () => t.clock.now);
    expect((await t.db.select({ n: count() }).from(pushMessage))[0]!.n).toBe(n);
  });
});
