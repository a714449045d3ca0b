import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { CommandApiError, createNodeCaller, runCommand } from '../../commands/run';
import type { AppProducts } from '../../src/schemas/intake';
import { buildApp, type App } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { syntheticBorrower } from '../../src/server/modules/intake/borrowers';
import { demoApp } from '../../src/server/modules/intake/seedApps';
import { signedHeaders } from '../../src/server/modules/intake/signature';
import { customer } from '../../src/server/modules/client/client.table';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { loanOrder, orderStatusHistory } from '../../src/server/modules/order/order.table';
import { DEMO_CHANNEL_CODE } from '../../src/server/modules/payment/demo';
import { setChannelFailureRate } from '../../src/server/modules/payment/payment.fixtures';
import { paymentChannel, transfer } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { runMachineReviewBatch } from '../../src/server/modules/scoring/machine-review.job';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * A loan's whole origination, the way it happens in production: the borrower's app (signed intake API over HTTP),
 * the machine-review job, and staff working by commands through the palette's runner against a live server —
 * first, second, pre-disbursement and disbursement review, the withdrawal agent confirming for the customer, the
 * payment channel's callback. Then the other roads: a reject, an interception, a failed payout re-transferred, and a
 * reviewer refused a second stage of the same order. The ledger balances after every road.
 */
describe('scenario: origination by commands', () => {
  let app: App;
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  let channelId: number;
  let products: AppProducts;
  const mainApp = demoApp('M001');
  let borrowerNo = 0;

  async function signIn(account: string): Promise<CommandContext> {
    const { token } = await createNodeCaller(url, null)<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd: DEMO_PASSWORD });
    const call = createNodeCaller(url, token);
    const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    return { call, nodes: me.node_list };
  }

  /** The borrower's app: a signed request to the intake API. */
  async function borrowerApp<T>(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${url}${path}`, {
      method, body: payload || undefined,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), 'lang-code': '103', ...signedHeaders({ ...mainApp, method, path, body: payload }), ...extra },
    });
    const env = await res.json() as { code: number; msg: string; data: T };
    if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
    return env.data;
  }

  const order = async (id: number) => (await db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
  const on = (ctx: CommandContext, id: number) => ({ ...ctx, selection: [{ id }] });
  /** A stage decision the way a reviewer takes it: on the order as they just read it (its version goes with it). */
  const decide = async (cmd: string, params: Record<string, unknown>, ctx: CommandContext, id: number) => {
    const seen = await ctx.call<{ version: string }>({ method: 'GET', path: '/loanapi/review/order_detail' }, { id });
    return runCommand(cmd, { ...params, version: seen.version }, on(ctx, id));
  };

  /** A new borrower registers, binds a card and applies; machine review runs. Returns the order (in its new status). */
  async function applyAndScore(): Promise<typeof loanOrder.$inferSelect> {
    const b = syntheticBorrower('vn', 'origination-scenario', ++borrowerNo);
    await borrowerApp('POST', '/loanapi/app/register', {
      phone: b.phone, name: b.name, id_number: b.id_number, birth_date: b.birth_date, gender: b.gender, device_id: b.device_id, device: b.device,
      profile: b.profile,
    });
    await borrowerApp('POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name });
    const p = products.products[0];
    const applied = await borrowerApp<{ order_no: string; status: string }>('POST', '/loanapi/app/apply', {
      phone: b.phone, product_id: p.product_id, amount: p.min_amount, days: p.min_days, device_id: b.device_id,
    });
    expect(applied.status).toBe('pending_review');
    const [o] = await db.select().from(loanOrder).where(eq(loanOrder.orderNo, applied.order_no));
    const batch = await runMachineReviewBatch(app.deps);
    expect(batch.skipped).toBe(false);
    return order(o.id);
  }

  /** An application that machine review sends to first review (the demo rules reject a few borrowers; those close). */
  async function scoredToFirstReview(): Promise<number> {
    for (let i = 0; i < 8; i++) {
      const o = await applyAndScore();
      if (o.status === 'first_review') return o.id;
      // The other outcome of machine review: closed by the rules, with the score stored.
      expect(o.status).toBe('closed');
      expect(o.machineReviewResult).toBe('rejected');
    }
    throw new Error('machine review rejected eight borrowers in a row');
  }

  async function expectBalancedLedger() {
    const check = await checkLedger(db);
    expect(check.unbalancedPostings).toEqual([]);
    expect(check.driftedAccounts).toEqual([]);
  }

  beforeAll(async () => {
    const database = await openTestDatabase();
    db = database.db;
    drop = database.drop;
    await seedDemo(db, DEMO_PASSWORD);
    app = await buildApp({ db, cfg: testConfig() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    // The sandbox channel answers when the test says so (flush), and pays unless told to fail.
    paymentRuntime(app.deps).delivery = 'manual';
    [{ id: channelId }] = await db.select({ id: paymentChannel.id }).from(paymentChannel).where(eq(paymentChannel.code, DEMO_CHANNEL_CODE));
    await setChannelFailureRate(db, channelId, 0);
    products = await borrowerApp<AppProducts>('GET', '/loanapi/app/products');
    expect(products.products.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('apply → machine review → first → second → pre → disbursement review → withdrawal confirmed → payout → callback success', async () => {
    const [reviewer1, reviewer2, prereview, admin, agent] = await Promise.all(
      ['reviewer1', 'reviewer2', 'prereview', 'admin', 'withdrawal'].map(signIn));
    const id = await scoredToFirstReview();

    await runCommand('review.trial.claim', {}, on(reviewer1, id));
    await decide('review.trial.approve', {}, reviewer1, id);
    expect((await order(id)).status).toBe('second_review');
    await decide('review.reviewAgain.approve', {}, reviewer2, id);
    expect((await order(id)).status).toBe('pre_review');
    await decide('review.PaymentPreTrial.approve', {}, prereview, id);
    expect((await order(id)).status).toBe('disbursement_review');

    // The pre-reviewer also holds the disbursement review page, but may not pass a second stage of the same order.
    const twice = await decide('review.reviewLoan.approve', {}, prereview, id).catch((e) => e);
    expect(twice).toBeInstanceOf(CommandApiError);
    expect((twice as CommandApiError).code).toBe(40300);
    expect((await order(id)).status).toBe('disbursement_review');

    await decide('review.reviewLoan.approve', {}, admin, id);
    expect((await order(id)).status).toBe('withdrawal');

    // The withdrawal agent calls the customer and confirms for them: money frozen, payout sent.
    await runCommand('withdrawal.waitFor.claim', {}, on(agent, id));
    await runCommand('withdrawal.MywaitForOrder.confirmWithdrawal', { note: 'Customer confirmed by phone' }, on(agent, id));
    const sent = await order(id);
    expect(sent.status).toBe('disbursing');
    expect(sent.withdrawalType).toBe('manual');

    await paymentRuntime(app.deps).flush();
    const paid = await order(id);
    expect(paid.status).toBe('repaying');
    expect(paid.successAt).not.toBeNull();
    expect(paid.dueDate).not.toBeNull();
    expect(paid.remainingDebtMinor).toBeGreaterThan(0);

    const path = (await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => h.toStatus);
    expect(path).toEqual(['pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal', 'disbursing', 'repaying']);
    await expectBalancedLedger();
  });

  it('a first reviewer rejects with a reason from the dictionary; the order closes', async () => {
    const reviewer1 = await signIn('reviewer1');
    const id = await scoredToFirstReview();
    const reasons = await reviewer1.call<{ rows: Array<{ value: string }> }>({ method: 'GET', path: '/loanapi/dict/by_code' }, { code: 'reject_reason' });
    expect(reasons.rows.length).toBeGreaterThan(0);
    const noReason = await decide('review.trial.reject', {}, reviewer1, id).catch((e) => e);
    expect(noReason).toBeTruthy();
    expect((await order(id)).status).toBe('first_review');
    await decide('review.trial.reject', { reason: reasons.rows[0].value, remark: 'ID photo unreadable' }, reviewer1, id);
    const closed = await order(id);
    expect(closed.status).toBe('closed');
    expect(closed.reviewResult).toBe('rejected');
    await expectBalancedLedger();
  });

  it('an order intercepted before disbursement waits suspended and is released back to its stage', async () => {
    const [reviewer1, prereview] = await Promise.all(['reviewer1', 'prereview'].map(signIn));
    const id = await scoredToFirstReview();
    await decide('review.trial.approve', {}, reviewer1, id);
    await runCommand('review.loanInterception.intercept', { reason: 'Same device as a defaulted customer' }, on(prereview, id));
    expect((await order(id)).status).toBe('suspended');
    // Nothing moves an intercepted order forward.
    const blocked = await decide('review.reviewAgain.approve', {}, await signIn('reviewer2'), id).catch((e) => e);
    expect(blocked).toBeInstanceOf(CommandApiError);
    expect((await order(id)).status).toBe('suspended');
    await runCommand('review.loanInterception.interceptRelease', {}, on(prereview, id));
    expect((await order(id)).status).toBe('second_review');
  });

  it('a failed payout is re-transferred and paid; the customer confirms in the app with an idempotency key', async () => {
    const [reviewer1, reviewer2, prereview, admin] = await Promise.all(['reviewer1', 'reviewer2', 'prereview', 'admin'].map(signIn));
    const id = await scoredToFirstReview();
    await decide('review.trial.approve', {}, reviewer1, id);
    await decide('review.reviewAgain.approve', {}, reviewer2, id);
    await decide('review.PaymentPreTrial.approve', {}, prereview, id);
    await decide('review.reviewLoan.approve', {}, admin, id);
    const o = await order(id);
    expect(o.status).toBe('withdrawal');

    await setChannelFailureRate(db, channelId, 100);
    const [{ phone }] = await db.select({ phone: customer.phone }).from(customer).where(eq(customer.id, o.customerId));
    const key = `app-${crypto.randomUUID()}`;
    const confirm = { phone, order_no: o.orderNo, device_id: syntheticBorrower('vn', 'origination-scenario', borrowerNo).device_id };
    await borrowerApp('POST', '/loanapi/app/confirm_withdrawal', confirm, { 'idempotency-key': key });
    // The app retries (a lost answer): the same key returns the same result and pays nothing twice.
    await borrowerApp('POST', '/loanapi/app/confirm_withdrawal', confirm, { 'idempotency-key': key });
    expect(await db.select().from(transfer).where(eq(transfer.orderId, id))).toHaveLength(1);
    await paymentRuntime(app.deps).flush();
    expect((await order(id)).status).toBe('failed');
    await expectBalancedLedger();

    await setChannelFailureRate(db, channelId, 0);
    const [t] = await db.select().from(transfer).where(eq(transfer.orderId, id));
    await runCommand('transfer.TransferOrderFail.retransfer', {}, on(admin, t.id));
    await paymentRuntime(app.deps).flush();
    expect((await order(id)).status).toBe('repaying');
    await expectBalancedLedger();
  });
});
