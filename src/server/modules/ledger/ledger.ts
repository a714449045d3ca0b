import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { LEDGER_KINDS, type LedgerKind } from '../../../schemas/merchant';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { ledgerAccount, merchant } from '../merchant/merchant.table';
import { ledgerEntry, ledgerPosting } from './ledger.table';
import { rowsOf } from '../../db/rows';

/** What moved the money (ledger_posting.kind). */
export const LEDGER_POSTING_KINDS = [
  'opening', 'disburse_freeze', 'disburse_release', 'disburse_success', 'reversal', 'risk_fee',
  'repayment', 'reduction', 'extension_fee', 'balance_increase', 'balance_decrease',
  'contract_accrual', 'overdue_accrual', 'refund', 'credit_transfer',
] as const;
export type LedgerPostingKind = (typeof LEDGER_POSTING_KINDS)[number];

export interface PostingLine {
  account: LedgerKind;
  amount: number;
}

export interface PostInput {
  merchantId: number;
  kind: LedgerPostingKind;
  lines: PostingLine[];
  orderId?: number | null;
  ref?: string;
  memo?: string;
  accountId?: number | null;
  businessAt: Date;
  /** Accounts that may not go below zero after this posting (e.g. available on a payout): refused with 40900. */
  nonNegative?: LedgerKind[];
  reversesId?: number | null;
}

/**
 * Writes one balanced posting and moves the balances it touches, inside the caller's transaction (or its own).
 * Refuses unbalanced or empty postings (a programming error, 50000) and, when asked, a balance going negative
 * (ledger.insufficientBalance, 40900), in which case nothing is written.
 */
export async function post(db: DbOrTx, input: PostInput): Promise<number> {
  const lines = checkedLines(input);
  return db.transaction(async (tx) => {
    const accounts = await accountIds(tx, input.merchantId, [...new Set(lines.map((l) => l.account))]);
    // All of the merchant's accounts, locked in id order before any is changed: a transaction that makes several
    // postings (a reversal then a release) then takes its locks in the same order as a concurrent repayment, which
    // would otherwise deadlock with it (found by the money simulation, docs/simulation.md).
    await tx.execute(sql`SELECT id FROM ledger_account WHERE merchant_id = ${input.merchantId} ORDER BY id FOR UPDATE`);
    const [p] = await tx.insert(ledgerPosting).values({
      merchantId: input.merchantId, kind: input.kind, orderId: input.orderId ?? null, ref: input.ref ?? '', memo: (input.memo ?? '').slice(0, 200),
      accountId: input.accountId ?? null, businessAt: input.businessAt, reversesId: input.reversesId ?? null,
    }).returning({ id: ledgerPosting.id });
    await tx.insert(ledgerEntry).values(lines.map((l) => ({
      postingId: p.id, ledgerAccountId: accounts.get(l.account)!, orderId: input.orderId ?? null, amountMinor: l.amount,
    })));
    // One UPDATE per account in a fixed order (by id), so that two postings on the same accounts cannot deadlock.
    const byAccount = new Map<LedgerKind, number>();
    for (const l of lines) byAccount.set(l.account, (byAccount.get(l.account) ?? 0) + l.amount);
    const ordered = [...byAccount.entries()].sort((a, b) => accounts.get(a[0])! - accounts.get(b[0])!);
    for (const [kind, amount] of ordered) {
      const [row] = await tx.update(ledgerAccount)
        .set({ balanceMinor: sql`${ledgerAccount.balanceMinor} + ${amount}`, updatedAt: sql`now()` })
        .where(eq(ledgerAccount.id, accounts.get(kind)!))
        .returning({ balance: ledgerAccount.balanceMinor });
      if (input.nonNegative?.includes(kind) && row.balance < 0) {
        throw new AppError(CODE.CONFLICT, 'ledger.insufficientBalance', { account: `@ledger.kind.${kind}` });
      }
    }
    return p.id;
  });
}

/** The lines of a posting as `post` writes them, or the refusal `post` throws (programming errors). */
function checkedLines(input: PostInput): PostingLine[] {
  const lines = input.lines.filter((l) => l.amount !== 0);
  if (lines.length === 0) throw new Error('empty posting');
  for (const l of lines) if (!Number.isSafeInteger(l.amount)) throw new Error(`posting amount ${l.amount} is not an integer`);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new Error(`unbalanced posting ${input.kind}: ${sum}`);
  return lines;
}

/**
 * `post` for many postings at once (the end of day): the same checks — every posting balanced, non-empty, integer,
 * all of them checked before anything is written — the same locks (each merchant's accounts in id order, merchants
 * in id order), and the same rows, written with one insert of the postings, one of their entries and one balance
 * update per merchant. `nonNegative` is checked posting by posting on the running balances, as consecutive `post`
 * calls would. Postings stay append-only (the ledger triggers). Returns the posting ids in the order given.
 */
export async function postMany(db: DbOrTx, inputs: readonly PostInput[]): Promise<number[]> {
  if (!inputs.length) return [];
  const checked = inputs.map((input) => ({ input, lines: checkedLines(input) }));
  return db.transaction(async (tx) => {
    const merchants = [...new Set(inputs.map((i) => i.merchantId))].sort((a, b) => a - b);
    const accountsOf = new Map<number, Map<LedgerKind, number>>();
    const balance = new Map<number, number>();
    for (const m of merchants) {
      const kinds = [...new Set(checked.filter((c) => c.input.merchantId === m).flatMap((c) => c.lines.map((l) => l.account)))];
      accountsOf.set(m, await accountIds(tx, m, kinds));
      const locked = rowsOf<{ id: number; balance_minor: number | string }>(await tx.execute(
        sql`SELECT id, balance_minor FROM ledger_account WHERE merchant_id = ${m} ORDER BY id FOR UPDATE`));
      for (const r of locked) balance.set(Number(r.id), Number(r.balance_minor));
    }
    // Ids taken from the sequence up front, ascending in the order given, so that entries can name their posting.
    const ids = rowsOf<{ id: number | string }>(await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('ledger_posting', 'id')) AS id FROM generate_series(1, ${inputs.length})`))
      .map((r) => Number(r.id)).sort((a, b) => a - b);
    const postings: Record<string, unknown>[] = [];
    const entries: Record<string, unknown>[] = [];
    checked.forEach(({ input, lines }, n) => {
      const accounts = accountsOf.get(input.merchantId)!;
      postings.push({
        n, id: ids[n], merchant_id: input.merchantId, kind: input.kind, order_id: input.orderId ?? null, ref: input.ref ?? '',
        memo: (input.memo ?? '').slice(0, 200), account_id: input.accountId ?? null, business_at: input.businessAt.toISOString(), reverses_id: input.reversesId ?? null,
      });
      for (const l of lines) {
        const account = accounts.get(l.account)!;
        entries.push({ n: entries.length, posting_id: ids[n], ledger_account_id: account, order_id: input.orderId ?? null, amount_minor: l.amount });
        balance.set(account, balance.get(account)! + l.amount);
      }
      for (const kind of input.nonNegative ?? []) {
        const account = accounts.get(kind);
        if (account !== undefined && lines.some((l) => l.account === kind) && balance.get(account)! < 0) {
          throw new AppError(CODE.CONFLICT, 'ledger.insufficientBalance', { account: `@ledger.kind.${kind}` });
        }
      }
    });
    await tx.execute(sql`
      INSERT INTO ledger_posting (id, merchant_id, kind, order_id, ref, memo, account_id, business_at, reverses_id)
      SELECT id, merchant_id, kind, order_id, ref, memo, account_id, business_at, reverses_id
      FROM jsonb_to_recordset(${JSON.stringify(postings)}::jsonb) AS v(n integer, id bigint, merchant_id integer, kind varchar, order_id bigint,
        ref varchar, memo varchar, account_id integer, business_at timestamptz, reverses_id bigint)
      ORDER BY n`);
    await tx.execute(sql`
      INSERT INTO ledger_entry (posting_id, ledger_account_id, order_id, amount_minor)
      SELECT posting_id, ledger_account_id, order_id, amount_minor
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS v(n integer, posting_id bigint, ledger_account_id integer, order_id bigint, amount_minor bigint)
      ORDER BY n`);
    // The accounts' new balances in one statement (their rows are locked already, so no lock order to keep here).
    const moved = new Map<number, number>();
    for (const e of entries) moved.set(e.ledger_account_id as number, (moved.get(e.ledger_account_id as number) ?? 0) + (e.amount_minor as number));
    const deltas = [...moved].map(([id, amount]) => ({ id, amount }));
    await tx.execute(sql`
      UPDATE ledger_account a SET balance_minor = a.balance_minor + v.amount, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) AS v(id integer, amount bigint) WHERE a.id = v.id`);
    return ids;
  });
}

/** A posting that undoes `postingId` (every amount negated). A posting is reversed at most once (40900 after). */
export async function reverse(db: DbOrTx, postingId: number, opts: { accountId?: number | null; memo?: string; businessAt: Date; nonNegative?: LedgerKind[] }): Promise<number> {
  return db.transaction(async (tx) => {
    const [orig] = await tx.select().from(ledgerPosting).where(eq(ledgerPosting.id, postingId));
    if (!orig) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `posting ${postingId}` });
    const [done] = await tx.select({ id: ledgerPosting.id }).from(ledgerPosting).where(eq(ledgerPosting.reversesId, postingId));
    if (done) throw new AppError(CODE.CONFLICT, 'ledger.alreadyReversed');
    const entries = await tx.select({ amount: ledgerEntry.amountMinor, kind: ledgerAccount.kind })
      .from(ledgerEntry).innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.ledgerAccountId))
      .where(eq(ledgerEntry.postingId, postingId));
    return post(tx, {
      merchantId: orig.merchantId, kind: 'reversal', orderId: orig.orderId, ref: orig.ref, reversesId: orig.id,
      memo: opts.memo ?? `reversal of ${orig.kind}`, accountId: opts.accountId, businessAt: opts.businessAt,
      lines: entries.map((e) => ({ account: e.kind as LedgerKind, amount: -e.amount })), nonNegative: opts.nonNegative,
    });
  });
}

/** The merchant's ledger account ids by kind, creating the missing ones in the merchant's currency. */
async function accountIds(tx: DbOrTx, merchantId: number, kinds: LedgerKind[]): Promise<Map<LedgerKind, number>> {
  const found = await tx.select({ id: ledgerAccount.id, kind: ledgerAccount.kind }).from(ledgerAccount)
    .where(and(eq(ledgerAccount.merchantId, merchantId), inArray(ledgerAccount.kind, kinds)));
  const out = new Map(found.map((r) => [r.kind as LedgerKind, r.id]));
  const missing = kinds.filter((k) => !out.has(k));
  if (missing.length) {
    const [m] = await tx.select({ currency: merchant.currency }).from(merchant).where(eq(merchant.id, merchantId));
    if (!m) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `merchant ${merchantId}` });
    await tx.insert(ledgerAccount).values(missing.map((kind) => ({ merchantId, kind, currency: m.currency, balanceMinor: 0 })))
      .onConflictDoNothing();
    const again = await tx.select({ id: ledgerAccount.id, kind: ledgerAccount.kind }).from(ledgerAccount)
      .where(and(eq(ledgerAccount.merchantId, merchantId), inArray(ledgerAccount.kind, missing)));
    for (const r of again) out.set(r.kind as LedgerKind, r.id);
  }
  return out;
}

/** A merchant's balances by kind (0 for accounts not opened yet). */
export async function balances(db: DbOrTx, merchantId: number): Promise<Record<LedgerKind, number>> {
  const rows = await db.select({ kind: ledgerAccount.kind, balance: ledgerAccount.balanceMinor }).from(ledgerAccount).where(eq(ledgerAccount.merchantId, merchantId));
  const out = Object.fromEntries(LEDGER_KINDS.map((k) => [k, 0])) as Record<LedgerKind, number>;
  for (const r of rows) out[r.kind as LedgerKind] = r.balance;
  return out;
}

export interface LedgerCheck {
  /** Postings whose entries do not sum to zero. */
  unbalancedPostings: number[];
  /** Accounts whose balance differs from the sum of their entries. */
  driftedAccounts: { id: number; balance: number; entries: number }[];
}

/** The ledger's two invariants, checked over the whole book (tests, and the reconciliation job). */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const unbalanced = await db.execute<{ posting_id: string }>(sql`
    SELECT posting_id FROM ledger_entry GROUP BY posting_id HAVING sum(amount_minor) <> 0`);
  const drifted = await db.execute<{ id: number; balance: string; entries: string }>(sql`
    SELECT a.id, a.balance_minor AS balance, coalesce(e.total, 0) AS entries
    FROM ledger_account a LEFT JOIN (SELECT ledger_account_id, sum(amount_minor) AS total FROM ledger_entry GROUP BY ledger_account_id) e
      ON e.ledger_account_id = a.id
    WHERE a.balance_minor <> coalesce(e.total, 0)`);
  return {
    unbalancedPostings: rowsOf<{ posting_id: string }>(unbalanced).map((r) => Number(r.posting_id)),
    driftedAccounts: rowsOf<{ id: number; balance: string; entries: string }>(drifted).map((r) => ({ id: Number(r.id), balance: Number(r.balance), entries: Number(r.entries) })),
  };
}

/**
 * Opening postings for balances that were loaded without entries (the seed's bulk load): each such account gets
 * an entry for its balance and equity the other side, so the book balances from the first day.
 */
export async function openUnpostedBalances(db: DbOrTx, businessAt: Date): Promise<void> {
  await db.execute(sql`
    WITH need AS (
      SELECT a.merchant_id, a.id, a.kind, a.balance_minor - coalesce((SELECT sum(e.amount_minor) FROM ledger_entry e WHERE e.ledger_account_id = a.id), 0) AS gap
      FROM ledger_account a WHERE a.kind <> 'equity'
    ), merchants AS (
      SELECT merchant_id, sum(gap) AS total FROM need WHERE gap <> 0 GROUP BY merchant_id
    ), postings AS (
      INSERT INTO ledger_posting (merchant_id, kind, memo, business_at)
      SELECT merchant_id, 'opening', 'opening balances', ${businessAt.toISOString()}::timestamptz FROM merchants
      RETURNING id, merchant_id
    )
    INSERT INTO ledger_entry (posting_id, ledger_account_id, amount_minor)
    SELECT p.id, n.id, n.gap FROM postings p JOIN need n ON n.merchant_id = p.merchant_id WHERE n.gap <> 0`);
  // Equity takes the other side; created where missing.
  await db.execute(sql`
    INSERT INTO ledger_account (merchant_id, kind, currency, balance_minor)
    SELECT m.id, 'equity', m.currency, 0 FROM merchant m
    WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.merchant_id = m.id AND a.kind = 'equity')`);
  await db.execute(sql`
    WITH gaps AS (
      SELECT p.id AS posting_id, p.merchant_id, -sum(e.amount_minor) AS amount
      FROM ledger_posting p JOIN ledger_entry e ON e.posting_id = p.id
      WHERE p.kind = 'opening' GROUP BY p.id, p.merchant_id HAVING sum(e.amount_minor) <> 0
    )
    INSERT INTO ledger_entry (posting_id, ledger_account_id, amount_minor)
    SELECT g.posting_id, a.id, g.amount FROM gaps g JOIN ledger_account a ON a.merchant_id = g.merchant_id AND a.kind = 'equity'`);
  await db.execute(sql`
    UPDATE ledger_account a SET balance_minor = s.total, updated_at = now()
    FROM (SELECT ledger_account_id, sum(amount_minor) AS total FROM ledger_entry GROUP BY ledger_account_id) s
    WHERE s.ledger_account_id = a.id AND a.kind = 'equity' AND a.balance_minor <> s.total`);
}
