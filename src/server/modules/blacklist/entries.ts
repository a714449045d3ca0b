import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  BLACKLIST_REASON_DICT, BLACKLIST_SOURCES, BLACKLIST_TYPES, IMPORT_COLUMNS, IMPORT_MAX_ROWS,
  type BlacklistAddBody, type BlacklistSource, type BlacklistType, type ImportRefusal, type ImportReport,
} from '../../../schemas/blacklist';
import { CODE } from '../../../schemas/common';
import { MARKETS, marketTimeZone, type Market } from '../../../schemas/merchant';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { dictItem } from '../system/system.table';
import { blacklistEntry } from './blacklist.table';
import { normaliseIdentifier } from './identity';
import { customersOfEntries, refreshFlags } from './match';
import { readSheet, SheetError } from './sheet';

/**
 * Writes of the internal blacklist (docs/blacklist.md): add one, import many, expire immediately (spec §4), remove.
 * Each runs in one transaction with the operation-log row and the flags of the customers it concerns, so a customer
 * is never left flagged by an entry that is gone, nor unflagged next to a live one.
 */

export interface BlCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

type Entry = typeof blacklistEntry.$inferSelect;
interface MerchantRow { id: number; market: Market }

const issue = (code: number, messageId: string, path: string, values: Record<string, string | number> = {}) =>
  new AppError(code, messageId, values, 200, [{ path, id: messageId, values }]);
const notFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@blacklist.what.entry' });
export const inScope = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

/** A merchant the actor works for (40400 otherwise: another merchant's list does not exist for it), with its market. */
export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number): Promise<MerchantRow> {
  const [m] = await db.select({ id: merchant.id, market: merchant.market }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !inScope(actor, merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@blacklist.what.merchant' }, 200, [{ path: 'merchant_id', id: 'error.notFound', values: {} }]);
  return { id: m.id, market: ((MARKETS as readonly string[]).includes(m.market) ? m.market : 'vn') as Market };
}

/** An entry in the actor's merchants, locked for the write; 40400 for anyone else's. */
async function scopedEntry(tx: DbOrTx, actor: Actor, id: number): Promise<Entry> {
  const [row] = await tx.select().from(blacklistEntry).where(eq(blacklistEntry.id, id)).for('update');
  if (!row || !inScope(actor, row.merchantId)) throw notFound();
  return row;
}

export const entryView = (e: Entry) => ({
  id: e.id, merchant_id: e.merchantId, type: e.type, value: e.normValue, level: e.level, reason: e.reason, source: e.source, remark: e.remark,
  created_by: e.createdBy, created_at: e.createdAt.toISOString(), expires_at: e.expiresAt?.toISOString() ?? null,
  expired_at: e.expiredAt?.toISOString() ?? null,
});

/** The reasons of the dictionary (enabled items' values). */
async function reasonValues(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ value: dictItem.value }).from(dictItem).where(and(eq(dictItem.dictName, BLACKLIST_REASON_DICT), eq(dictItem.enabled, true)));
  return new Set(rows.map((r) => r.value));
}

/** An expiry as sent (a day: the end of that day in the merchant's market; a time without zone: that market's). */
async function expiryOf(db: DbOrTx, raw: string | undefined, market: Market): Promise<Date | null> {
  if (!raw) return null;
  const tz = marketTimeZone(market);
  const q = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? sql`((${raw}::date + 1)::timestamp at time zone ${tz})`
    : /(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? sql`${raw}::timestamptz` : sql`(${raw.replace(' ', 'T')}::timestamp at time zone ${tz})`;
  const [r] = rowsOf<{ t: string | Date }>(await db.execute(sql`select ${q} as t`));
  return new Date(r.t);
}

/**
 * Closes entries of these keys whose expiry passed but that the job has not closed yet, so that the open-entry unique
 * index refuses only people who are really still listed.
 */
async function closePassed(tx: DbOrTx, merchantId: number, keys: Array<{ type: string; value: string }>, now: Date): Promise<void> {
  if (!keys.length) return;
  await tx.execute(sql`update ${blacklistEntry} set expired_at = expires_at
    where merchant_id = ${merchantId} and expired_at is null and expires_at <= ${now.toISOString()}::timestamptz
    and (type || ':' || norm_value) = any(${`{${keys.map((k) => `"${`${k.type}:${k.value}`.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`);
}

const alreadyListed = (type: string) => issue(CODE.CONFLICT, 'blacklist.alreadyListed', 'value', { type: `@blacklist.type.${type}` });

export async function addEntry(ctx: BlCtx, body: BlacklistAddBody) {
  const { deps, req, actor } = ctx;
  const m = await scopedMerchant(deps.db, actor, body.merchant_id);
  const norm = normaliseIdentifier(body.type, m.market, body.value);
  if (!norm.ok) throw issue(CODE.VALIDATION, norm.id, 'value');
  if (!(await reasonValues(deps.db)).has(body.reason)) throw issue(CODE.VALIDATION, 'blacklist.unknownReason', 'reason');
  const now = deps.now();
  const expiresAt = await expiryOf(deps.db, body.expires_at, m.market).catch(() => {
    throw issue(CODE.VALIDATION, 'blacklist.badExpiry', 'expires_at');
  });
  if (expiresAt && expiresAt <= now) throw issue(CODE.VALIDATION, 'blacklist.expiryPast', 'expires_at');
  try {
    return await deps.db.transaction(async (tx) => {
      await closePassed(tx, m.id, [{ type: body.type, value: norm.value }], now);
      // ON CONFLICT on the partial index: a concurrent add of the same person waits for the other and then finds it.
      const [row] = await tx.insert(blacklistEntry).values({
        merchantId: m.id, type: body.type, normValue: norm.value, level: body.level, reason: body.reason, source: body.source,
        remark: body.remark, createdBy: actor.accountId, createdAt: now, expiresAt,
      }).onConflictDoNothing({ target: [blacklistEntry.merchantId, blacklistEntry.type, blacklistEntry.normValue], where: sql`expired_at is null` }).returning();
      if (!row) throw alreadyListed(body.type);
      const flagged = await refreshFlags(tx, await customersOfEntries(tx, blacklistEntry, [row.id]), now);
      await writeOpLog(tx, req, { action: 'client.blackList.add', targetType: 'blacklist_entry', targetId: row.id, after: { ...entryView(row), customers_flagged: flagged.length } });
      return { ...entryView(row), customers_flagged: flagged.length };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'blacklist_entry_open_uq')) throw alreadyListed(body.type);
    throw e;
  }
}

/** Spec §4 "expire a blacklist entry immediately": it stops being in force now and stays listed as expired. */
export async function expireEntry(ctx: BlCtx, id: number) {
  const { deps, req, actor } = ctx;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await scopedEntry(tx, actor, id);
    if (before.expiredAt || (before.expiresAt && before.expiresAt <= now)) throw issue(CODE.INVALID_TRANSITION, 'blacklist.notLive', 'id');
    const [row] = await tx.update(blacklistEntry).set({ expiredAt: now, expiredBy: actor.accountId }).where(eq(blacklistEntry.id, id)).returning();
    const cleared = await refreshFlags(tx, await customersOfEntries(tx, blacklistEntry, [id]), now);
    await writeOpLog(tx, req, { action: 'client.blackList.expire', targetType: 'blacklist_entry', targetId: id, before: entryView(before), after: entryView(row) });
    return { ...entryView(row), customers_changed: cleared.length };
  });
}

/** Removes an entry entered by mistake (the operation log keeps what it was). */
export async function removeEntry(ctx: BlCtx, id: number) {
  const { deps, req, actor } = ctx;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await scopedEntry(tx, actor, id);
    const customers = await customersOfEntries(tx, blacklistEntry, [id]);
    await tx.delete(blacklistEntry).where(eq(blacklistEntry.id, id));
    const changed = await refreshFlags(tx, customers, now);
    await writeOpLog(tx, req, { action: 'client.blackList.del', targetType: 'blacklist_entry', targetId: id, before: entryView(before) });
    return { id, customers_changed: changed.length };
  });
}

// ------------------------------------------------------------------------------------------------ import

interface Candidate {
  line: number;
  type: BlacklistType;
  value: string;
  raw: string;
  level: number;
  reason: string;
  source: BlacklistSource;
  remark: string;
  expiresAt: Date | null;
}

const LEVEL_WORDS: Record<string, number> = { watch: 1, refuse_loans: 2, refuse_all: 3 };

/**
 * Imports a CSV or XLSX file into one merchant's list. A file that can't be read as a table with the known columns
 * is refused whole (40000, nothing written). Otherwise every row is checked; the rows that pass are added in one
 * transaction, the others come back in the report with the reason (bad identifier, unknown reason, duplicate of an
 * earlier row, already listed …). `defaults` fill the level and reason of rows that leave them blank.
 */
export async function importEntries(ctx: BlCtx, merchantId: number, buf: Buffer, defaults: { level?: number; reason?: string }): Promise<ImportReport> {
  const { deps, req, actor } = ctx;
  const m = await scopedMerchant(deps.db, actor, merchantId);
  let sheet;
  try {
    sheet = await readSheet(buf, IMPORT_COLUMNS, ['type', 'value'], IMPORT_MAX_ROWS);
  } catch (e) {
    if (e instanceof SheetError) throw issue(CODE.VALIDATION, e.messageId, 'file', e.values);
    throw e;
  }
  const reasons = await reasonValues(deps.db);
  const now = deps.now();
  const refused: ImportRefusal[] = [];
  const seen = new Map<string, number>();
  const ok: Candidate[] = [];
  const refuse = (line: number, raw: string, id: string, values: Record<string, string | number> = {}) => refused.push({ row: line, value: raw.slice(0, 64), id, values });
  for (const { line, cells } of sheet.rows) {
    const raw = cells.value ?? '';
    const type = (cells.type ?? '').toLowerCase().replace(/[\s-]/g, '_') as BlacklistType;
    if (!(BLACKLIST_TYPES as readonly string[]).includes(type)) { refuse(line, raw, 'blacklist.badType'); continue; }
    if (/[\u0000-\u001f\u007f]/.test(raw) || raw.length > 64) { refuse(line, raw, 'blacklist.badValue'); continue; }
    const norm = normaliseIdentifier(type, m.market, raw);
    if (!norm.ok) { refuse(line, raw, norm.id); continue; }
    const levelText = (cells.level ?? '').toLowerCase();
    const level = levelText ? (LEVEL_WORDS[levelText] ?? Number(levelText)) : defaults.level ?? 2;
    if (!Number.isInteger(level) || level < 1 || level > 3) { refuse(line, raw, 'blacklist.badLevel'); continue; }
    const reason = cells.reason || defaults.reason || '';
    if (!reasons.has(reason)) { refuse(line, raw, 'blacklist.unknownReason'); continue; }
    const source = (cells.source || 'staff').toLowerCase() as BlacklistSource;
    if (!(BLACKLIST_SOURCES as readonly string[]).includes(source)) { refuse(line, raw, 'blacklist.badSource'); continue; }
    const remark = cells.remark ?? '';
    if (remark.length > 200 || /[\u0000-\u001f\u007f]/.test(remark)) { refuse(line, raw, 'blacklist.badRemark'); continue; }
    let expiresAt: Date | null = null;
    if (cells.expires_at) {
      if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(cells.expires_at)
        || Number.isNaN(new Date(cells.expires_at.slice(0, 10)).getTime())) { refuse(line, raw, 'blacklist.badExpiry'); continue; }
      try {
        expiresAt = await expiryOf(deps.db, cells.expires_at, m.market);
      } catch {
        refuse(line, raw, 'blacklist.badExpiry');
        continue;
      }
      if (expiresAt && expiresAt <= now) { refuse(line, raw, 'blacklist.expiryPast'); continue; }
    }
    const key = `${type}:${norm.value}`;
    const first = seen.get(key);
    if (first !== undefined) { refuse(line, raw, 'blacklist.duplicateRow', { row: first }); continue; }
    seen.set(key, line);
    ok.push({ line, type, value: norm.value, raw, level, reason, source, remark, expiresAt });
  }

  // One order for every import: two imports of overlapping files then wait for each other instead of deadlocking.
  ok.sort((a, b) => (a.type === b.type ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : a.type < b.type ? -1 : 1));
  const report = await deps.db.transaction(async (tx) => {
    await closePassed(tx, m.id, ok.map((c) => ({ type: c.type, value: c.value })), now);
    const added: Entry[] = [];
    for (let i = 0; i < ok.length; i += 1000) {
      const part = ok.slice(i, i + 1000);
      const rows = await tx.insert(blacklistEntry).values(part.map((c) => ({
        merchantId: m.id, type: c.type, normValue: c.value, level: c.level, reason: c.reason, source: c.source, remark: c.remark,
        createdBy: actor.accountId, createdAt: now, expiresAt: c.expiresAt,
      }))).onConflictDoNothing({ target: [blacklistEntry.merchantId, blacklistEntry.type, blacklistEntry.normValue], where: sql`expired_at is null` }).returning();
      added.push(...rows);
      const landed = new Set(rows.map((r) => `${r.type}:${r.normValue}`));
      for (const c of part) if (!landed.has(`${c.type}:${c.value}`)) refuse(c.line, c.raw, 'blacklist.alreadyListed', { type: `@blacklist.type.${c.type}` });
    }
    const flagged = await refreshFlags(tx, await customersOfEntries(tx, blacklistEntry, added.map((r) => r.id)), now);
    refused.sort((a, b) => a.row - b.row);
    const out: ImportReport = { rows: sheet.rows.length, added: added.length, refused, customers_flagged: flagged.length };
    await writeOpLog(tx, req, {
      action: 'client.blackList.import', targetType: 'merchant', targetId: m.id,
      after: { rows: out.rows, added: out.added, refused: refused.length, customers_flagged: out.customers_flagged, first_ids: added.slice(0, 20).map((r) => r.id) },
    });
    return out;
  });
  return report;
}

// ------------------------------------------------------------------------------------------------ expiry by time

/**
 * Closes entries whose expiry has passed (the expiry job) and clears the flags they held; returns how many. Batches of
 * 500 so a day when thousands expire at once doesn't hold one long transaction.
 */
export async function expirePassed(db: DbOrTx, now: Date): Promise<{ expired: number; customers: number }> {
  let expired = 0;
  let customers = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx.select({ id: blacklistEntry.id }).from(blacklistEntry)
        .where(and(isNull(blacklistEntry.expiredAt), isNotNull(blacklistEntry.expiresAt), lte(blacklistEntry.expiresAt, now)))
        .orderBy(blacklistEntry.expiresAt, blacklistEntry.id).limit(500).for('update', { skipLocked: true });
      if (!due.length) return 0;
      const ids = due.map((r) => r.id);
      await tx.update(blacklistEntry).set({ expiredAt: sql`${blacklistEntry.expiresAt}` }).where(inArray(blacklistEntry.id, ids));
      customers += (await refreshFlags(tx, await customersOfEntries(tx, blacklistEntry, ids), now)).length;
      return ids.length;
    });
    expired += n;
    if (n < 500) break;
  }
  return { expired, customers };
}
