import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FromDbThread, ToDbThread } from './pgliteThread';

/**
 * The embedded database in a worker thread (pgliteThread.ts is the other side): PGlite runs every statement
 * synchronously on the thread that calls it, so in the server's thread a query stops every request until it is done.
 * Here the statements run while the server's thread parses, checks sessions and writes responses.
 */
const { dir, startParams } = workerData as { dir: string; startParams: string[] };
const port = parentPort!;
const db = new PGlite(dir, { startParams });
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 1;

const send = (m: FromDbThread) => port.postMessage(m);
/** A database error as plain fields (a structured clone keeps only an Error's message and name). */
function errorOf(err: unknown): Record<string, unknown> {
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { message: String(e?.message ?? err), name: e?.name ?? 'Error' };
  for (const [k, v] of Object.entries(e ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}
/** drizzle passes parsers that keep a type's text as it is; the OIDs say which (the same few sets: built once each). */
const keepTextSets = new Map<string, Record<number, (v: string) => string>>();
function keepText(oids: number[]): Record<number, (v: string) => string> {
  const key = oids.join(',');
  let set = keepTextSets.get(key);
  if (!set) keepTextSets.set(key, (set = Object.fromEntries(oids.map((oid) => [oid, (v: string) => v]))));
  return set;
}

function begin(id: number): void {
  const n = nextTx++;
  let begun = false;
  db.transaction((tx) => new Promise<void>((resolve, reject) => {
    open.set(n, { tx, end: (commit) => (commit ? resolve() : reject(new RolledBack())) });
    begun = true;
    send({ id, ok: true, result: n });
  })).then(
    () => send({ id: -n, ok: true, result: null }),
    // A transaction that could not begin answers the begin itself (nobody waits for -n yet).
    (err) => send(err instanceof RolledBack ? { id: -n, ok: true, result: null } : { id: begun ? -n : id, ok: false, error: errorOf(err) }),
  ).finally(() => open.delete(n));
}
class RolledBack extends Error {}

async function handle(m: ToDbThread): Promise<unknown> {
  const on = (m.op === 'query' || m.op === 'exec') && m.tx ? open.get(m.tx)?.tx : db;
  if (!on) throw new Error('transaction is over');
  switch (m.op) {
    case 'query':
      return on.query(m.sql, m.params, { rowMode: m.rowMode, parsers: keepText(m.keepText), ...(m.blob ? { blob: m.blob } : {}) });
    case 'exec':
      return on.exec(m.sql);
    case 'describe': {
      // Without the parsers (functions do not cross threads): the other side has its own.
      const d = await db.describeQuery(m.sql);
      return { queryParams: d.queryParams.map(({ dataTypeID }) => ({ dataTypeID })), resultFields: d.resultFields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
    }
    case 'close':
      await db.close();
      return null;
    default:
      return null;
  }
}

port.on('message', (m: ToDbThread) => {
  if (m.op === 'begin') return begin(m.id);
  // Answered when the transaction has settled (the message -n of begin).
  if (m.op === 'end') return open.get(m.tx)?.end(m.commit);
  handle(m).then((result) => send({ id: m.id, ok: true, result }), (err) => send({ id: m.id, ok: false, error: errorOf(err) }))
    // An answer that cannot be cloned is a failure of the call, not of the thread.
    .catch((err) => send({ id: m.id, ok: false, error: errorOf(err) }));
});

await db.waitReady;
send({ id: 0, ok: true, result: 'ready' });
