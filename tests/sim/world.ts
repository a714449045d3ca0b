import type { CommandContext } from '../../commands';
import { createNodeCaller, runCommand } from '../../commands/run';
import { DEFAULT_DEBT_SETTINGS } from '../../src/schemas/repayment';
import type { AppProduct, AppProducts } from '../../src/schemas/intake';
import { demoApp, seedIntakeApps } from '../../src/server/modules/intake/seedApps';
import { signedHeaders } from '../../src/server/modules/intake/signature';
import { createSandboxChannel, merchantByCode, topUp } from '../../src/server/modules/payment/payment.fixtures';
import { merchantPaymentConfig } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime, type PaymentRuntime } from '../../src/server/modules/payment/runtime';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import type { LiveServer } from '../support/liveServer';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * Everything the simulated operations act through: a live server on a fresh database (PostgreSQL when DATABASE_URL is
 * set), the demo merchant M001 lending from a modest balance through a seeded sandbox channel that fails some payouts
 * and card deductions, the staff signed in, and the borrower's signed app API. Sandbox callbacks are held, so the
 * simulation delivers them itself — late, out of order, twice.
 */
export interface World {
  server: LiveServer;
  rt: PaymentRuntime;
  merchantId: number;
  products: AppProduct[];
  rejectReason: string;
  staff: Record<'admin' | 'merchant' | 'reviewer1' | 'reviewer2' | 'prereview' | 'withdrawal', CommandContext>;
  /** Callbacks already delivered once (to deliver again, later). */
  delivered: PaymentRuntime['pending'];
  /** The borrower app: a signed request; answers the envelope. */
  app<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; code: number; msg: string; data: T }>;
  /** A staff command with a chosen Idempotency-Key (so that a retry can repeat it). */
  run<T = unknown>(who: keyof World['staff'], id: string, params: Record<string, unknown>, opts?: { selection?: number; key?: string }): Promise<T>;
  close(): Promise<void>;
}

export const SECURE_KEY = 'Sim-Secure-Key-1';
/** The merchant starts with enough for a few dozen loans: payouts then meet the available-balance guard. */
const OPENING_BALANCE = 60_000_000;

export async function createWorld(seed: string): Promise<World> {
  const server = await startServer();
  try {
    return await setUp(server, seed);
  } catch (e) {
    await server.close();
    throw e;
  }
}

/**
 * The scenario tests' live server (tests/support/liveServer.ts), but logging errors: a 500 answers only a request
 * id, and the server's error line with its stack is what explains it.
 */
async function startServer(): Promise<LiveServer> {
  const database = await openTestDatabase();
  await seedDemo(database.db, DEMO_PASSWORD, { business: false });
  const app = await buildApp({ db: database.db, cfg: testConfig({ logLevel: (process.env.SIM_SERVER_LOG ?? 'error') as 'error' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  paymentRuntime(app.deps).delivery = 'manual';
  return {
    app, db: database.db, url,
    signIn: () => Promise.reject(new Error('the simulation signs in once per account itself')),
    close: async () => { await app.close(); await database.drop(); },
  };
}

async function setUp(server: LiveServer, seed: string): Promise<World> {
  const { db, url } = server;
  const rt = paymentRuntime(server.app.deps);
  const merchantId = await merchantByCode(db, 'M001');
  const ch = await createSandboxChannel(db, { failureRate: 15, latencyMs: 0, seed: `sim-${seed}` });
  await db.insert(merchantPaymentConfig).values({ merchantId, payoutChannelId: ch.id })
    .onConflictDoUpdate({ target: merchantPaymentConfig.merchantId, set: { payoutChannelId: ch.id } });
  await topUp(db, merchantId, OPENING_BALANCE);

  const names = ['admin', 'merchant', 'reviewer1', 'reviewer2', 'prereview', 'withdrawal'] as const;
  // One session per account (a second sign-in would replace the first): its token makes every caller below.
  const tokens = new Map<string, string>();
  const staff = {} as World['staff'];
  for (const n of names) {
    const { token } = await createNodeCaller(url, null)<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account: n, pwd: DEMO_PASSWORD });
    const call = createNodeCaller(url, token);
    const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    tokens.set(n, token);
    staff[n] = { call, nodes: me.node_list };
  }

  // Short loans with a grace day, a capped penalty, extensions and a waiver rule: every money road is reachable.
  await runCommand('merchant.DebtSettings.edit', {
    ...DEFAULT_DEBT_SETTINGS, merchant_id: merchantId, grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 2000, bad_debt_days: 20,
    extension_fee_type: 'rate', extension_fee_value: 1000, extension_days: 7, extension_due_base: 'today_if_overdue', extension_max_count: 2,
  }, staff.admin);
  await runCommand('merchant.repaymentDiscountRule.add', {
    merchant_id: merchantId, name: 'Sim waiver', min_overdue_days: 0, max_overdue_days: 365, max_penalty_bp: 10_000, max_interest_bp: 10_000, max_principal_bp: 2000, enabled: true,
  }, staff.admin);
  await runCommand('system.bankChannel.secureKey', { new_password: SECURE_KEY }, staff.admin);
  const reasons = await staff.reviewer1.call<{ rows: Array<{ value: string }> }>({ method: 'GET', path: '/loanapi/dict/by_code' }, { code: 'reject_reason' });

  // Two products, fees up front and at maturity, flat and daily interest, 1–3 million over 7–14 days.
  const product = { merchant_id: merchantId, term: 1, min_amount: 1_000_000, max_amount: 3_000_000, overdue_rate_bp: 100, management_fee_bp: 300, risk_fee_bp: 100, payment_fee_bp: 100 };
  await runCommand('merchant.product.add', { ...product, name: 'Sim flat 7', cycle: 7, min_days: 7, max_days: 7, rate_bp: 1000, interest_type: 'flat', fee_timing: 'upfront' }, staff.admin);
  await runCommand('merchant.product.add', { ...product, name: 'Sim daily 14', cycle: 14, min_days: 7, max_days: 14, rate_bp: 50, interest_type: 'daily', fee_timing: 'maturity' }, staff.admin);
  await seedIntakeApps(db);
  const keys = demoApp('M001');
  const app: World['app'] = async (method, path, body, headers = {}) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${url}${path}`, {
      method, body: payload || undefined, signal: AbortSignal.timeout(60_000),
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), 'lang-code': '100', ...signedHeaders({ ...keys, method, path, body: payload }), ...headers },
    });
    const env = await res.json() as { code: number; msg: string; data: never };
    return { status: res.status, ...env };
  };
  const catalogue = await app<AppProducts>('GET', '/loanapi/app/products');
  const products = catalogue.data?.products ?? [];
  if (!products.length) throw new Error(`the demo merchant offers no product: ${catalogue.code} ${catalogue.msg}`);

  const world: World = {
    server, rt, merchantId, products, staff, delivered: [], app,
    rejectReason: reasons.rows[0]?.value ?? 'other',
    run(who, id, params, opts = {}) {
      const call = createNodeCaller(url, tokens.get(who)!, 100, opts.key ? { idempotencyKey: () => opts.key! } : {});
      return runCommand(id, params, { call, nodes: staff[who].nodes, selection: opts.selection === undefined ? undefined : [{ id: opts.selection }] });
    },
    close: () => server.close(),
  };
  return world;
}
