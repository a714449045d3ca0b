import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { MERCHANT_MONEY_API as API } from '../../../schemas/merchantMoney';
import { balances, checkLedger, post } from '../ledger/ledger';
import { ledgerPosting } from '../ledger/ledger.table';
import { merchant } from '../merchant/merchant.table';
import { balanceChangeTask } from './merchantMoney.table';

/**
 * 50 concurrent confirmations of one balance-change task post it exactly once — with a key each, with one shared key,
 * and for a decrease racing another decrease for the same money. On PGlite (default) the transactions run one at a
 * time; with DATABASE_URL the same test runs on PostgreSQL, where they really race (npm run test:pg).
 */
const N = 50;
let t: TestApp;
let admin: string;
let op: string;
let main: number;

const confirmAll = (id: number, keys: string[]) =>
  Promise.all(keys.map((k) => t.post(admin, API.confirm, { id, decide_remark: 'checked' }, { 'idempotency-key': k })));
const newKey = () => `c-${crypto.randomUUID()}`;

async function requested(type: 'increase' | 'decrease', amount: number): Promise<number> {
  const r = await t.post(op, API.request, { merchant_id: main, change_type: type, amount, remark: 'race' }, { 'idempotency-key': newKey() });
  expect(r.code, r.msg).toBe(20000);
  return r.data.id;
}
const postingsOf = async (taskId: number) => t.db.select().from(ledgerPosting).where(eq(ledgerPosting.ref, `BC${taskId}`));

beforeAll(async () => {
  t = await createTestApp();
  [admin, op] = await Promise.all([t.login('admin'), t.login('merchant')]);
  [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  await post(t.db, { merchantId: main, kind: 'balance_increase', businessAt: new Date(), lines: [{ account: 'available', amount: 1_000_000 }, { account: 'equity', amount: -1_000_000 }] });
}, 120_000);
afterAll(() => t?.close());

describe('balance-change task confirmations under concurrency', () => {
  it.each([['a key each', false], ['one shared key', true]])('%s: 50 confirmations post once', async (_n, shared) => {
    const before = (await balances(t.db, main)).available;
    const id = await requested('increase', 250_000);
    const k = newKey();
    const res = await confirmAll(id, Array.from({ length: N }, () => (shared ? k : newKey())));
    const ok = res.filter((r) => r.code === 20000);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(res.every((r) => [20000, 40900, 40901].includes(r.code)), JSON.stringify(res.map((r) => r.code))).toBe(true);
    if (!shared) expect(ok).toHaveLength(1);
    expect(await postingsOf(id)).toHaveLength(1);
    expect((await balances(t.db, main)).available).toBe(before + 250_000);
    expect((await t.db.select().from(balanceChangeTask).where(eq(balanceChangeTask.id, id)))[0].status).toBe('posted');
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  }, 120_000);

  it('two decreases racing for the same money: one posts, the available balance never goes negative', async () => {
    const avail = (await balances(t.db, main)).available;
    const a = await requested('decrease', avail - 100);
    const b = await requested('decrease', avail - 100);
    const res = await Promise.all(Array.from({ length: N }, (_, i) =>
      t.post(admin, API.confirm, { id: i % 2 ? a : b, decide_remark: '' }, { 'idempotency-key': newKey() })));
    expect(res.filter((r) => r.code === 20000)).toHaveLength(1);
    expect((await postingsOf(a)).length + (await postingsOf(b)).length).toBe(1);
    expect((await balances(t.db, main)).available).toBe(100);
    expect(await checkLedger(t.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  }, 120_000);
});
