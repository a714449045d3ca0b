import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { poolOf } from '../db/client';
import type { Deps } from '../deps';
import { translate } from '../i18n';
import type { Actor } from '../plugins/session';
import { exportJob } from '../modules/export/export.table';
import { LANG_BY_CODE, type Lang, type LangCode } from '../../schemas/i18n';
import type { AnyList } from './define';
import { buildWhere, keyQuery, readPage, resolveSort, shapeRow, type Position } from './query';
import { cappedCount } from './count';
import { hmac, sameSig, signingSecret } from './secret';
import { csvWriter, xlsxWriter as xlsxWriterOf, type SheetWriter } from './writers';
import { to as copyTo } from 'pg-copy-streams';
import { fastExport } from './exportPlan';
import type { ExportPlan } from './exportText';
import { localSink, workerSink, type SinkSpec } from './exportSink';

export { csvWriter };

export type ExportFormat = 'csv' | 'xlsx';

/** Tunables of the export runner; tests lower them. */
export const EXPORT_SETTINGS = {
  /** How long the request that asked for the export waits for the file before answering with the job id. */
  waitMs: 15_000,
  /** Rows read per keyset batch (also how often progress is written). */
  batchSize: 5_000,
  /** Data rows per XLSX sheet (Excel: 1,048,576 rows including the header). */
  sheetRows: 1_048_575,
  /** The XLSX writer waits for its zip stream (or yields) every this many rows (memory stays flat only then). */
  yieldEvery: 100,
  /** Lifetime of a download link, seconds. */
  linkTtlSec: 600,
  /** Export files are deleted after this long. */
  keepFilesMs: 24 * 3_600_000,
  /** Jobs running at once in this process (the others wait, queued). */
  concurrency: 2,
  /**
   * On PostgreSQL, a list whose export columns allow it is written from one streamed COPY by exportText.ts (the
   * fast path, exportPlan.ts); false: always keyset batches through the list's own row hooks (the general path).
   */
  fastPath: true,
  /** Fast-path exports of at least this many rows (the count) are encoded in a worker thread, off the request thread. */
  workerRows: 20_000,
  /** COPY bytes gathered before they are converted (or sent to the worker) at once. */
  chunkBytes: 256 * 1024,
};

/** What the job row's `query` holds: the list's (or report's) validated input, replayed by the worker. */
export interface ExportQuery {
  filters: Record<string, unknown>;
  sort: string;
  lang: LangCode;
}

export interface ExportStatus {
  job_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_done: number;
  rows_total: number | null;
  file_url?: string;
  /** The failure as the client shows it (导出失败); details stay in the server log. */
  error?: string;
}

/** Folder of export files: data/exports (with an in-memory database, beside the temporary upload folder). */
export function exportDir(d: Pick<Deps, 'cfg' | 'filesDir'>): string {
  return d.cfg.dataDir.startsWith('memory://') ? path.join(d.filesDir, 'exports') : path.join(d.cfg.dataDir, 'exports');
}

// ---- signed links ------------------------------------------------------------------------------------------

export async function signedUrl(d: Pick<Deps, 'db' | 'now'>, jobId: number): Promise<string> {
  const exp = Math.floor(d.now().getTime() / 1000) + EXPORT_SETTINGS.linkTtlSec;
  const sig = hmac(await signingSecret(d.db), `export:${jobId}:${exp}`).toString('base64url');
  return `/loanapi/export/download?id=${jobId}&exp=${exp}&sig=${sig}`;
}

/** 'ok', or why a link is refused. */
export async function checkLink(d: Pick<Deps, 'db' | 'now'>, id: number, exp: number, sig: string): Promise<'ok' | 'forged' | 'expired'> {
  if (!sameSig(sig, hmac(await signingSecret(d.db), `export:${id}:${exp}`))) return 'forged';
  return exp * 1000 < d.now().getTime() ? 'expired' : 'ok';
}

/** XLSX writer with the sheet limit and drain interval of EXPORT_SETTINGS unless given (writers.ts). */
export function xlsxWriter(file: string, header: string[], opts: { sheetRows?: number; yieldEvery?: number; sheetName?: (n: number) => string } = {}): SheetWriter {
  return xlsxWriterOf(file, header, { ...opts, sheetRows: opts.sheetRows ?? EXPORT_SETTINGS.sheetRows, yieldEvery: opts.yieldEvery ?? EXPORT_SETTINGS.yieldEvery });
}

// ---- the runner --------------------------------------------------------------------------------------------

interface Runner {
  running: Map<number, Promise<void>>;
  active: number;
  waiting: Array<() => void>;
  lease: Lease | null;
}

const runners = new WeakMap<object, Runner>();

function runnerOf(d: Pick<Deps, 'db'>): Runner {
  let r = runners.get(d.db);
  if (!r) {
    r = { running: new Map(), active: 0, waiting: [], lease: null };
    runners.set(d.db, r);
  }
  return r;
}

/**
 * On PostgreSQL several server processes may share the database, and a job runs in the process that received
 * the request: while a job is queued or running, its process holds the session-level advisory lock
 * (EXPORT_LOCK, job id) on one connection of its own, so that another process starting up can tell the jobs of a
 * live process from those whose process is gone (the lock goes with the connection). PGlite is one process's
 * database: nothing to hold there.
 */
export const EXPORT_LOCK = 0x45585054; // 'EXPT'

interface Lease {
  hold(jobId: number): Promise<void>;
  release(jobId: number): Promise<void>;
}

function leaseOf(d: Pick<Deps, 'db'>): Lease | null {
  const r = runnerOf(d);
  if (r.lease) return r.lease;
  const pool = poolOf(d.db);
  if (!pool) return null;
  // One connection, checked out while this process has jobs; its locks are the jobs'.
  let conn: Promise<pg.PoolClient> | null = null;
  const held = new Set<number>();
  // A connection whose lock query failed is broken: dropped from the lease and closed, not handed back.
  const drop = async (c: Promise<pg.PoolClient>, err: unknown) => {
    if (conn === c) conn = null;
    (await c.catch(() => null))?.release(err instanceof Error ? err : new Error(String(err)));
  };
  r.lease = {
    async hold(jobId) {
      held.add(jobId);
      const c = (conn ??= pool.connect().then((client) => {
        // A dropped connection loses its locks; the jobs still finish, and the next hold reconnects.
        client.on('error', () => undefined);
        return client;
      }));
      try {
        await (await c).query('SELECT pg_advisory_lock($1, $2)', [EXPORT_LOCK, jobId]);
      } catch (err) {
        await drop(c, err);
      }
    },
    async release(jobId) {
      held.delete(jobId);
      const c = conn;
      if (!c) return;
      try {
        const client = await c;
        await client.query('SELECT pg_advisory_unlock($1, $2)', [EXPORT_LOCK, jobId]);
        if (held.size === 0 && conn === c) {
          conn = null;
          client.release();
        }
      } catch (err) {
        await drop(c, err);
      }
    },
  };
  return r.lease;
}

/**
 * At server start: jobs left queued or running by a process that stopped (a restart, a crash) would stay so
 * forever and their owners would poll them for ever; they become failed (the owner sees 导出失败, export.failed).
 * Spared: the jobs this process runs, and on PostgreSQL those whose advisory lock a live process holds.
 * Their partial files, if any, are removed by the sweep of old files.
 */
export async function failInterruptedExports(d: Pick<Deps, 'db' | 'now'>): Promise<number> {
  const mine = [...runnerOf(d).running.keys()];
  const alive = poolOf(d.db)
    ? sql`NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = ${EXPORT_LOCK}::bigint::oid AND l.objid = ${exportJob.id}::oid AND l.objsubid = 2)`
    : undefined;
  const swept = await d.db.update(exportJob)
    .set({ status: 'failed', error: 'interrupted: the server stopped before the export finished', finishedAt: d.now() })
    .where(and(inArray(exportJob.status, ['queued', 'running']), mine.length ? notInArray(exportJob.id, mine) : undefined, alive))
    .returning({ id: exportJob.id });
  return swept.length;
}

/** Waits for the jobs this process is running (server shutdown). */
export async function drainExports(d: Deps): Promise<void> {
  await Promise.allSettled([...runnerOf(d).running.values()]);
}

async function slot(r: Runner): Promise<() => void> {
  if (r.active >= EXPORT_SETTINGS.concurrency) await new Promise<void>((res) => r.waiting.push(res));
  r.active++;
  return () => {
    r.active--;
    r.waiting.shift()?.();
  };
}

function sweepOld(dir: string, now: number): void {
  try {
    for (const f of fs.readdirSync(dir)) {
      const p = path.join(dir, f);
      if (now - fs.statSync(p).mtimeMs > EXPORT_SETTINGS.keepFilesMs) fs.rmSync(p, { force: true });
    }
  } catch {
    /* best effort */
  }
}

/**
 * What an export writes: a list reads its rows by keyset (listExportSource); a report hands its few rows at once.
 * `open` runs the query and answers the header in the account's language, the row count (the progress shown while
 * polling) and the rows, batch by batch.
 */
export interface ExportSource {
  /** Recorded as the job's `list` (a screen's command id) and names the file. */
  id: string;
  open(d: Deps, actor: Actor, q: ExportQuery, lang: Lang): Promise<ExportRows>;
}

export interface ExportRows {
  header: string[];
  total: number;
  batches: AsyncIterable<unknown[][]>;
  /** Set when the rows come from one streamed COPY instead (the fast path): `batches` is then not read. */
  fast?: { pool: pg.Pool; query: string; plan: ExportPlan; sheetNames: string[] };
}

function exportCells(list: AnyList, row: Record<string, unknown>): unknown[] {
  return list.def.exportColumns.map((c) => (c.value ? c.value(row as never) : row[c.key]));
}

/** A declared list as an export: every row matching the job's filters, in keyset batches. */
export function listExportSource(list: AnyList): ExportSource {
  return {
    id: list.id,
    async open(d, actor, q, lang) {
      const filters = list.def.filters.parse(q.filters) as Record<string, unknown>;
      const sort = resolveSort(list, q.sort);
      const where = await buildWhere(list, filters, actor, d);
      const counted = await cappedCount(d.db, () => keyQuery(list, d, where), list.countCap, { table: list.table, filtered: where !== undefined });
      const header = list.def.exportColumns.map((c) => translate(lang, c.title));
      const pool = EXPORT_SETTINGS.fastPath ? poolOf(d.db) : null;
      const fast = pool ? fastExport(list, d, where, sort, actor) : null;
      if (pool && fast) {
        const sheetNames = Array.from({ length: 64 }, (_, i) => translate(lang, 'export.sheetName', { n: i + 1 }));
        return { header, total: counted.total, batches: (async function* () {})(), fast: { pool, ...fast, sheetNames } };
      }
      const batch = (after: Position | null) => readPage(list, d, where, sort, { after, size: EXPORT_SETTINGS.batchSize, bulk: true });
      async function* batches() {
        let pending: ReturnType<typeof batch> | null = batch(null);
        try {
          while (pending) {
            const page: Awaited<ReturnType<typeof batch>> = await pending;
            // The next batch is read while this one is written (on PostgreSQL the two overlap; memory holds two batches).
            pending = page.more ? batch(page.last) : null;
            yield page.rows.map((raw) => exportCells(list, shapeRow(list, raw, actor)));
          }
        } finally {
          pending?.catch(() => undefined);
        }
      }
      return { header, total: counted.total, batches: batches() };
    },
  };
}

const sourceOf = (s: AnyList | ExportSource): ExportSource => ('open' in s ? s : listExportSource(s));

/** Writes every row of the source into the file, recording progress after each batch. */
async function writeRows(d: Deps, src: ExportSource, jobId: number, actor: Actor, q: ExportQuery, format: ExportFormat, file: string): Promise<number> {
  const lang: Lang = LANG_BY_CODE[q.lang] ?? LANG_BY_CODE.en;
  const { header, total, batches, fast } = await src.open(d, actor, q, lang);
  await d.db.update(exportJob).set({ rowsTotal: total }).where(eq(exportJob.id, jobId));
  if (fast) return writeCopy(d, jobId, fast, total, format, header, file);
  const writer = format === 'csv'
    ? csvWriter(file, header)
    : xlsxWriter(file, header, { sheetName: (n) => translate(lang, 'export.sheetName', { n }) });
  let done = 0;
  try {
    for await (const rows of batches) {
      for (const cells of rows) await writer.row(cells);
      done += rows.length;
      await d.db.update(exportJob).set({ rowsDone: done }).where(eq(exportJob.id, jobId));
    }
    await writer.close();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  return done;
}

/**
 * The fast path: one `COPY (query) TO STDOUT` streamed into a sink that converts and writes (in a worker thread
 * for big exports); progress is recorded every `batchSize` rows. A failure on either side ends both and rethrows.
 */
async function writeCopy(d: Deps, jobId: number, fast: NonNullable<ExportRows['fast']>, total: number, format: ExportFormat, header: string[], file: string): Promise<number> {
  const spec: SinkSpec = { plan: fast.plan, header, file, format, sheetRows: EXPORT_SETTINGS.sheetRows, yieldEvery: EXPORT_SETTINGS.yieldEvery, sheetNames: fast.sheetNames };
  const sink = total >= EXPORT_SETTINGS.workerRows ? workerSink(spec) : localSink(spec);
  let conn: pg.PoolClient | null = null;
  let broken: Error | undefined;
  try {
    conn = await fast.pool.connect();
    const stream = conn.query(copyTo(`COPY (${fast.query}) TO STDOUT WITH (FORMAT text)`));
    let parts: Buffer[] = [];
    let size = 0;
    let reported = 0;
    const flush = async () => {
      if (!size) return;
      const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
      parts = [];
      size = 0;
      await sink.push(chunk);
      if (sink.rows - reported >= EXPORT_SETTINGS.batchSize) {
        reported = sink.rows;
        await d.db.update(exportJob).set({ rowsDone: reported }).where(eq(exportJob.id, jobId));
      }
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= EXPORT_SETTINGS.chunkBytes) await flush();
    }
    await flush();
    return await sink.end();
  } catch (err) {
    broken = err as Error;
    await sink.abort().catch(() => undefined);
    throw err;
  } finally {
    // A connection whose COPY stopped half-way is not handed out again.
    conn?.release(broken);
  }
}

async function run(d: Deps, src: ExportSource, jobId: number, actor: Actor, q: ExportQuery, format: ExportFormat, log: { error(o: object, m: string): void }): Promise<void> {
  const release = await slot(runnerOf(d));
  const dir = exportDir(d);
  const key = `${jobId}-${crypto.randomBytes(12).toString('hex')}.${format}`;
  const tmp = path.join(dir, `${key}.part`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    sweepOld(dir, Date.now());
    await d.db.update(exportJob).set({ status: 'running' }).where(eq(exportJob.id, jobId));
    const rows = await writeRows(d, src, jobId, actor, q, format, tmp);
    fs.renameSync(tmp, path.join(dir, key));
    await d.db.update(exportJob).set({ status: 'done', rowsDone: rows, rowsTotal: rows, fileKey: key, finishedAt: d.now() }).where(eq(exportJob.id, jobId));
  } catch (err) {
    log.error({ err, jobId, list: src.id }, 'export failed');
    fs.rmSync(tmp, { force: true });
    // The database's own words (drizzle wraps them in "Failed query: <sql> params: <values>", which may hold filter values).
    const e = err as { message?: string; cause?: { message?: string } } | null;
    const reason = e?.cause?.message ?? e?.message ?? String(err);
    await d.db.update(exportJob).set({ status: 'failed', error: reason.slice(0, 1000), finishedAt: d.now() })
      .where(eq(exportJob.id, jobId)).catch((e) => log.error({ err: e, jobId }, 'export status'));
  } finally {
    release();
  }
}

/**
 * Creates the job row and starts it in the background; the promise settles when the job has finished.
 * `beforeRun` runs between the two (the route writes its operation-log row there, so the export never races it).
 * `from` is a declared list or any other row source (a report).
 */
export async function startExport(d: Deps, from: AnyList | ExportSource, actor: Actor, q: ExportQuery, format: ExportFormat, log: { error(o: object, m: string): void },
  beforeRun?: (jobId: number) => Promise<void>): Promise<{ jobId: number; done: Promise<void> }> {
  const src = sourceOf(from);
  const [job] = await d.db.insert(exportJob).values({ accountId: actor.accountId, list: src.id, format, query: q, createdAt: d.now() }).returning({ id: exportJob.id });
  const r = runnerOf(d);
  const lease = leaseOf(d);
  await lease?.hold(job.id);
  try {
    await beforeRun?.(job.id);
  } catch (err) {
    // Never started: not left queued for ever.
    await d.db.update(exportJob).set({ status: 'failed', error: 'not started', finishedAt: d.now() }).where(eq(exportJob.id, job.id)).catch(() => undefined);
    await lease?.release(job.id);
    throw err;
  }
  const done = run(d, src, job.id, actor, q, format, log).finally(async () => {
    r.running.delete(job.id);
    await lease?.release(job.id);
  });
  r.running.set(job.id, done);
  return { jobId: job.id, done };
}

/** The job as its owner polls it; null when it is not theirs (or does not exist). */
export async function jobStatus(d: Deps, accountId: number, id: number, lang: Lang): Promise<ExportStatus | null> {
  const [job] = await d.db.select().from(exportJob).where(and(eq(exportJob.id, id), eq(exportJob.accountId, accountId)));
  if (!job) return null;
  const out: ExportStatus = { job_id: job.id, status: job.status as ExportStatus['status'], rows_done: job.rowsDone, rows_total: job.rowsTotal };
  if (job.status === 'done') out.file_url = await signedUrl(d, job.id);
  if (job.status === 'failed') out.error = translate(lang, 'export.failed');
  return out;
}

/** Waits up to `ms` for a promise; true when it settled in time. */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((res) => { timer = setTimeout(() => res(false), ms); });
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
