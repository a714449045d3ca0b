import { LIFECYCLE_ACTIONS, canTransition } from '../../schemas/lifecycle';
import { checkLedger } from '../modules/ledger/ledger';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../schemas/order';
import { MARKETS, type Market } from '../../schemas/merchant';
import { openTestDatabase } from '../../../tests/support/testApp';
import type { Database } from '../db/client';
import { SEED_CHANNELS, SEED_MERCHANTS, SEED_PRODUCTS } from './catalog';
import { seedDemo } from './demo';
import {
  chunkPlan, DAY, generateChunk, planSeed, SEED_TABLES, TABLE_COLUMNS, WINDOW_DAYS, type Cell, type GenContext, type Rows,
  type SeedTable,
} from './generate';
import { seedBusinessData, type SeedResult } from './load';
import { MARKET_DATA } from './markets';
import { Rng } from './rng';

const NOW = Date.parse('2026-03-01T10:00:00Z');

/** A context like the loader's, with made-up catalog ids. */
function context(orders: number, seed = 'test', richLimit = 300): GenContext {
  let productId = 1;
  let channelId = 1;
  return {
    seed, now: NOW, orders, richLimit, labelIds: [1, 2, 3],
    accounts: { admin: 1, reviewer1: 2, reviewer2: 3, prereview: 4, withdrawal: 5, collector: 6, staff: [1, 2, 6] },
    merchants: SEED_MERCHANTS.map((m, i) => {
      const products = SEED_PRODUCTS.filter((p) => p.enabled).map((p) => ({ ...p, id: productId++, name: p.key }));
      return {
        id: i + 1, market: m.market, currency: MARKET_DATA[m.market].currency, weight: m.weight, products,
        primeProduct: products.findIndex((p) => p.key === 'prime'),
        channels: SEED_CHANNELS.map((c) => ({ id: channelId++, weight: c.weight })),
      };
    }),
  };
}

function generateAll(ctx: GenContext, ordersPerChunk = 1_000_000): Rows {
  const plan = planSeed(ctx);
  const all = Object.fromEntries(SEED_TABLES.map((t) => [t, [] as Cell[][]])) as Rows;
  for (const spec of chunkPlan(plan, ordersPerChunk)) {
    const rows = generateChunk(ctx, spec);
    for (const t of SEED_TABLES) all[t].push(...rows[t]);
  }
  return all;
}

/** Rows of a table as objects keyed by column name. */
function objects(rows: Rows, table: SeedTable): Array<Record<string, any>> {
  const cols = TABLE_COLUMNS[table];
  return rows[table].map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i]])));
}

const ctx2000 = context(2000);
const rows2000 = generateAll(ctx2000, 600);

describe('seed generator', () => {
  it('is deterministic: same seed, same rows, whatever the chunking', () => {
    const again = generateAll(context(2000), 1_000_000);
    for (const t of SEED_TABLES) expect(again[t], t).toEqual(rows2000[t]);
    const other = generateAll(context(200, 'other seed'));
    expect(objects(other, 'customer').slice(0, 20).map((c) => c.name)).not.toEqual(objects(rows2000, 'customer').slice(0, 20).map((c) => c.name));
  });

  it('makes exactly the orders asked for, every status among them, new and returning customers', () => {
    const orders = objects(rows2000, 'loan_order');
    expect(orders).toHaveLength(2000);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const returning = orders.filter((o) => o.is_returning).length;
    expect(returning / orders.length).toBeGreaterThan(0.2);
    expect(returning / orders.length).toBeLessThan(0.7);
    expect(new Set(orders.map((o) => o.order_no)).size).toBe(2000);
    expect(orders.map((o) => o.id)).toEqual(orders.map((_, i) => i + 1));
    const customers = objects(rows2000, 'customer');
    expect(new Set(customers.map((c) => c.phone)).size).toBe(customers.length);
    expect(new Set(customers.map((c) => c.market))).toEqual(new Set(MARKETS));
  });

  // These checks run over every row: problems are collected and compared with [] (one expect per test keeps it fast).
  it('keeps money in integer minor units with received ≤ loan ≤ contract and due = contract + overdue − reductions', () => {
    const money = TABLE_COLUMNS.loan_order.filter((c) => c.endsWith('_minor'));
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => { if (!ok) problems.push(what); };
    for (const o of objects(rows2000, 'loan_order')) {
      const n = o.order_no;
      for (const c of money) check(Number.isInteger(o[c]) && o[c] >= 0, `${n} ${c} = ${o[c]}`);
      check(o.received_amount_minor <= o.loan_amount_minor, `${n} received > loan`);
      check(o.loan_amount_minor <= o.contract_amount_minor, `${n} loan > contract`);
      check(o.loan_amount_minor > 0, `${n} no loan amount`);
      const disbursed = o.success_at !== null;
      check(disbursed === ['repaying', 'overdue', 'extended', 'settled', 'bad_debt'].includes(o.status), `${n} ${o.status} disbursed=${disbursed}`);
      if (disbursed) {
        check(o.due_amount_minor === o.contract_amount_minor + o.overdue_interest_minor + o.overdue_penalty_minor - o.reduction_total_minor, `${n} due`);
        check(o.remaining_debt_minor === o.due_amount_minor - o.paid_amount_minor, `${n} remaining`);
        check(o.review_limit_minor === o.loan_amount_minor, `${n} limit`);
      } else {
        check(o.due_amount_minor === 0 && o.paid_amount_minor === 0 && o.remaining_debt_minor === 0 && o.due_date === null, `${n} owes before payout`);
      }
      check(o.settled === (o.status === 'settled'), `${n} settled flag`);
      if (o.settled) check(o.remaining_debt_minor === 0, `${n} settled with debt`);
      if (o.status === 'overdue') check(o.overdue_days > 0, `${n} overdue days`);
      if (o.status === 'bad_debt') check(o.overdue_days >= 90, `${n} bad debt days`);
      if (o.status === 'extended') check(o.extension_count > 0, `${n} extension count`);
      // The VND market has no minor unit in practice: amounts are whole thousands of đồng.
      if (o.currency === 'VND') check(o.loan_amount_minor % 1000 === 0, `${n} VND amount`);
    }
    expect(problems).toEqual([]);
  });

  it('dates orders plausibly within the last 180 days, with histories that lead to the status', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => { if (!ok) problems.push(what); };
    const history = new Map<number, Array<Record<string, any>>>();
    for (const h of objects(rows2000, 'order_status_history')) {
      const list = history.get(h.order_id) ?? [];
      list.push(h);
      history.set(h.order_id, list);
    }
    const t = (s: string | null) => (s === null ? NaN : Date.parse(s));
    const customers = objects(rows2000, 'customer');
    for (const o of objects(rows2000, 'loan_order')) {
      const n = `${o.order_no} (${o.status})`;
      const created = t(o.created_at);
      check(created > NOW - (WINDOW_DAYS + 2) * DAY, `${n} created ${o.created_at}`);
      check(t(o.updated_at) <= NOW && t(o.updated_at) >= created, `${n} updated ${o.updated_at}`);
      if (o.loan_at) check(t(o.loan_at) >= created, `${n} loan time`);
      if (o.success_at) {
        check(t(o.success_at) > t(o.loan_at) && t(o.success_at) <= NOW, `${n} success time`);
        // due date = disbursement day (market calendar) + loan days + extension days
        const tz = MARKET_DATA[customers[o.customer_id - 1].market as Market].tzOffsetMinutes;
        const successDay = Math.floor((t(o.success_at) + tz * 60_000) / DAY);
        check(Date.parse(o.due_date) / DAY - successDay === o.loan_days + o.extension_days, `${n} due date`);
      }
      if (o.settled_at) check(t(o.settled_at) > t(o.success_at), `${n} settled before payout`);
      const steps = history.get(o.id)!;
      check(steps[0].from_status === null && ['pending_review', 'reloan'].includes(steps[0].to_status), `${n} first step`);
      for (let i = 1; i < steps.length; i++) {
        check(steps[i].from_status === steps[i - 1].to_status, `${n} step ${i} from`);
        // Every generated step is one the lifecycle allows (src/schemas/lifecycle.ts).
        check(LIFECYCLE_ACTIONS.some((a) => canTransition(steps[i].from_status, steps[i].to_status, a)), `${n} step ${steps[i].from_status} → ${steps[i].to_status}`);
        check(t(steps[i].created_at) >= t(steps[i - 1].created_at), `${n} step ${i} time`);
      }
      check(steps.at(-1)!.to_status === o.status, `${n} last step`);
      check(t(steps.at(-1)!.created_at) === t(o.updated_at), `${n} last step time`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every customer contacts, a device, documents and a bank card; SMS, calls and apps to the rich subset', () => {
    const customers = objects(rows2000, 'customer');
    const per = (table: SeedTable) => {
      const m = new Map<number, number>();
      for (const r of objects(rows2000, table)) m.set(r.customer_id, (m.get(r.customer_id) ?? 0) + 1);
      return m;
    };
    const contacts = per('customer_contact');
    const devices = per('customer_device');
    const documents = per('customer_document');
    const cards = per('bank_card');
    const missing = customers.filter((c) => !(contacts.get(c.id)! >= 2 && devices.get(c.id)! >= 1 && documents.get(c.id)! >= 3 && cards.get(c.id)! >= 1));
    expect(missing).toEqual([]);
    expect(per('customer_sms').size).toBe(ctx2000.richLimit);
    expect(per('customer_call').size).toBe(ctx2000.richLimit);
    expect(per('customer_app').size).toBe(ctx2000.richLimit);
    expect(objects(rows2000, 'bank_card').filter((card) => !luhn(card.card_number))).toEqual([]);
  });
});

// Independent checks of the national formats (not the generator's own helpers).
function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return /^\d{12,19}$/.test(n) && sum % 10 === 0;
}

const NAME: Record<Market, RegExp> = {
  vn: /^[\p{Script=Latin}]+( [\p{Script=Latin}]+){2}$/u,
  cn: /^\p{Script=Han}{2,3}$/u,
  tw: /^\p{Script=Han}{2,3}$/u,
  eg: /^[\p{Script=Arabic} ]+$/u,
  th: /^\p{Script=Thai}+ \p{Script=Thai}+$/u,
  in: /^[A-Z][a-z]+ [A-Z][a-z]+$/,
  en: /^[A-Z][a-z]+ [A-Z][a-z]+$/,
};
const PHONE: Record<Market, RegExp> = {
  vn: /^0(3[2-9]|5[68]|7[06-9]|8[1-689]|9[0-46-8])\d{7}$/,
  cn: /^1[3-9]\d{9}$/,
  tw: /^09\d{8}$/,
  eg: /^01[0125]\d{8}$/,
  th: /^0[689]\d{8}$/,
  in: /^[6-9]\d{9}$/,
  en: /^[2-9]\d{2}[2-9]\d{6}$/,
};
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;
const TRADITIONAL = /[陳黃張劉楊許鄭謝郭賴葉蘇莊呂傑宏偉輝誠華萱涵穎雯蓁瑜淑玲詩]/u;

function validId(market: Market, id: string, birth: string, gender: string): boolean {
  switch (market) {
    case 'vn':
      return /^\d{12}$/.test(id) && id.slice(4, 6) === birth.slice(2, 4) && Number(id[3]) % 2 === (gender === '2' ? 1 : 0);
    case 'cn': {
      const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
      const s = w.reduce((acc, x, i) => acc + x * Number(id[i]), 0);
      return /^\d{17}[\dX]$/.test(id) && '10X98765432'[s % 11] === id[17] && id.slice(6, 14) === birth.replaceAll('-', '') && Number(id[16]) % 2 === (gender === '1' ? 1 : 0);
    }
    case 'tw': {
      const letters = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
      const n = letters.indexOf(id[0]) + 10;
      const s = Math.floor(n / 10) + (n % 10) * 9 + [...id.slice(1, 9)].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0) + Number(id[9]);
      return /^[A-Z][12]\d{8}$/.test(id) && s % 10 === 0 && id[1] === gender;
    }
    case 'eg':
      return /^[23]\d{13}$/.test(id) && id.slice(1, 7) === birth.replaceAll('-', '').slice(2) && Number(id[12]) % 2 === (gender === '1' ? 1 : 0);
    case 'th': {
      const s = [...id.slice(0, 12)].reduce((acc, d, i) => acc + Number(d) * (13 - i), 0);
      return /^[1-8]\d{12}$/.test(id) && (11 - (s % 11)) % 10 === Number(id[12]);
    }
    case 'in': {
      // Verhoeff, written out independently.
      const d = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]];
      const p = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]];
      let c = 0;
      [...id].reverse().forEach((ch, i) => { c = d[c][p[i % 8][Number(ch)]]; });
      return /^[2-9]\d{11}$/.test(id) && c === 0;
    }
    case 'en':
      return /^(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/.test(id);
  }
}

describe('markets', () => {
  const customers = objects(generateAll(context(3000, 'markets', 0)), 'customer');

  it.each(MARKETS)('%s: names in the local script, valid-looking phones, ID and tax numbers', (market) => {
    const mine = customers.filter((c) => c.market === market);
    expect(mine.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const c of mine) {
      if (!NAME[market].test(c.name)) problems.push(`name ${c.name}`);
      if (!PHONE[market].test(c.phone)) problems.push(`phone ${c.phone}`);
      if (!validId(market, c.id_number, c.birth_date, c.gender)) problems.push(`id ${c.id_number} ${c.birth_date} ${c.gender}`);
      if (!c.tax_id) problems.push(`no tax id for ${c.name}`);
      if (c.home_address.full.length <= 10) problems.push(`address ${c.home_address.full}`);
    }
    expect(problems).toEqual([]);
    if (market === 'vn') expect(mine.filter((c) => VIETNAMESE.test(c.name)).length / mine.length).toBeGreaterThan(0.9);
    if (market === 'tw') expect(mine.filter((c) => TRADITIONAL.test(c.name)).length / mine.length).toBeGreaterThan(0.5);
    if (market === 'in') expect(mine.filter((c) => !/^[A-Z]{3}P[A-Z]\d{4}[A-Z]$/.test(c.tax_id))).toEqual([]);
    if (market === 'eg') expect(mine.filter((c) => c.name.split(' ').length < 3)).toEqual([]);
  });

  it('draws from seeded streams only', () => {
    const a = new Rng('s', 'x', 1);
    const b = new Rng('s', 'x', 1);
    const c = new Rng('s', 'x', 2);
    const seq = (r: Rng) => Array.from({ length: 5 }, () => r.u32());
    expect(seq(a)).toEqual(seq(b));
    expect(seq(new Rng('s', 'x', 1))).not.toEqual(seq(c));
  });
});

describe('loading through COPY', () => {
  let database: Database & { drop(): Promise<void> };
  let first: SeedResult;
  const query = async <T>(q: SQL): Promise<T[]> => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const count = async (table: string) => Number((await query<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0].n);
  const fingerprint = async () => {
    const r = await query<{ o: string; c: string; h: string }>(sql.raw(
      `SELECT (SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM loan_order t) AS o,
              (SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM customer t) AS c,
              (SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM order_status_history t) AS h`));
    return r[0];
  };
  const indexes = async () => {
    const r = await query<{ indexdef: string }>(sql.raw(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN (${SEED_TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY indexname`));
    return r.map((x) => x.indexdef);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, 'Demo@2026', { business: false });
    first = await seedBusinessData(database.db, { orders: 2000, seed: 'copy', now: NOW, richLimit: 150 });
  });
  afterAll(async () => database?.drop());

  it('loads the expected counts', async () => {
    expect(first.orders).toBe(2000);
    for (const t of SEED_TABLES) expect(await count(t), t).toBe(first.rows[t]);
    expect(await count('customer')).toBe(first.customers);
    expect(await count('merchant')).toBe(SEED_MERCHANTS.length);
    expect(await count('product')).toBe(SEED_MERCHANTS.length * SEED_PRODUCTS.length);
    const statuses = await query<{ status: string }>(sql`SELECT DISTINCT status FROM loan_order`);
    expect(new Set(statuses.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    // The ledger's loan accounts hold what is lent out and not yet repaid.
    const ledger = await query<{ ok: boolean }>(sql`
      SELECT (SELECT sum(balance_minor) FROM ledger_account WHERE kind = 'loan')
           = (SELECT sum(remaining_debt_minor) FROM loan_order WHERE status IN ('repaying', 'overdue', 'extended')) AS ok`);
    expect(ledger[0].ok).toBe(true);
    // … and the loaded balances are in the book as opening postings: every posting balances, no balance drifts.
    expect(await checkLedger(database.db)).toEqual({ unbalancedPostings: [], driftedAccounts: [] });
    // Sequences continue after the explicit ids.
    const next = await query<{ id: number }>(sql`
      INSERT INTO customer (code, merchant_id, market, name, phone) VALUES ('X1', 1, 'vn', 'Test', '0900000000') RETURNING id`);
    expect(Number(next[0].id)).toBe(first.customers + 1);
    await database.db.execute(sql`DELETE FROM customer WHERE code = 'X1'`);
  });

  it('gives the same database through worker threads and rebuilt indexes', async () => {
    const before = await fingerprint();
    const defs = await indexes();
    const again = await seedBusinessData(database.db, {
      orders: 2000, seed: 'copy', now: NOW, richLimit: 150, workers: 1, chunkOrders: 700, rebuildIndexes: true,
    });
    expect(again.rows).toEqual(first.rows);
    expect(await fingerprint()).toEqual(before);
    expect(await indexes()).toEqual(defs);
  });
});
