import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { CommandApiError, createNodeCaller, runCommand } from '../../commands/run';
import { buildApp, type App } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { confirmWithdrawal } from '../../src/server/modules/payment/disburse';
import { createMerchant, createOrder, createSandboxChannel, setChannelFailureRate } from '../../src/server/modules/payment/payment.fixtures';
import { merchantPaymentConfig } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * Payout commands run through the same runner as the palette, against a live server on a real port (the Node caller
 * sends the Idempotency-Key of money commands): a failed payout is re-transferred and paid, a successful loan is
 * reversed with the secure operation key, a transfer waiting for audit is approved; a reviewer is refused.
 */
describe('scenario: payouts by commands', () => {
  let app: App;
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;

  async function signIn(account: string): Promise<CommandContext> {
    const { token } = await createNodeCaller(url, null)<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd: DEMO_PASSWORD });
    const call = createNodeCaller(url, token);
    const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    return { call, nodes: me.node_list };
  }
  const status = async (orderId: number) => (await db.select().from(loanOrder).where(eq(loanOrder.id, orderId)))[0].status;
  const confirm = (orderId: number) => confirmWithdrawal(app.deps, { orderId, actorId: null, withdrawalType: 'auto', idempotencyKey: `sc-${crypto.randomUUID()}` });

  beforeAll(async () => {
    const database = await openTestDatabase();
    db = database.db;
    await seedDemo(db, DEMO_PASSWORD);
    app = await buildApp({ db, cfg: testConfig() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    drop = database.drop;
    paymentRuntime(app.deps).delivery = 'manual';
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('failure → re-transfer → success; reverse with the secure key; audit approve; a reviewer is refused', async () => {
    const rt = paymentRuntime(app.deps);
    const m = await createMerchant(db, { available: 20_000_000 });
    const ch = await createSandboxChannel(db, { failureRate: 100 });
    await db.insert(merchantPaymentConfig).values({ merchantId: m, payoutChannelId: ch.id });
    const admin = await signIn('admin');

    const { orderId } = await createOrder(db, { merchantId: m });
    const view = await confirm(orderId);
    await rt.flush();
    expect(await status(orderId)).toBe('failed');

    await setChannelFailureRate(db, ch.id, 0);
    const sel = { selection: [{ id: view.transfer_id }] };
    const again = await runCommand<{ status: string }>('transfer.TransferOrderFail.retransfer', {}, { ...admin, ...sel });
    expect(again.status).toBe('in_progress');
    await rt.flush();
    expect(await status(orderId)).toBe('repaying');

    await runCommand('system.bankChannel.secureKey', { new_password: 'Scenario-Key-1' }, admin);
    const wrong = await runCommand('transfer.TransferOrderSuccess.reverse', { secure_password: 'nope', reason: 'duplicate payout' }, { ...admin, ...sel }).catch((e) => e);
    expect(wrong).toBeInstanceOf(CommandApiError);
    expect((wrong as CommandApiError).code).toBe(40300);
    const reversed = await runCommand<{ status: string }>('transfer.TransferOrderSuccess.reverse', { secure_password: 'Scenario-Key-1', reason: 'duplicate payout' }, { ...admin, ...sel });
    expect(reversed.status).toBe('failure');
    expect(await status(orderId)).toBe('failed');

    await db.update(merchantPaymentConfig).set({ auditEnabled: true }).where(eq(merchantPaymentConfig.merchantId, m));
    const second = await createOrder(db, { merchantId: m });
    const waiting = await confirm(second.orderId);
    expect(waiting.status).toBe('pending_review');
    const reviewer = await signIn('reviewer1');
    const refused = await runCommand('transfer.orderAudit.approve', { remark: 'ok' }, { ...reviewer, selection: [{ id: waiting.transfer_id }] }).catch((e) => e);
    expect((refused as { code: string }).code).toBe('forbidden');
    const approved = await runCommand<{ status: string }>('transfer.orderAudit.approve', { remark: 'checked' }, { ...admin, selection: [{ id: waiting.transfer_id }] });
    expect(approved.status).toBe('in_progress');
    await rt.flush();
    expect(await status(second.orderId)).toBe('repaying');

    const check = await checkLedger(db);
    expect(check.unbalancedPostings).toEqual([]);
    expect(check.driftedAccounts).toEqual([]);
  });
});
