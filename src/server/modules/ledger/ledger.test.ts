import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { merchant } from '../merchant/merchant.table';
import { balances, checkLedger, openUnpostedBalances, post, postMany, reverse } from './ledger';

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

  it('postMany: the same balances, postings and entries as one post each, ids in the order given', async () => {
    const inputs = [1, 2, 3].map((d) => ({
      merchantId: m, kind: 'overdue_accrual' as const, orderId: 77, ref: `LG77:2026-03-0${d}`, memo: `overdue day ${d}`, businessAt: at,
      lines: [{ account: 'receivable' as const, amount: 1_000 * d }, { account: 'income' as const, amount: -1_000 * d }],
    }));
    const before = await balances(db, m);
    const ids = await postMany(db, inputs);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const after = await balances(db, m);
    expect(after.receivable - before.receivable).toBe(6_000);
    expect(after.income - before.income).toBe(-6_000);
    const rows = await db.execute(sql`select p.id, p.ref, p.memo, p.order_id, sum(e.amount_minor) filter (where e.amount_minor > 0) as debit, count(e.id) as n
      from ledger_posting p join ledger_entry e on e.posting_id = p.id where p.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) group by p.id order by p.id`);
    const got = ((rows as any).rows ?? rows).map((r: any) => [Number(r.id), r.ref, r.memo, Number(r.order_id), Number(r.debit), Number(r.n)]);
    expect(got).toEqual(inputs.map((p, i) => [ids[i], p.ref, p.memo, 77, 1_000 * (i + 1), 2]));
    expect(await postMany(db, [])).toEqual([]);
    expect(await checkLedger(db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });

  it('postMany refuses the whole set when one posting is unbalanced, or when a running balance would go negative, writing nothing', async () => {
    const before = await balances(db, m);
    const good = { merchantId: m, kind: 'risk_fee' as const, businessAt: at, lines: [{ account: 'available' as const, amount: -10 }, { account: 'platform_fee' as const, amount: 10 }] };
    await expect(postMany(db, [good, { ...good, lines: [{ account: 'available', amount: -10 }, { account: 'platform_fee', amount: 9 }] }])).rejects.toThrow(/unbalanced/);
    await expect(postMany(db, [good, { ...good, lines: [{ account: 'available', amount: 0 }] }])).rejects.toThrow(/empty/);
    // The second posting alone would leave available ≥ 0 only if the first had not run: checked in order, as two posts.
    const all = before.available;
    const err = await postMany(db, [
      { ...good, nonNegative: ['available'], lines: [{ account: 'available', amount: -(all - 5) }, { account: 'platform_fee', amount: all - 5 }] },
      { ...good, nonNegative: ['available'], lines: [{ account: 'available', amount: -10 }, { account: 'platform_fee', amount: 10 }] },
    ]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe(40900);
    expect(await balances(db, m)).toEqual(before);
    expect(await checkLedger(db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
  });
});
