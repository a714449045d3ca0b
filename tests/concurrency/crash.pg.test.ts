import crypto from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { ledgerOfOrder } from '../../src/server/modules/repayment/repayment.fixtures';
import { seedDemo } from '../../src/server/seed/demo';
import { serverProcess, sleep, type ServerProcess } from '../support/serverProcess';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * Money writes across kill -9 (DESIGN §6c), on real PostgreSQL: a server process (src/server/main.ts) takes a stream of
 * reconciliations with idempotency keys from a few concurrent clients and is killed with SIGKILL three times in the
 * middle of it (aimed, when it can be, at a write that has committed but not yet been answered), then restarted.
 * Every key that got no answer is sent again with the same payload. Then: every
 * acknowledged write is in the database exactly once, nothing committed is unanswered, no key is pending, every retry
 * got a definitive answer (the stored result of a write that had committed, a fresh run, or a business refusal), and
 * the ledger is balanced with each order's debt down by exactly the money acknowledged on it.
 */
const pg = !!process.env.DATABASE_URL;
const KILLS = 3;
const CLIENTS = 6;
const ORDERS = 8;
const AMOUNT = 1_000;
const RECONCILE = '/loanapi/repayment/settlement/add';

interface Write {
  key: string;
  orderId: number;
  /** ok: 20000 with its data; refused: another envelope code; lost: no answer (connection refused or reset). */
  outcome: 'ok' | 'refused' | 'lost';
  code?: number;
  data?: { serial_no: string; amount: number };
}

describe.skipIf(!pg)('money writes survive kill -9 of the server (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemo(db, DEMO_PASSWORD, { business: { orders: 400, richLimit: 20 } });
    const dbUrl = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    server = await serverProcess({ dbUrl, name: 'crash' });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  const base = () => server.base;
  const start = () => server.start();
  const kill = () => server.kill();

  const headers = (token: string | null, key?: string): Record<string, string> => ({
    'content-type': 'application/json', 'x-api-st': String(Date.now()), 'lang-code': '100',
    ...(token ? { Authorization: token, 'x-api-token': token } : {}), ...(key ? { 'Idempotency-Key': key } : {}),
  });

  async function post(urlPath: string, body: unknown, token: string | null, key?: string) {
    const res = await fetch(`${base()}${urlPath}`, { method: 'POST', headers: headers(token, key), body: JSON.stringify(body) });
    return (await res.json()) as { code: number; msg: string; data: Write['data'] };
  }

  async function send(token: string, w: Pick<Write, 'key' | 'orderId'>): Promise<Write> {
    try {
      const r = await post(RECONCILE, { order_id: w.orderId, amount: AMOUNT, reference: w.key, remark: 'crash test' }, token, w.key);
      return { ...w, outcome: r.code === 20000 ? 'ok' : 'refused', code: r.code, data: r.code === 20000 ? r.data : undefined };
    } catch {
      return { ...w, outcome: 'lost' };
    }
  }

  it(`${KILLS} kills mid-stream: every acknowledged write once, none lost, none duplicated, no key stuck`, async () => {
    const orders = await db.select({ id: loanOrder.id, remaining: loanOrder.remainingDebtMinor }).from(loanOrder)
      .where(and(inArray(loanOrder.status, ['repaying', 'overdue']), gt(loanOrder.remainingDebtMinor, 2_000_000))).limit(ORDERS);
    expect(orders.length).toBe(ORDERS);
    const before = new Map(await Promise.all(orders.map(async (o) => [o.id, { remaining: o.remaining, ledger: (await ledgerOfOrder({ db } as never, o.id)).debt }] as const)));

    await start();
    const login = await post('/loanapi/account/login', { account: 'admin', pwd: DEMO_PASSWORD }, null);
    const token = (login.data as unknown as { token: string }).token;
    expect(token).toBeTruthy();

    // The clients write until told to stop; while the server is down they wait for it rather than count refusals.
    const writes: Write[] = [];
    let up: Promise<void> = Promise.resolve();
    let stop = false;
    let n = 0;
    const inFlight = new Set<string>();
    const client = async () => {
      while (!stop) {
        await up;
        const key = `crash-${crypto.randomUUID()}`;
        inFlight.add(key);
        writes.push(await send(token, { key, orderId: orders[n++ % orders.length].id }));
        inFlight.delete(key);
      }
    };
    // Aims the kill at the moment between a commit and its answer: a write in flight whose row is already there.
    const committedInFlight = async () => {
      const keys = [...inFlight];
      if (!keys.length) return false;
      const r = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*)::text AS n FROM idempotency_key WHERE key IN ${sql`(${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`}`));
      return Number(r[0].n) > 0;
    };
    const clients = Array.from({ length: CLIENTS }, client);
    for (let k = 0; k < KILLS; k++) {
      await sleep(400 + Math.floor(Math.random() * 600));
      for (const until = Date.now() + 1_500; Date.now() < until && !(await committedInFlight());) await sleep(1);
      let restarted!: () => void;
      up = new Promise((r) => { restarted = r; });
      await kill();
      await start();
      restarted();
    }
    await sleep(500);
    stop = true;
    await Promise.all(clients);
    const lostInFlight = writes.filter((w) => w.outcome === 'lost');

    // Which of the unanswered writes had committed before the kill: their retry must answer that same repayment.
    const rowsByRef = async () => new Map(rowsOf<{ reference: string; n: string; serial: string }>(await db.execute(sql`
      SELECT reference, count(*)::text AS n, min(serial_no) AS serial FROM repayment WHERE remark = 'crash test' GROUP BY reference`))
      .map((r) => [r.reference, { n: Number(r.n), serial: r.serial }]));
    const committedBeforeRetry = await rowsByRef();

    const retries = await Promise.all(lostInFlight.map((w) => send(token, w)));
    const replays = await Promise.all(writes.filter((w) => w.outcome === 'ok').map((w) => send(token, w)));
    await server.stop();

    // Every retry answered definitively: a success or a business refusal, never "in progress", never no answer.
    expect(retries.filter((r) => r.outcome === 'lost')).toEqual([]);
    expect(retries.filter((r) => r.outcome === 'refused' && (r.code === 40901 || (r.code ?? 0) >= 50000))).toEqual([]);
    // A retry of a write that had committed gets its stored result: the same repayment, not a second one.
    let recovered = 0;
    for (const r of retries) {
      const had = committedBeforeRetry.get(r.key);
      if (!had) continue;
      recovered++;
      expect(r.outcome).toBe('ok');
      expect(r.data!.serial_no).toBe(had.serial);
    }
    // A repeat of an acknowledged write answers what the first answer said.
    const acked = writes.filter((w) => w.outcome === 'ok');
    replays.forEach((r, i) => expect(r.data).toEqual(acked[i].data));

    const rows = await rowsByRef();
    const succeeded = [...acked, ...retries.filter((r) => r.outcome === 'ok')];
    const okKeys = new Set(succeeded.map((w) => w.key));
    const lost = succeeded.filter((w) => !rows.has(w.key)).length;
    const duplicated = [...rows.values()].filter((r) => r.n > 1).length;
    const unanswered = [...rows.keys()].filter((ref) => !okKeys.has(ref)).length;
    const [{ stuck }] = rowsOf<{ stuck: string }>(await db.execute(sql`SELECT count(*)::text AS stuck FROM idempotency_key WHERE status <> 'done'`));
    const [{ keys }] = rowsOf<{ keys: string }>(await db.execute(sql`SELECT count(*)::text AS keys FROM idempotency_key WHERE scope = 'repayment.reconcile'`));
    expect({ lost, duplicated, unanswered, stuck: Number(stuck) }).toEqual({ lost: 0, duplicated: 0, unanswered: 0, stuck: 0 });
    for (const w of succeeded) expect(rows.get(w.key)).toEqual({ n: 1, serial: w.data!.serial_no });
    // One key per repayment and one repayment per key: no key committed without its effect, nor the reverse.
    expect(Number(keys)).toBe(rows.size);

    const ledger = await checkLedger(db);
    expect(ledger.unbalancedPostings).toEqual([]);
    expect(ledger.driftedAccounts).toEqual([]);
    for (const o of orders) {
      const paid = succeeded.filter((w) => w.orderId === o.id).length * AMOUNT;
      const [now] = await db.select({ remaining: loanOrder.remainingDebtMinor }).from(loanOrder).where(inArray(loanOrder.id, [o.id]));
      const was = before.get(o.id)!;
      expect(was.remaining - now.remaining).toBe(paid);
      expect(was.ledger - (await ledgerOfOrder({ db } as never, o.id)).debt).toBe(paid);
    }
    expect(writes.length).toBeGreaterThan(CLIENTS * KILLS);
    console.log(`crash: kills=${KILLS} writes=${writes.length} acknowledged=${acked.length} unanswered=${lostInFlight.length} ` +
      `recovered=${recovered} retried_ok=${retries.filter((r) => r.outcome === 'ok').length} refused=${writes.filter((w) => w.outcome === 'refused').length + retries.filter((r) => r.outcome === 'refused').length} ` +
      `lost=${lost} duplicated=${duplicated} stuck=${Number(stuck)}`);
  }, 420_000);
});
