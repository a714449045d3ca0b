import { Worker } from 'node:worker_threads';
import { type PGlite, types } from '@electric-sql/pglite';

/**
 * The embedded database run in a worker thread (pgliteWorker.ts; the default on disk, PGLITE_WORKER=false turns it
 * off): the client drizzle is given, with PGlite's calls (query, exec, transaction) sent to the worker and answered
 * from it. Statements then run beside the server's own work instead of stopping it (docs/performance.md "The
 * embedded database in a thread").
 *
 * Parsers: drizzle passes parsers that keep a type's text unparsed (timestamps, dates, intervals); only their type
 * OIDs cross the thread boundary, and the worker keeps those types as text. Any other parser would be lost, so a
 * parser that does something else is refused.
 */

export type ToDbThread =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; keepText: number[]; blob?: Blob; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'describe'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };
export type FromDbThread = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;
/** `blob`: the file a COPY … FROM '/dev/blob' reads (the seed's bulk load). */
interface QueryOptions { rowMode?: 'array' | 'object'; parsers?: Parsers; blob?: Blob }

/** Whether a parser hands its text back as it is (tried on two texts). */
const keepsText = (f: (v: string, t?: number) => unknown) => f('1') === '1' && f('2000-01-01 00:00:00+00') === '2000-01-01 00:00:00+00';

/** The OIDs of parsers that keep text (drizzle hands the same parsers object to every query of a statement: checked once). */
const kept = new WeakMap<Parsers, number[]>();
function keptTypes(parsers: Parsers): number[] {
  let oids = kept.get(parsers);
  if (oids) return oids;
  oids = [];
  for (const [oid, f] of Object.entries(parsers)) {
    if (!keepsText(f)) throw new Error(`a parser of type ${oid} that changes the value cannot cross to the database thread`);
    oids.push(Number(oid));
  }
  kept.set(parsers, oids);
  return oids;
}

export interface DbThreadClient {
  query<T>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[]; fields: unknown[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown[]>;
}

export class PGliteThread implements DbThreadClient {
  readonly ready: Promise<void>;
  /**
   * PGlite's parsers of this database, as its client holds them: the defaults and a parser for every array type (read
   * once the database is up), so that a bulk read (list/copy.ts) decodes COPY text as a query would.
   */
  readonly parsers: Parsers = { ...(types.parsers as Parsers) };
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(dir: string, startParams: string[]) {
    const entry = new URL(import.meta.url.endsWith('.ts') ? './pgliteWorker.ts' : './pgliteWorker.js', import.meta.url).href;
    this.worker = new Worker(new URL('../worker-boot.mjs', import.meta.url), { workerData: { entry, dir, startParams } });
    const started = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.ready = started.then(() => this.readArrayTypes());
    this.worker.on('message', (m: FromDbThread) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(Object.assign(new Error(String(m.error.message)), m.error));
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const p of this.pending.values()) p.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread exited (${code})`)));
  }

  /** As PGlite's client does at start: an array type parses its elements with its element type's parser. */
  private async readArrayTypes(): Promise<void> {
    const { rows } = await this.query<{ oid: number; typarray: number }>(`select b.oid, b.typarray from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`);
    for (const r of rows) this.parsers[r.typarray] = (v: string) => types.arrayParser(v, this.parsers[r.oid], r.typarray);
  }

  describeQuery(sql: string) {
    return this.call<Awaited<ReturnType<PGlite['describeQuery']>>>({ id: this.nextId++, op: 'describe', sql });
  }

  private call<T>(msg: ToDbThread, answerId = msg.id): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(answerId, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage(msg);
    });
  }

  private queryIn<T>(tx: number | undefined, sql: string, params?: unknown[], opts?: QueryOptions) {
    const keepText = opts?.parsers ? keptTypes(opts.parsers) : [];
    return this.call<{ rows: T[]; fields: unknown[]; affectedRows?: number }>({ id: this.nextId++, op: 'query', sql, params, rowMode: opts?.rowMode, keepText, blob: opts?.blob, tx });
  }

  query<T>(sql: string, params?: unknown[], opts?: QueryOptions) {
    return this.queryIn<T>(undefined, sql, params, opts);
  }

  exec(sql: string) {
    return this.call<unknown[]>({ id: this.nextId++, op: 'exec', sql });
  }

  /** As PGlite's: `fn` runs on a transaction of its own, committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: DbThreadClient & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const n = await this.call<number>({ id: this.nextId++, op: 'begin' });
    const settled = new Promise<unknown>((resolve, reject) => this.pending.set(-n, { resolve, reject }));
    // Awaited at the end; should the thread die meanwhile, the failure reaches `fn` through its queries first.
    settled.catch(() => undefined);
    let done = false;
    const end = async (commit: boolean) => {
      if (done) return;
      done = true;
      this.worker.postMessage({ id: 0, op: 'end', tx: n, commit } satisfies ToDbThread);
      await settled;
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], opts?: QueryOptions) => this.queryIn<R>(n, sql, params, opts),
      exec: (sql: string) => this.call<unknown[]>({ id: this.nextId++, op: 'exec', sql, tx: n }),
      rollback: () => end(false),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await end(false).catch(() => undefined);
      throw err;
    }
    await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ id: this.nextId++, op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
