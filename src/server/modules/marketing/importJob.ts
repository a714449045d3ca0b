import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_LIMITS, type ImportStatus } from '../../../schemas/marketing';
import type { Market } from '../../../schemas/merchant';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/session';
import { normalisePhone, validPhone } from '../intake/identity';
import { writeOpLog } from '../log/oplog';
import type { RawRow } from './importFile';
import { marketingEntry, marketingImport, type ImportRefusal } from './marketing.table';
import { notFound, scopedMerchant, type MarketingCtx } from './scope';

/**
 * Import jobs (docs/marketing.md "Import"): the rows are checked in memory (format of the market, repeats inside the
 * file), then inserted in batches of IMPORT_LIMITS.batch with `insert … on conflict (merchant_id, phone) do nothing`,
 * each batch and its progress in one transaction. The unique index decides duplicates, so two imports running at
 * once (here or in another process) can never both insert a number: the loser's row comes back as a duplicate.
 */

/** Tunables for tests. */
export const IMPORT_SETTINGS = { waitMs: IMPORT_LIMITS.waitMs as number, batch: IMPORT_LIMITS.batch as number };

/** A number as the market writes it: separators dropped; a spreadsheet that ate the leading 0 gets it back. */
export function normaliseFor(market: Market, raw: string): string | null {
  const p = normalisePhone(raw);
  if (!/^\d+$/.test(p)) return null;
  if (validPhone(market, p)) return p;
  if (validPhone(market, `0${p}`)) return `0${p}`;
  return null;
}

interface Checked { valid: Array<{ row: number; phone: string }>; refused: ImportRefusal[]; invalid: number; dupInFile: number }

export function checkRows(market: Market, rows: readonly RawRow[]): Checked {
  const seen = new Set<string>();
  const out: Checked = { valid: [], refused: [], invalid: 0, dupInFile: 0 };
  for (const r of rows) {
    const phone = normaliseFor(market, r.value);
    if (!phone) {
      out.invalid++;
      out.refused.push({ row: r.row, value: r.value, reason: 'invalid' });
    } else if (seen.has(phone)) {
      out.dupInFile++;
      out.refused.push({ row: r.row, value: r.value, reason: 'duplicate_in_file' });
    } else {
      seen.add(phone);
      out.valid.push({ row: r.row, phone });
    }
  }
  return out;
}

type ImportRow = typeof marketingImport.$inferSelect;

export function importView(j: ImportRow): ImportStatus {
  return {
    job_id: j.id, status: j.status as ImportStatus['status'], rows_total: j.rowsTotal, rows_done: j.rowsDone, inserted: j.inserted,
    invalid: j.invalid, duplicates: j.duplicates, refused: j.refused, error: j.error,
  };
}

async function runBatches(deps: Deps, jobId: number, merchantId: number, groupId: number, checked: Checked, rowsTotal: number): Promise<void> {
  const { db } = deps;
  const refused = [...checked.refused];
  let duplicates = checked.dupInFile;
  let inserted = 0;
  let done = checked.refused.length;
  for (let i = 0; i < checked.valid.length; i += IMPORT_SETTINGS.batch) {
    const batch = checked.valid.slice(i, i + IMPORT_SETTINGS.batch);
    const now = deps.clock.now().toISOString();
    // Digits only (checked above), so the array literal needs no quoting.
    const phones = `{${batch.map((b) => b.phone).join(',')}}`;
    await db.transaction(async (tx) => {
      const res = await tx.execute(sql`insert into ${marketingEntry} (merchant_id, group_id, phone, import_id, created_at, updated_at)
        select ${merchantId}, ${groupId}, p, ${jobId}, ${now}::timestamptz, ${now}::timestamptz from unnest(${phones}::text[]) as p
        on conflict (merchant_id, phone) do nothing returning phone`);
      const got = new Set(rowsOf<{ phone: string }>(res).map((r) => r.phone));
      inserted += got.size;
      for (const b of batch) {
        if (got.has(b.phone)) continue;
        duplicates++;
        refused.push({ row: b.row, value: b.phone, reason: 'duplicate' });
      }
      done += batch.length;
      await tx.update(marketingImport).set({ rowsDone: done, inserted, duplicates }).where(eq(marketingImport.id, jobId));
    });
  }
  refused.sort((a, b) => a.row - b.row);
  await db.update(marketingImport).set({
    status: 'done', rowsDone: rowsTotal, inserted, duplicates, refused: refused.slice(0, IMPORT_LIMITS.reportRows), finishedAt: deps.clock.now(),
  }).where(eq(marketingImport.id, jobId));
}

/**
 * Starts an import of checked rows into a group and waits for it up to IMPORT_SETTINGS.waitMs: the answer is the
 * finished report, or the running job to poll with importStatus.
 */
export async function startImport(ctx: MarketingCtx, group: { id: number; merchantId: number }, source: 'csv' | 'xlsx' | 'text', fileName: string, rows: RawRow[]): Promise<ImportStatus> {
  const { deps, req, actor } = ctx;
  const m = await scopedMerchant(deps.db, actor, group.merchantId);
  const checked = checkRows((m.market ?? 'vn') as Market, rows);
  const [job] = await deps.db.transaction(async (tx) => {
    const created = await tx.insert(marketingImport).values({
      accountId: actor.accountId, merchantId: group.merchantId, groupId: group.id, source, fileName: fileName.slice(0, 200), status: 'running',
      rowsTotal: rows.length, rowsDone: checked.refused.length, invalid: checked.invalid, duplicates: checked.dupInFile,
      refused: checked.valid.length ? [] : checked.refused.slice(0, IMPORT_LIMITS.reportRows), createdAt: deps.clock.now(),
    }).returning();
    await writeOpLog(tx, req, {
      action: 'marketing.whitelist.import', targetType: 'marketing_group', targetId: group.id,
      after: { import_id: created[0].id, source, file_name: fileName, rows: rows.length, valid: checked.valid.length, invalid: checked.invalid },
    });
    return created;
  });
  const run = runBatches(deps, job.id, group.merchantId, group.id, checked, rows.length).catch(async (err: unknown) => {
    req.log.error({ err }, 'marketing import');
    await deps.db.update(marketingImport).set({ status: 'failed', error: String((err as Error)?.message ?? err).slice(0, 500), finishedAt: deps.clock.now() })
      .where(eq(marketingImport.id, job.id)).catch(() => undefined);
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run, new Promise((resolve) => { timer = setTimeout(resolve, IMPORT_SETTINGS.waitMs); })]);
  clearTimeout(timer);
  return importStatus(deps, actor, job.id);
}

/**
 * An import still `running` this long after it started was left by a process that stopped (a restart, a crash): the
 * largest import finishes in well under a minute. What it inserted stays; the report says it stopped.
 */
export const STALE_IMPORT_MS = 10 * 60_000;

/** An import's progress and report: the account's own imports only. */
export async function importStatus(deps: Deps, actor: Actor, id: number): Promise<ImportStatus> {
  const [j] = await deps.db.select().from(marketingImport).where(and(eq(marketingImport.id, id), eq(marketingImport.accountId, actor.accountId)));
  if (!j) throw notFound('import');
  if (j.status === 'running' && deps.clock.now().getTime() - j.createdAt.getTime() > STALE_IMPORT_MS) {
    const [failed] = await deps.db.update(marketingImport).set({ status: 'failed', error: 'interrupted', finishedAt: deps.clock.now() })
      .where(and(eq(marketingImport.id, j.id), eq(marketingImport.status, 'running'))).returning();
    if (failed) return importView(failed);
  }
  return importView(j);
}
