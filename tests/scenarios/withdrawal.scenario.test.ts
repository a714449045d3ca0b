import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { CommandApiError, CommandError, createNodeCaller, runCommand } from '../../commands/run';
import { buildApp, type App } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { createQueueOrder, createWithdrawalWorld, type WithdrawalWorld } from '../../src/server/modules/withdrawal/withdrawal.fixtures';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * A withdrawal agent's day by commands, through the same runner as the palette against a live server: claim an order
 * of the pool, record the call, confirm for the customer (the runner sends the Idempotency-Key of the money command),
 * the payout arrives, notify the customer; a failed payout goes back to withdrawal; a reviewer is refused.
 */
describe('scenario: a withdrawal agent works the queues by commands', () => {
  let app: App;
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  let w: WithdrawalWorld;

  async function signIn(account: string): Promise<CommandContext> {
    const { token } = await createNodeCaller(url, null)<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd: DEMO_PASSWORD });
    const call = createNodeCaller(url, token);
    const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    return { call, nodes: me.node_list };
  }
  const status = async (orderId: number) => (await db.select().from(loanOrder).where(eq(loanOrder.id, orderId)))[0].status;
  const rows = async (ctx: CommandContext, path: string) => (await ctx.call<{ rows: Array<{ id: number }> }>({ method: 'GET', path }, { size: 500 })).rows.map((r) => r.id);

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
    w = await createWithdrawalWorld(db);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('claim → contact → confirm → payout → notify; failed payout → return; a reviewer is refused', async () => {
    const agent = await signIn('wdA');
    const at = new Date(app.businessClock.now().getTime() - 3_600_000);
    const o = await createQueueOrder(db, { merchantId: w.a, enteredAt: at, name: 'Pham Van Minh' });
    const sel = { selection: [{ id: o.id }] };

    expect(await rows(agent, '/loanapi/withdrawal/wait_for_list')).toContain(o.id);
    await runCommand('withdrawal.waitFor.claim', {}, { ...agent, ...sel });
    expect(await rows(agent, '/loanapi/withdrawal/my_wait_for_list')).toContain(o.id);

    await runCommand('withdrawal.MywaitForOrder.contact', { result: '2', note: 'wants the money today' }, { ...agent, ...sel });
    const invalid = await runCommand('withdrawal.MywaitForOrder.confirmWithdrawal', {}, { ...agent, ...sel }).catch((e) => e);
    expect(invalid).toBeInstanceOf(CommandError);
    expect((invalid as CommandError).code).toBe('invalid');
    const transfer = await runCommand<{ transfer_id: number }>('withdrawal.MywaitForOrder.confirmWithdrawal', { note: 'asked on the phone at 10:05' }, { ...agent, ...sel });
    expect(transfer.transfer_id).toBeGreaterThan(0);
    expect(await status(o.id)).toBe('disbursing');

    await paymentRuntime(app.deps).flush();
    expect(await status(o.id)).toBe('repaying');
    expect(await rows(agent, '/loanapi/withdrawal/payment_notice_list')).toContain(o.id);
    await runCommand('withdrawal.MyPaymentNoticeOrder.notify', { channel: 'sms' }, { ...agent, ...sel });
    expect(await rows(agent, '/loanapi/withdrawal/payment_notice_list')).not.toContain(o.id);
    const log = await agent.call<{ rows: Array<{ kind: string; content: string }> }>({ method: 'GET', path: '/loanapi/log/withdrawal_sms_list' }, { order_no: o.orderNo });
    expect(log.rows.map((r) => r.kind)).toEqual(['payment_notice']);
    expect(log.rows[0].content).toContain('Pham Van Minh');

    const failed = await createQueueOrder(db, { merchantId: w.a, enteredAt: at, status: 'failed' });
    const fsel = { selection: [{ id: failed.id }] };
    await runCommand('withdrawal.WaitForcustomerService.claim', {}, { ...agent, ...fsel });
    await runCommand('withdrawal.WaitForcustomerService.notify', {}, { ...agent, ...fsel });
    await runCommand('withdrawal.WaitForcustomerService.returnWithdrawal', { note: 'customer bound a new card' }, { ...agent, ...fsel });
    expect(await status(failed.id)).toBe('withdrawal');

    const reviewer = await signIn('reviewer1');
    const refused = await runCommand('withdrawal.waitFor.claim', {}, { ...reviewer, ...sel }).catch((e) => e);
    expect(refused).toBeInstanceOf(CommandError);
    expect((refused as CommandError).code).toBe('forbidden');
    const direct = await reviewer.call({ method: 'POST', path: '/loanapi/withdrawal/waitFor/claim' }, { id: o.id }).catch((e) => e);
    expect(direct).toBeInstanceOf(CommandApiError);
    expect((direct as CommandApiError).code).toBe(40300);

    const ledger = await checkLedger(db);
    expect(ledger.unbalancedPostings).toEqual([]);
    expect(ledger.driftedAccounts).toEqual([]);
  });
});
