/**
 * Loads the generated world into the database with COPY: on PGlite `COPY … FROM '/dev/blob'` with the `blob`
 * query option, on PostgreSQL through pg-copy-streams. Everything runs in one transaction that first empties the
 * business tables, so a failed or interrupted load leaves the previous data (and every index) as it was; within
 * it, COPY uses FREEZE (rows are written frozen and all-visible, so no later vacuum pass is needed) and, for big
 * loads, the secondary indexes are dropped first and rebuilt afterwards from their own definitions
 * (pg_get_indexdef), which is several times faster than maintaining them row by row.
 */
import { Worker } from 'node:worker_threads';
import { from as copyFrom } from 'pg-copy-streams';
import { LEDGER_KINDS, MARKET_CURRENCY } from '../../schemas/merchant';
import { engineOf, type Db } from '../db/client';
import { writeStockPictures } from './assets';
import { productName, productPurpose, SEED_CHANNELS, SEED_LABELS, SEED_MERCHANTS, SEED_PRODUCTS } from './catalog';
import {
  chunkPlan, csvSinks, generateChunk, planSeed, SEED_TABLES, TABLE_COLUMNS, toCsv, type ChunkSpec, type GenContext,
  type GenMerchant, type SeedTable,
} from './generate';
import { MARKET_DATA } from './markets';
import { openUnpostedBalances } from '../modules/ledger/ledger';
import { Rng } from './rng';
import type { ChunkResult } from './worker';

export interface SeedProgress {
  phase: 'catalog' | 'rows' | 'indexes' | 'finish' | 'done';
  ordersDone: number;
  ordersTotal: number;
  rowsDone: number;
  elapsedMs: number;
  /** Estimated time left in the rows phase, ms. */
  etaMs: number | null;
}

export interface SeedBusinessOptions {
  orders: number;
  /** Seed of the pseudo-random generator; same seed and `now` give the same rows. Default 'demo'. */
  seed?: string;
  /** Time anchor, ms. Default: the current time rounded down to the hour. */
  now?: number;
  /** Customers with SMS, calls, apps, phone book … (default 20,000). */
  richLimit?: number;
  /** Worker threads generating rows while the database loads (0: generate inline). */
  workers?: number;
  /** Orders per chunk (one COPY per table and chunk). */
  chunkOrders?: number;
  /** Drop the secondary indexes before loading and rebuild them after. Default: from 50,000 orders. */
  rebuildIndexes?: boolean;
  /** Files folder to write the stock document pictures to (null: skip). */
  filesDir?: string | null;
  onProgress?: (p: SeedProgress) => void;
}

export interface SeedResult {
  merchants: number;
  customers: number;
  orders: number;
  rows: Record<SeedTable, number>;
  /** rowsMs splits into waiting for generated chunks (generateWaitMs) and COPY (copyMs). */
  timings: { catalogMs: number; rowsMs: number; generateWaitMs: number; copyMs: number; indexesMs: number; finishMs: number; totalMs: number };
}

/** Tables the seed empties and refills (catalog tables too; merchants are updated in place by code). */
const LEDGER_TABLES = ['ledger_posting', 'ledger_entry'] as const;
/**
 * Rows that point at orders or customers (their ids restart with the new data): work tasks, reviews, machine-review
 * runs, payouts, withdrawal contacts and intake events go with them, or an old record would show on a new order.
 * Configuration (rules, channels, app keys, review flow) is kept.
 */
const ORDER_LINKED_TABLES = [
  'work_task', 'review_record', 'machine_review_run', 'machine_review_item', 'transfer', 'payment_order', 'payment_event',
  'withdrawal_contact', 'withdrawal_market', 'withdrawal_notice', 'withdrawal_sms_log', 'intake_event', 'idempotency_key',
  'repayment', 'repayment_proof', 'repayment_event', 'repayment_card', 'repayment_card_batch', 'reduction', 'overdue_accrual',
  'end_of_day_run', 'extension', 'collection_case', 'collection_event', 'collection_promise', 'collection_call', 'collection_alert',
  'collection_run',
] as const;
const CATALOG_TABLES = ['product', 'channel', 'ledger_account', 'bank', 'customer_label'] as const;

// ---------------------------------------------------------------------------------------------------------------
// One connection, raw SQL and COPY, on either database

interface Raw {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  copy(table: string, columns: readonly string[], data: Uint8Array | string, freeze: boolean): Promise<void>;
  release(): void;
}

async function rawConnection(db: Db): Promise<Raw> {
  const engine = engineOf(db);
  if (!engine) throw new Error('the bulk load needs a database, not a transaction');
  if (engine.kind === 'pglite') {
    const { lite } = engine;
    return {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => (await lite.query<T>(sql, params)).rows,
      async copy(table, columns, data, freeze) {
        const blob = new Blob([data as BlobPart]);
        await lite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv${freeze ? ', FREEZE' : ''})`, [], { blob });
      },
      release() {},
    };
  }
  const conn = await engine.pool.connect();
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await conn.query(sql, params)).rows as T[],
    async copy(table, columns, data, freeze) {
      const stream = conn.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv${freeze ? ', FREEZE' : ''})`));
      await new Promise<void>((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', resolve);
        stream.end(typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      });
    },
    release: () => conn.release(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Catalog: merchants (upserted by code), ledger accounts, banks, products, channels, labels

interface Catalog {
  merchants: GenMerchant[];
  labelIds: number[];
}

function roundTo(x: number, unit: number): number {
  return Math.round(x / unit) * unit;
}

async function loadCatalog(raw: Raw, seed: string, now: number): Promise<Catalog> {
  const rng = new Rng(seed, 'catalog', 0);
  const ids = new Map<string, number>();
  for (const m of SEED_MERCHANTS) {
    const md = MARKET_DATA[m.market];
    const sub = Boolean(m.parent);
    const values = [
      m.code, m.name, m.parent ? ids.get(m.parent)! : null, MARKET_CURRENCY[m.market], m.market,
      roundTo(md.amount.min * 0.01, md.moneyRound), roundTo(md.amount.min * 0.005, md.moneyRound), 150,
      roundTo(md.amount.min * 0.003, md.moneyRound), 72, sub ? 80 : 100, sub ? 90 : 100, sub ? 48 : 72,
    ];
    const [row] = await raw.query<{ id: number }>(
      `INSERT INTO merchant (code, name, parent_id, currency, market, payout_fee_new_minor, payout_fee_returning_minor,
         collection_fee_bp, risk_fee_minor, risk_validity_hours, receive_prob_new, receive_prob_returning, single_valid_hours)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, currency = EXCLUDED.currency,
         market = EXCLUDED.market, payout_fee_new_minor = EXCLUDED.payout_fee_new_minor,
         payout_fee_returning_minor = EXCLUDED.payout_fee_returning_minor, collection_fee_bp = EXCLUDED.collection_fee_bp,
         risk_fee_minor = EXCLUDED.risk_fee_minor, risk_validity_hours = EXCLUDED.risk_validity_hours,
         receive_prob_new = EXCLUDED.receive_prob_new, receive_prob_returning = EXCLUDED.receive_prob_returning,
         single_valid_hours = EXCLUDED.single_valid_hours, enabled = true, updated_at = now()
       RETURNING id`,
      values,
    );
    ids.set(m.code, Number(row.id));
  }

  const ledger: unknown[][] = [];
  const products: unknown[][] = [];
  const channels: unknown[][] = [];
  const merchants: GenMerchant[] = [];
  let productId = 1;
  let channelId = 1;
  let ledgerId = 1;
  const opened = now - 400 * 86_400_000;
  for (const m of SEED_MERCHANTS) {
    const id = ids.get(m.code)!;
    const md = MARKET_DATA[m.market];
    const currency = MARKET_CURRENCY[m.market];
    for (const kind of LEDGER_KINDS) {
      // available and frozen are set here; loan and risk follow the loaded orders (finish step).
      const balance = kind === 'available' ? roundTo(md.amount.max * rng.int(200, 2000), md.moneyRound) : kind === 'frozen' ? roundTo(md.amount.max * rng.int(0, 20), md.moneyRound) : 0;
      ledger.push([ledgerId++, id, kind, currency, balance]);
    }
    const gp: GenMerchant['products'] = [];
    SEED_PRODUCTS.forEach((p, i) => {
      const name = productName(m.market, p.key);
      products.push([
        productId, id, name, p.term, p.cycle, p.minDays, p.maxDays, md.amount.min, md.amount.max, p.rateBp, p.interestType,
        p.managementFeeBp, p.riskFeeBp, p.paymentFeeBp, p.feeTiming, p.overdueRateBp, p.whiteHouseholdExclusive, p.universal,
        productPurpose(m.market, i), p.enabled, i,
      ]);
      if (p.enabled) {
        gp.push({
          id: productId, key: p.key, name, days: p.days, rateBp: p.rateBp, interestType: p.interestType, managementFeeBp: p.managementFeeBp,
          riskFeeBp: p.riskFeeBp, paymentFeeBp: p.paymentFeeBp, feeTiming: p.feeTiming, overdueRateBp: p.overdueRateBp, weight: p.weight,
        });
      }
      productId++;
    });
    const gc: GenMerchant['channels'] = [];
    for (const c of SEED_CHANNELS) {
      const code = `${m.code}-${c.suffix}`;
      const hex = (n: number) => rng.chars(n, '0123456789abcdef');
      channels.push([
        channelId, id, code, `${c.name}`, c.type, new Date(opened + rng.int(0, 200) * 86_400_000).toISOString(),
        c.type === 'affiliate' ? new Date(now + rng.int(30, 365) * 86_400_000).toISOString() : null, c.type === 'affiliate' ? rng.int(1, 5) : 0,
        `${m.code.toLowerCase()}${c.suffix.toLowerCase()}${hex(6)}`, c.type === 'organic' ? '' : c.suffix, `-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE${hex(40)}\n-----END PUBLIC KEY-----`,
        `-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg${hex(40)}\n-----END PRIVATE KEY-----`, c.tracking,
        c.tracking ? `${c.tracking}-${rng.digits(10)}` : '', c.tracking ? hex(32) : '', c.type === 'facebook' || c.type === 'tiktok' ? rng.digits(15) : '',
        c.tracking ? `EAAG${hex(60)}` : '', c.type === 'affiliate' ? `https://partners.example.com/postback/${code.toLowerCase()}` : '',
        `https://app.example.com/r/${code.toLowerCase()}`, gp[0]?.id ?? null, true,
      ]);
      gc.push({ id: channelId, weight: c.weight });
      channelId++;
    }
    // Disabled products take no orders; the white-household product only goes to good returning customers.
    merchants.push({ id, market: m.market, currency, weight: m.weight, products: gp, primeProduct: gp.findIndex((p) => p.key === 'prime'), channels: gc });
  }
  const banks: unknown[][] = [];
  let bankId = 1;
  for (const md of Object.values(MARKET_DATA)) {
    for (const b of md.banks) banks.push([bankId++, md.market, b.code, b.name, `{${b.bins.join(',')}}`]);
  }
  const labels = SEED_LABELS.map(([name, color], i) => [i + 1, name, color]);

  const put = async (table: string, columns: string[], rows: unknown[][]) => {
    await raw.copy(table, columns, toCsv(rows as never), false);
    await raw.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), ${Math.max(1, rows.length)}, ${rows.length > 0})`);
  };
  await put('ledger_account', ['id', 'merchant_id', 'kind', 'currency', 'balance_minor'], ledger);
  await put('product', [
    'id', 'merchant_id', 'name', 'term', 'cycle', 'min_days', 'max_days', 'min_amount_minor', 'max_amount_minor', 'rate_bp',
    'interest_type', 'management_fee_bp', 'risk_fee_bp', 'payment_fee_bp', 'fee_timing', 'overdue_rate_bp',
    'white_household_exclusive', 'universal', 'purpose', 'enabled', 'sort',
  ], products);
  await put('channel', [
    'id', 'merchant_id', 'code', 'name', 'type', 'opened_at', 'expires_at', 'extendable_quantity', 'fixed_identifier',
    'initial_tag', 'public_key', 'private_key', 'tracking_provider', 'tracking_id', 'tracking_secret', 'pixel_id',
    'access_token', 'forwarding_url', 'promotion_url', 'promotion_product_id', 'enabled',
  ], channels);
  await put('bank', ['id', 'market', 'code', 'name', 'bins'], banks);
  await put('customer_label', ['id', 'label_name', 'mark_color'], labels);
  return { merchants, labelIds: labels.map((l) => l[0] as number) };
}

async function accountIds(raw: Raw): Promise<GenContext['accounts']> {
  const rows = await raw.query<{ id: number; account: string }>(
    `SELECT id, account FROM admin_account WHERE deleted_at IS NULL AND account IN ('admin', 'reviewer1', 'reviewer2', 'prereview', 'withdrawal', 'collector', 'reminder')`,
  );
  const by = new Map(rows.map((r) => [r.account, Number(r.id)]));
  const get = (a: string) => by.get(a) ?? null;
  return {
    admin: get('admin'), reviewer1: get('reviewer1'), reviewer2: get('reviewer2'), prereview: get('prereview'),
    withdrawal: get('withdrawal'), collector: get('collector'),
    staff: ['reviewer1', 'reviewer2', 'collector', 'reminder', 'admin'].map(get).filter((x): x is number => x !== null),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Chunk producers: inline, or a pool of worker threads

type Produced = ChunkResult['tables'];

interface Producer {
  get(index: number): Promise<Produced>;
  close(): Promise<void>;
}

function inlineProducer(ctx: GenContext, chunks: ChunkSpec[]): Producer {
  return {
    async get(index) {
      const sinks = generateChunk(ctx, chunks[index], csvSinks());
      const out: Produced = {};
      for (const t of SEED_TABLES) out[t] = { bytes: sinks[t].bytes(), rows: sinks[t].count };
      return out;
    },
    async close() {},
  };
}

function workerProducer(ctx: GenContext, chunks: ChunkSpec[], count: number): Producer {
  const boot = new URL('./worker-boot.mjs', import.meta.url);
  const entry = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url).href;
  const workers = Array.from({ length: count }, () => new Worker(boot, {
    workerData: { entry, ctx },
    // A bigger young generation: the generator allocates many short-lived strings.
    resourceLimits: { maxYoungGenerationSizeMb: 96 },
  }));
  const pending = new Map<number, { resolve: (p: Produced) => void; reject: (e: Error) => void }>();
  const results = new Map<number, Promise<Produced>>();
  let next = 0;
  const busy = new Set<Worker>();
  const dispatch = () => {
    for (const w of workers) {
      // Keep a bounded look-ahead so memory stays flat: at most two chunks per worker waiting to be loaded.
      if (busy.has(w) || next >= chunks.length || results.size >= count * 2) continue;
      const index = next++;
      busy.add(w);
      const result = new Promise<Produced>((resolve, reject) => pending.set(index, { resolve, reject }));
      result.catch(() => undefined); // rejections are seen when the chunk is awaited
      results.set(index, result);
      w.postMessage({ index, spec: chunks[index] });
    }
  };
  for (const w of workers) {
    w.on('message', (msg: ChunkResult) => {
      busy.delete(w);
      pending.get(msg.index)?.resolve(msg.tables);
      pending.delete(msg.index);
      dispatch();
    });
    const fail = (err: Error) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (code !== 0 && pending.size) fail(new Error(`seed worker exited with code ${code}`));
    });
  }
  dispatch();
  return {
    async get(index) {
      dispatch();
      const p = results.get(index);
      if (!p) throw new Error(`chunk ${index} was not scheduled`);
      const out = await p;
      results.delete(index);
      dispatch();
      return out;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The load

interface IndexDef {
  name: string;
  def: string;
}

async function secondaryIndexes(raw: Raw, tables: readonly string[]): Promise<IndexDef[]> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  return raw.query<IndexDef>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_class ic ON ic.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relname IN (${list}) AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY c.relname, ic.relname`,
  );
}

/** Default time anchor: now, rounded down to the hour (re-running within the hour gives the same rows). */
export function defaultAnchor(): number {
  return Math.floor(Date.now() / 3_600_000) * 3_600_000;
}

/**
 * Replaces the business data (customers, orders and everything hanging off them, products, channels, ledger
 * accounts, banks, labels) with a generated world of `orders` loan orders; merchants are created or updated by
 * code. Accounts, roles, dictionaries and logs are kept.
 */
export async function seedBusinessData(db: Db, opts: SeedBusinessOptions): Promise<SeedResult> {
  const started = performance.now();
  const seed = opts.seed ?? 'demo';
  const now = opts.now ?? defaultAnchor();
  const rebuild = opts.rebuildIndexes ?? opts.orders >= 50_000;
  const report = (p: Omit<SeedProgress, 'elapsedMs'>) => opts.onProgress?.({ ...p, elapsedMs: performance.now() - started });
  const raw = await rawConnection(db);
  const rows = Object.fromEntries(SEED_TABLES.map((t) => [t, 0])) as Record<SeedTable, number>;
  let producer: Producer | null = null;
  const timings = { catalogMs: 0, rowsMs: 0, generateWaitMs: 0, copyMs: 0, indexesMs: 0, finishMs: 0, totalMs: 0 };
  try {
    await raw.query('BEGIN');
    await raw.query(`SET LOCAL maintenance_work_mem = '${raw.kind === 'pglite' ? '128MB' : '256MB'}'`);
    // The ledger's postings go with the balances they explain (TRUNCATE does not fire the append-only triggers).
    await raw.query(`TRUNCATE ${[...SEED_TABLES, ...CATALOG_TABLES, ...LEDGER_TABLES, ...ORDER_LINKED_TABLES].join(', ')} RESTART IDENTITY`);
    report({ phase: 'catalog', ordersDone: 0, ordersTotal: opts.orders, rowsDone: 0, etaMs: null });
    const catalog = await loadCatalog(raw, seed, now);
    const ctx: GenContext = {
      seed, now, orders: opts.orders, richLimit: opts.richLimit ?? 20_000, merchants: catalog.merchants,
      labelIds: catalog.labelIds, accounts: await accountIds(raw),
    };
    const plan = planSeed(ctx);
    const chunks = chunkPlan(plan, opts.chunkOrders ?? 25_000);
    timings.catalogMs = performance.now() - started;

    const dropped = rebuild ? await secondaryIndexes(raw, SEED_TABLES) : [];
    for (const ix of dropped) await raw.query(`DROP INDEX "${ix.name}"`);

    const rowsStarted = performance.now();
    producer = opts.workers && opts.workers > 0 && chunks.length > 1 ? workerProducer(ctx, chunks, opts.workers) : inlineProducer(ctx, chunks);
    let ordersDone = 0;
    let rowsDone = 0;
    const workTotal = chunks.reduce((a, c) => a + c.estimatedRows, 0);
    let workDone = 0;
    for (let i = 0; i < chunks.length; i++) {
      const waitStarted = performance.now();
      const tables = await producer.get(i);
      const copyStarted = performance.now();
      timings.generateWaitMs += copyStarted - waitStarted;
      for (const t of SEED_TABLES) {
        const { bytes, rows: n } = tables[t];
        if (!n) continue;
        await raw.copy(t, TABLE_COLUMNS[t], bytes, true);
        rows[t] += n;
        rowsDone += n;
      }
      timings.copyMs += performance.now() - copyStarted;
      ordersDone += tables.loan_order.rows;
      workDone += chunks[i].estimatedRows;
      const spent = performance.now() - rowsStarted;
      report({ phase: 'rows', ordersDone, ordersTotal: plan.orders, rowsDone, etaMs: (spent / workDone) * (workTotal - workDone) });
    }
    await producer.close();
    producer = null;
    timings.rowsMs = performance.now() - rowsStarted;

    const indexStarted = performance.now();
    if (dropped.length) {
      report({ phase: 'indexes', ordersDone, ordersTotal: plan.orders, rowsDone, etaMs: null });
      for (const ix of dropped) await raw.query(ix.def);
    }
    timings.indexesMs = performance.now() - indexStarted;

    const finishStarted = performance.now();
    report({ phase: 'finish', ordersDone, ordersTotal: plan.orders, rowsDone, etaMs: null });
    for (const t of ['customer', 'loan_order', 'bank_card']) {
      await raw.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), coalesce((SELECT max(id) FROM ${t}), 1), (SELECT count(*) > 0 FROM (SELECT 1 FROM ${t} LIMIT 1) x))`);
    }
    // Merchant balances follow the loaded orders: money lent out and not yet repaid, and a 5 % risk reserve of it.
    await raw.query(
      `UPDATE ledger_account la SET balance_minor = s.amount, updated_at = now()
       FROM (SELECT merchant_id, sum(remaining_debt_minor)::bigint AS amount FROM loan_order
             WHERE status IN ('repaying', 'overdue', 'extended') GROUP BY merchant_id) s
       WHERE la.merchant_id = s.merchant_id AND la.kind = 'loan'`,
    );
    await raw.query(
      `UPDATE ledger_account r SET balance_minor = l.balance_minor / 20, updated_at = now()
       FROM ledger_account l WHERE l.merchant_id = r.merchant_id AND l.kind = 'loan' AND r.kind = 'risk'`,
    );
    await raw.query('COMMIT');
    // The loaded balances enter the book as opening postings (equity the other side), so the ledger balances.
    await openUnpostedBalances(db, new Date(now));
    await raw.query(`ANALYZE ${[...SEED_TABLES, ...CATALOG_TABLES, 'merchant'].join(', ')}`);
    timings.finishMs = performance.now() - finishStarted;
    if (opts.filesDir) writeStockPictures(opts.filesDir);
    timings.totalMs = performance.now() - started;
    report({ phase: 'done', ordersDone, ordersTotal: plan.orders, rowsDone, etaMs: 0 });
    return { merchants: catalog.merchants.length, customers: plan.customers, orders: plan.orders, rows, timings };
  } catch (err) {
    await raw.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (producer) await producer.close().catch(() => undefined);
    raw.release();
  }
}
