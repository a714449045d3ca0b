import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { merchant } from '../merchant/merchant.table';
import { balances, checkLedger, openUnpostedBalances, post, reverse } from './ledger';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let m: number;
const at = new Date('2026-03-01T00:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  [{ id: m }] = await db.insert(merchant).values({ code: 'LG', name: 'Ledger', currency: 'VND' }).returning({ id: merchant.id });
  await post(db, { merchantId: m, kind: 'balance_increase', businessAt: at, lines: [{ account: 'available', amount: 1_000_000 }, { account: 'equity', amount: -1_000_000 }] });
}, 60_000);
afterAll(async () => database?.drop());

describe('ledger postings', () => {
  it('moves balances by balanced postings and keeps every balance equal to the sum of its entries', async () => {
    await post(db, { merchantId: m, kind: 'disburse_freeze', orderId: 1, businessAt: at, lines: [{ account: 'available', amount: -900_000 }, { account: 'frozen', amount: 900_000 }] });
    await post(db, {
      merchantId: m, kind: 'disburse_success', orderId: 1, businessAt: at,
      lines: [{ account: 'frozen', amount: -900_000 }, { account: 'loan', amount: 1_000_000 }, { account: 'income', amount: -100_000 }],
    });
    const b = await balances(db, m);
    expect(b).toMatchObject({ available: 100_000, frozen: 0, loan: 1_000_000, income: -100_000, equity: -1_000_000 });
    expect(await checkLedger(db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });

  it('refuses an unbalanced posting and writes nothing', async () => {
    const before = await balances(db, m);
    await expect(post(db, { merchantId: m, kind: 'repayment', businessAt: at, lines: [{ account: 'available', amount: 5 }, { account: 'loan', amount: -4 }] })).rejects.toThrow(/unbalanced/);
    expect(await balances(db, m)).toEqual(before);
  });

  it('refuses to take available below zero when asked, leaving balances and entries as they were', async () => {
    const before = await balances(db, m);
    const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) n from ledger_entry`) as any).rows?.[0]?.n ?? (await db.execute(sql`select count(*) n from ledger_entry`) as any)[0].n);
    const entries = await count();
    const err = await post(db, {
      merchantId: m, kind: 'disburse_freeze', businessAt: at, nonNegative: ['available'],
      lines: [{ account: 'available', amount: -200_000 }, { account: 'frozen', amount: 200_000 }],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe(40900);
    expect(await balances(db, m)).toEqual(before);
    expect(await count()).toBe(entries);
  });

  it('reverses a posting once, by a new posting, never by editing', async () => {
    const id = await post(db, { merchantId: m, kind: 'risk_fee', businessAt: at, lines: [{ account: 'available', amount: -1_000 }, { account: 'platform_fee', amount: 1_000 }] });
    const before = await balances(db, m);
    await reverse(db, id, { businessAt: at, memo: 'charged twice' });
    const after = await balances(db, m);
    expect(after.available - before.available).toBe(1_000);
    expect(after.platform_fee - before.platform_fee).toBe(-1_000);
    const again = await reverse(db, id, { businessAt: at }).catch((e) => e);
    expect(again.code).toBe(40900);
    const refusal = (e: any) => String(e?.cause?.message ?? e?.message);
    expect(refusal(await db.execute(sql`update ledger_entry set amount_minor = 0`).catch((e) => e))).toMatch(/append-only/);
    expect(refusal(await db.execute(sql`delete from ledger_posting`).catch((e) => e))).toMatch(/append-only/);
    expect(await checkLedger(db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });

  it('detects a balance changed behind the ledger’s back, and opening postings bring loaded balances into the book', async () => {
    // As the seed's bulk load does: a balance written straight into an account with no entries.
    await db.execute(sql`insert into ledger_account (merchant_id, kind, currency, balance_minor) values (${m}, 'risk', 'VND', 7)`);
    const drift = await checkLedger(db);
    expect(drift.driftedAccounts).toHaveLength(1);
    expect(drift.driftedAccounts[0]).toMatchObject({ balance: 7, entries: 0 });
    const equityBefore = (await balances(db, m)).equity;
    await openUnpostedBalances(db, at);
    expect(await checkLedger(db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
    expect((await balances(db, m)).risk).toBe(7);
    expect((await balances(db, m)).equity).toBe(equityBefore - 7);
  });
});
