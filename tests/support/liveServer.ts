import type { CommandContext } from '../../commands';
import { createNodeCaller } from '../../commands/run';
import { buildApp, type App } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { createSandboxChannel, merchantByCode, topUp } from '../../src/server/modules/payment/payment.fixtures';
import { merchantPaymentConfig } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD, openTestDatabase } from './testApp';

/**
 * A live server for the scenario tests (commands run through the palette's runner over HTTP): a fresh database with
 * the demo accounts (and the generated business data when asked), listening on a free port, sandbox callbacks held
 * for the test to flush.
 */
export interface LiveServer {
  app: App;
  db: Db;
  url: string;
  /** Signs a demo account in and answers the command context the runner needs. */
  signIn(account: string): Promise<CommandContext>;
  close(): Promise<void>;
}

export async function startLiveServer(opts: { business?: boolean } = {}): Promise<LiveServer> {
  const database = await openTestDatabase();
  await seedDemo(database.db, DEMO_PASSWORD, { business: opts.business ? {} : false });
  const app = await buildApp({ db: database.db, cfg: testConfig() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  paymentRuntime(app.deps).delivery = 'manual';
  return {
    app, db: database.db, url,
    async signIn(account) {
      const { token } = await createNodeCaller(url, null)<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd: DEMO_PASSWORD });
      const call = createNodeCaller(url, token);
      const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
      return { call, nodes: me.node_list };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The demo merchant with money to lend and a sandbox payout channel that always pays: its id. */
export async function fundedDemoMerchant(db: Db, code = 'M001'): Promise<number> {
  const merchantId = await merchantByCode(db, code);
  const ch = await createSandboxChannel(db, { failureRate: 0, latencyMs: 0 });
  await db.insert(merchantPaymentConfig).values({ merchantId, payoutChannelId: ch.id })
    .onConflictDoUpdate({ target: merchantPaymentConfig.merchantId, set: { payoutChannelId: ch.id } });
  await topUp(db, merchantId, 1_000_000_000);
  return merchantId;
}
