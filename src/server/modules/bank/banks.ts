import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  BIN_IMPORT_COLUMNS, BIN_IMPORT_MAX_ROWS, CARD_TYPES, type bankAddBody, type bankEditBody, type binAddBody, type binEditBody,
  type BinImportRefusal, type BinImportReport, type CardType,
} from '../../../schemas/bank';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { readSheet, SheetError } from '../blacklist/sheet';
import { bank } from '../client/client.table';
import { isUniqueViolation } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { bankBin } from './bank.table';
import { marketInScope } from './scope';

/**
 * Writes of /system/bank (docs/bank.md): banks (add, edit, enable, disable) and their BINs (add, edit, remove, import a
 * file with a per-row report). Each write runs in one transaction with its operation-log row and re-mirrors the enabled
 * prefixes of the banks it touched into `bank.bins` (what the bank auto-match list reads).
 */

export interface BankCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

type BankRecord = typeof bank.$inferSelect;
type BinRecord = typeof bankBin.$inferSelect;

const issue = (code: number, id: string, path: string, values: Record<string, string | number> = {}) =>
  new AppError(code, id, values, 200, [{ path, id, values }]);
const notFound = (what: 'bank' | 'bin', path = 'id') =>
  new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@bank.what.${what}` }, 200, [{ path, id: 'error.notFound', values: {} }]);

const bankView = (b: BankRecord) => ({ id: b.id, market: b.market, code: b.code, name: b.name, enabled: b.enabled, sort: b.sort, bins: b.bins });
const binView = (b: BinRecord) => ({
  id: b.id, bank_id: b.bankId, market: b.market, prefix: b.prefix, card_type: b.cardType, enabled: b.enabled, updated_at: b.updatedAt.toISOString(),
});

/** A bank of a market the actor manages (40400 otherwise, like a missing one), locked when in a transaction that writes. */
async function scopedBank(db: DbOrTx, actor: Actor, id: number, path = 'id', lock = false): Promise<BankRecord> {
  const q = db.select().from(bank).where(eq(bank.id, id));
  const [b] = lock ? await q.for('update') : await q;
  if (!b || !(await marketInScope(db, actor, b.market))) throw notFound('bank', path);
  return b;
}

async function scopedBin(db: DbOrTx, actor: Actor, id: number): Promise<BinRecord> {
  const [b] = await db.select().from(bankBin).where(eq(bankBin.id, id)).for('update');
  if (!b || !(await marketInScope(db, actor, b.market))) throw notFound('bin');
  return b;
}

/** `bank.bins` = the bank's enabled prefixes, so the auto-match list and intake's card binding agree with this screen. */
export async function mirrorBins(tx: DbOrTx, bankIds: readonly number[]): Promise<void> {
  const ids = [...new Set(bankIds)];
  if (!ids.length) return;
  await tx.update(bank).set({
    bins: sql`coalesce((select array_agg(p.prefix order by p.prefix) from ${bankBin} p where p.bank_id = ${bank.id} and p.enabled), '{}'::text[])`,
  }).where(inArray(bank.id, ids));
}

const codeTaken = (code: string) => issue(CODE.CONFLICT, 'bank.codeTaken', 'code', { code });

export async function addBank(ctx: BankCtx, body: z.infer<typeof bankAddBody>) {
  const { deps, req, actor } = ctx;
  if (!(await marketInScope(deps.db, actor, body.market))) throw issue(CODE.NOT_FOUND, 'error.notFound', 'market', { what: '@bank.what.market' });
  try {
    return await deps.db.transaction(async (tx) => {
      const [b] = await tx.insert(bank).values({ market: body.market, code: body.code, name: body.name, enabled: body.enabled, sort: body.sort })
        .onConflictDoNothing().returning();
      if (!b) throw codeTaken(body.code);
      await writeOpLog(tx, req, { action: 'system.bank.add', targetType: 'bank', targetId: b.id, after: bankView(b) });
      return bankView(b);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(body.code);
    throw e;
  }
}

/** Changing a bank's market moves its BINs with it; a BIN that the new market already gives to another bank refuses the move. */
export async function editBank(ctx: BankCtx, body: z.infer<typeof bankEditBody>) {
  const { deps, req, actor } = ctx;
  if (!(await marketInScope(deps.db, actor, body.market))) throw issue(CODE.NOT_FOUND, 'error.notFound', 'market', { what: '@bank.what.market' });
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await scopedBank(tx, actor, body.id, 'id', true);
      const [same] = await tx.select({ id: bank.id }).from(bank).where(and(eq(bank.market, body.market), eq(bank.code, body.code)));
      if (same && same.id !== before.id) throw codeTaken(body.code);
      const [b] = await tx.update(bank).set({ market: body.market, code: body.code, name: body.name, enabled: body.enabled, sort: body.sort })
        .where(eq(bank.id, before.id)).returning();
      if (before.market !== b.market) await tx.update(bankBin).set({ market: b.market, updatedAt: deps.now() }).where(eq(bankBin.bankId, b.id));
      await writeOpLog(tx, req, { action: 'system.bank.edit', targetType: 'bank', targetId: b.id, before: bankView(before), after: bankView(b) });
      return bankView(b);
    });
  } catch (e) {
    if (isUniqueViolation(e, 'bank_bin_market_prefix_uq')) throw issue(CODE.CONFLICT, 'bank.binsClash', 'market');
    if (isUniqueViolation(e)) throw codeTaken(body.code);
    throw e;
  }
}

/** Enables or disables banks (bulk); every id must be a bank the actor manages, else nothing changes. */
export async function setBanksEnabled(ctx: BankCtx, ids: number[], enabled: boolean) {
  const { deps, req, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const rows: BankRecord[] = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) rows.push(await scopedBank(tx, actor, id, 'ids', true));
    await tx.update(bank).set({ enabled }).where(inArray(bank.id, rows.map((r) => r.id)));
    await writeOpLog(tx, req, {
      action: enabled ? 'system.bank.enable' : 'system.bank.disable', targetType: 'bank', targetId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, enabled: r.enabled })), after: { enabled },
    });
    return { changed: rows.filter((r) => r.enabled !== enabled).length };
  });
}

const prefixTaken = (prefix: string) => issue(CODE.CONFLICT, 'bank.prefixTaken', 'prefix', { prefix });

export async function addBin(ctx: BankCtx, body: z.infer<typeof binAddBody>) {
  const { deps, req, actor } = ctx;
  const b = await scopedBank(deps.db, actor, body.bank_id, 'bank_id');
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [row] = await tx.insert(bankBin).values({
        bankId: b.id, market: b.market, prefix: body.prefix, cardType: body.card_type, enabled: body.enabled, createdBy: actor.accountId, createdAt: now, updatedAt: now,
      }).onConflictDoNothing().returning();
      if (!row) throw prefixTaken(body.prefix);
      await mirrorBins(tx, [b.id]);
      await writeOpLog(tx, req, { action: 'system.bank.binAdd', targetType: 'bank_bin', targetId: row.id, after: binView(row) });
      return binView(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw prefixTaken(body.prefix);
    throw e;
  }
}

export async function editBin(ctx: BankCtx, body: z.infer<typeof binEditBody>) {
  const { deps, req, actor } = ctx;
  const target = await scopedBank(deps.db, actor, body.bank_id, 'bank_id');
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await scopedBin(tx, actor, body.id);
      const [row] = await tx.update(bankBin).set({
        bankId: target.id, market: target.market, prefix: body.prefix, cardType: body.card_type, enabled: body.enabled, updatedAt: deps.now(),
      }).where(eq(bankBin.id, before.id)).returning();
      await mirrorBins(tx, [before.bankId, target.id]);
      await writeOpLog(tx, req, { action: 'system.bank.binEdit', targetType: 'bank_bin', targetId: row.id, before: binView(before), after: binView(row) });
      return binView(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw prefixTaken(body.prefix);
    throw e;
  }
}

export async function removeBin(ctx: BankCtx, id: number) {
  const { deps, req, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const before = await scopedBin(tx, actor, id);
    await tx.delete(bankBin).where(eq(bankBin.id, id));
    await mirrorBins(tx, [before.bankId]);
    await writeOpLog(tx, req, { action: 'system.bank.binDel', targetType: 'bank_bin', targetId: id, before: binView(before) });
    return { id };
  });
}

// ------------------------------------------------------------------------------------------------ import

const TRUE = new Set(['', '1', 'true', 'yes', 'y', 'enabled']);
const FALSE = new Set(['0', 'false', 'no', 'n', 'disabled']);

interface Candidate { line: number; prefix: string; bankId: number; cardType: CardType; enabled: boolean }

/**
 * Imports BINs of one market from a CSV or XLSX file (columns BIN_IMPORT_COLUMNS). A file that is not such a table is
 * refused whole (40000, nothing written). Otherwise each row is checked — a 6–8 digit prefix, a bank code of the
 * market, a card type, an enabled flag, not a repeat of an earlier row — and the good rows are written in one
 * transaction: a new prefix is added, a prefix the market already has is updated to the row's bank and type. The answer
 * lists every refused row with its row number and the reason (a message id the console words in the user's language).
 */
export async function importBins(ctx: BankCtx, market: string, buf: Buffer): Promise<BinImportReport> {
  const { deps, req, actor } = ctx;
  if (!(await marketInScope(deps.db, actor, market))) throw issue(CODE.NOT_FOUND, 'error.notFound', 'market', { what: '@bank.what.market' });
  let sheet;
  try {
    sheet = await readSheet(buf, BIN_IMPORT_COLUMNS, ['prefix', 'bank_code'], BIN_IMPORT_MAX_ROWS);
  } catch (e) {
    if (e instanceof SheetError) throw issue(CODE.VALIDATION, e.messageId, 'file', e.values);
    throw e;
  }
  const banks = new Map((await deps.db.select({ id: bank.id, code: bank.code }).from(bank).where(eq(bank.market, market))).map((b) => [b.code, b.id]));
  const refused: BinImportRefusal[] = [];
  const refuse = (row: number, prefix: string, id: string, values: Record<string, string | number> = {}) => refused.push({ row, prefix: prefix.slice(0, 32), id, values });
  const seen = new Map<string, number>();
  const ok: Candidate[] = [];
  for (const { line, cells } of sheet.rows) {
    const prefix = (cells.prefix ?? '').replace(/[\s-]/g, '');
    if (!/^\d{6,8}$/.test(prefix)) { refuse(line, cells.prefix ?? '', 'bank.validation.prefix'); continue; }
    const code = (cells.bank_code ?? '').toUpperCase();
    const bankId = banks.get(code);
    if (!bankId) { refuse(line, prefix, 'bank.import.unknownBank', { code: code.slice(0, 20) }); continue; }
    const type = (cells.card_type || 'debit').toLowerCase();
    if (!(CARD_TYPES as readonly string[]).includes(type)) { refuse(line, prefix, 'bank.import.badCardType', { value: type.slice(0, 20) }); continue; }
    const flag = (cells.enabled ?? '').toLowerCase();
    if (!TRUE.has(flag) && !FALSE.has(flag)) { refuse(line, prefix, 'bank.import.badEnabled', { value: flag.slice(0, 20) }); continue; }
    const first = seen.get(prefix);
    if (first !== undefined) { refuse(line, prefix, 'bank.import.duplicateRow', { row: first }); continue; }
    seen.set(prefix, line);
    ok.push({ line, prefix, bankId, cardType: type as CardType, enabled: TRUE.has(flag) });
  }
  // One order for every import, so two overlapping imports wait for each other instead of deadlocking.
  ok.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const existing = new Map<string, BinRecord>();
    for (let i = 0; i < ok.length; i += 1000) {
      const rows = await tx.select().from(bankBin).where(and(eq(bankBin.market, market), inArray(bankBin.prefix, ok.slice(i, i + 1000).map((c) => c.prefix)))).for('update');
      for (const r of rows) existing.set(r.prefix, r);
    }
    let added = 0;
    let updated = 0;
    const touched = new Set<number>();
    for (let i = 0; i < ok.length; i += 1000) {
      const part = ok.slice(i, i + 1000);
      const fresh = part.filter((c) => !existing.has(c.prefix));
      if (fresh.length) {
        const rows = await tx.insert(bankBin).values(fresh.map((c) => ({
          bankId: c.bankId, market, prefix: c.prefix, cardType: c.cardType, enabled: c.enabled, createdBy: actor.accountId, createdAt: now, updatedAt: now,
        }))).onConflictDoNothing().returning({ prefix: bankBin.prefix });
        const landed = new Set(rows.map((r) => r.prefix));
        for (const c of fresh) {
          if (landed.has(c.prefix)) { added++; touched.add(c.bankId); } else refuse(c.line, c.prefix, 'bank.prefixTaken', { prefix: c.prefix });
        }
      }
      for (const c of part.filter((x) => existing.has(x.prefix))) {
        const was = existing.get(c.prefix)!;
        if (was.bankId === c.bankId && was.cardType === c.cardType && was.enabled === c.enabled) continue;
        await tx.update(bankBin).set({ bankId: c.bankId, cardType: c.cardType, enabled: c.enabled, updatedAt: now }).where(eq(bankBin.id, was.id));
        touched.add(was.bankId);
        touched.add(c.bankId);
        updated++;
      }
    }
    await mirrorBins(tx, [...touched]);
    refused.sort((a, b) => a.row - b.row);
    const report: BinImportReport = { rows: sheet.rows.length, added, updated, refused };
    await writeOpLog(tx, req, { action: 'system.bank.import', targetType: 'market', targetId: market, after: { rows: report.rows, added, updated, refused: refused.length } });
    return report;
  });
}

/** Banks of the markets the actor manages, for the BIN dialogs' bank picker. */
export async function bankOptions(db: DbOrTx, markets: string[] | null) {
  return db.select({ id: bank.id, market: bank.market, code: bank.code, name: bank.name, enabled: bank.enabled }).from(bank)
    .where(markets === null ? undefined : markets.length ? inArray(bank.market, markets) : sql`false`)
    .orderBy(asc(bank.market), asc(bank.sort), asc(bank.name)).limit(2000);
}
