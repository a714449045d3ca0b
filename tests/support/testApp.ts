import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app';
import { testConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/seed/demo';
import type { SeedBusinessOptions } from '../../src/server/seed/load';
import { MARKET_TIME_ZONE } from '../../src/schemas/merchant';

export const DEMO_PASSWORD = 'Demo@2026';

/**
 * The first quarter hour at or after `from` at which every market's local time is at least `marginMs` from its
 * midnight. A test whose clock steps forward (a minute refresh after a rebuild) pins its clock here first: a step
 * across one market's midnight turns that market's "today" over, and its facts with it (a CI run that rebuilt at
 * 18:29:30 UTC, 23:59:30 in Kolkata, compared the next minute against the new day).
 */
export function clearOfMidnights(from: Date, marginMs = 3_600_000): Date {
  const zones = Object.values(MARKET_TIME_ZONE);
  const minuteOfDay = (at: Date, timeZone: string) => {
    const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).split(':').map(Number);
    return h * 60 + m;
  };
  const margin = marginMs / 60_000;
  let at = new Date(Math.ceil(from.getTime() / 900_000) * 900_000);
  while (zones.some((z) => { const m = minuteOfDay(at, z); return m < margin || m > 1440 - margin; })) at = new Date(at.getTime() + 900_000);
  return at;
}

/**
 * A fresh database per test file: in-memory PGlite by default; with DATABASE_URL, a new database on that
 * server, dropped afterwards (the same suite then runs on real PostgreSQL).
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    return { ...database, drop: () => database.close() };
  }
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: 'memory://' });
  return {
    ...database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: App;
  db: Database['db'];
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
  /** Signs a demo (or any) account in and returns its token. */
  login(account: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  get<T = any>(token: string | null, url: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<Envelope<T> & { status: number }>;
  post<T = any>(token: string | null, url: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T> & { status: number }>;
}

/**
 * `seed` (default true) loads the demo accounts, roles and dictionaries; `business` (default false) also the demo's
 * generated business data (merchants of every market, customers, orders: a few seconds more), or a given size.
 */
export async function createTestApp(opts: {
  cfg?: Partial<Config>; captchaText?: () => string; seed?: boolean; business?: boolean | Partial<SeedBusinessOptions>;
} = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  if (opts.seed !== false) {
    await seedDemo(database.db, DEMO_PASSWORD, { business: opts.business ? (opts.business === true ? {} : opts.business) : false });
  }
  const clock = { now: new Date(), advance(ms: number) { this.now = new Date(this.now.getTime() + ms); } };
  const app = await buildApp({ db: database.db, cfg: testConfig(opts.cfg), now: () => clock.now, captchaText: opts.captchaText });
  const auth = (token: string | null): Record<string, string> => (token ? { authorization: token, 'x-api-token': token } : {});
  const t: TestApp = {
    app, db: database.db, clock,
    close: async () => { await app.close(); await database.drop(); },
    async get(token, url, query, headers = {}) {
      const res = await app.inject({ method: 'GET', url, query: query as Record<string, string>, headers: { ...auth(token), 'lang-code': '100', ...headers } });
      return { status: res.statusCode, ...(res.json() as Envelope) };
    },
    async post(token, url, body = {}, headers = {}) {
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { ...auth(token), 'lang-code': '100', ...headers } });
      return { status: res.statusCode, ...(res.json() as Envelope) };
    },
    async login(account, password = DEMO_PASSWORD, extra = {}) {
      const res = await t.post(null, '/loanapi/account/login', { account, pwd: password, ...extra });
      if (res.code !== 20000) throw new Error(`login ${account} failed: ${res.code} ${res.msg}`);
      return res.data.token as string;
    },
  };
  return t;
}
