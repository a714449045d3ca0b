import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { runCommand } from '../../commands/run';
import { COLLECTION_API } from '../../src/schemas/collection';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { fundedDemoMerchant, startLiveServer, type LiveServer } from '../support/liveServer';
import { collectionCase, collectionEvent, collectionPromise } from '../../src/server/modules/collection/collection.table';
import { adminAccount } from '../../src/server/modules/empower/empower.table';
import { disbursedOrder } from '../../src/server/modules/repayment/repayment.fixtures';

/**
 * Collection driven the way staff drive it, by commands against a live server on the business clock: the
 * administrator sets up a group and two stages, the orders go overdue, the collection supervisor runs the collection day, the
 * demo collector works the cases (a result, a promise kept by the repayment, a promise broken, a case given back and
 * claimed again from the pool), and the allocation log says who got what and why.
 */
describe('scenario: collection by commands, on the business clock', () => {
  let app: App;
  let db: Db;
  let server: LiveServer;
  let m001: number;
  let collectorId: number;
  let admin: CommandContext;
  let colSupervisor: CommandContext;
  let collector: CommandContext;
  let merchantOp: CommandContext;

  const on = (ctx: CommandContext, id: number) => ({ ...ctx, selection: [{ id }] });
  const days = async (n: number) => {
    await runCommand('system.test.moveClock', { advance_days: n }, admin);
    await runCommand('system.test.runEndOfDay', {}, admin);
    return runCommand<{ merchants: Array<{ entered: number; assigned: number; promisesBroken: number }> }>(
      'collection.CollectionServiceManagement.runDay', { merchant_id: m001 }, colSupervisor);
  };
  const caseOf = async (orderId: number) => (await db.select().from(collectionCase).where(eq(collectionCase.orderId, orderId)).orderBy(asc(collectionCase.id))).at(-1)!;
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(app.deps.clock.now());

  beforeAll(async () => {
    // Accounts and merchants only: the jobs then work on this test's loans alone.
    server = await startLiveServer();
    ({ app, db } = server);
    m001 = await fundedDemoMerchant(db);
    [{ id: collectorId }] = await db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'collector'));
    [admin, colSupervisor, collector, merchantOp] = await Promise.all(['admin', 'colsupervisor', 'collector', 'merchant'].map(server.signIn));
  }, 120_000);
  afterAll(() => server?.close());

  it('set up, overdue, allocated, worked by the collector: a promise kept by the repayment, one broken, a case given back and claimed', async () => {
    const group = await runCommand<{ id: number }>('merchant.stage.groupAdd', { merchant_id: m001, name: 'Early team' }, admin);
    await runCommand('merchant.stage.memberSave', { group_id: group.id, account_id: collectorId, enabled: true, daily_cap: 0 }, admin);
    const stage = (name: string, min: number, max: number) => runCommand<{ id: number }>('merchant.stage.add', {
      merchant_id: m001, name, min_day: min, max_day: max, group_id: group.id, daily_cap: 10, reassign_after_days: 0, reminder: false, enabled: true, sort: 0,
    }, admin);
    const s1 = await stage('S1', 1, 7);
    await stage('S2', 8, 30);
    const overlap = await stage('Overlap', 5, 10).catch((e: Error) => e);
    expect(String(overlap)).toMatch(/S1|S2/);

    const a = await disbursedOrder(app.deps, m001, { loan: 1_000_000, interest: 100_000, loanDays: 2 });
    const b = await disbursedOrder(app.deps, m001, { loan: 2_000_000, interest: 200_000, loanDays: 2 });
    const run = await days(3);
    expect(run.merchants[0]).toMatchObject({ entered: 2, assigned: 2 });
    const mine = await collector.call<{ rows: Array<{ id: number; order_id: number }> }>({ method: 'GET', path: COLLECTION_API.myCases });
    expect(mine.rows.map((r) => r.order_id).sort()).toEqual([a.orderId, b.orderId].sort());
    const ca = await caseOf(a.orderId);
    const cb = await caseOf(b.orderId);
    expect(ca).toMatchObject({ stageId: s1.id, collectorId });

    // Case A: answered, promised for in two days, repaid in full → promise kept, case closed as a success.
    await runCommand('collection.myCollectionList.result', { result: 'answered', disposition: 'promise', note: 'Will pay on payday' }, on(collector, ca.id));
    const in2 = new Date(Date.parse(`${today()}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await runCommand('collection.myCollectionList.promise', { promise_date: in2, amount: 500_000 }, on(collector, ca.id));
    const owed = (await db.query.loanOrder.findFirst({ where: (o, { eq: e }) => e(o.id, a.orderId) }))!.remainingDebtMinor;
    await runCommand('repayment.settlement.add', { order_id: a.orderId, amount: owed, reference: 'BANK-A' }, merchantOp);
    expect(await caseOf(a.orderId)).toMatchObject({ id: ca.id, status: 'success', promiseStatus: 'kept', recoveredMinor: owed });

    // Case B: a promise for today not kept → broken at the next collection day; given back, claimed again from the pool.
    await runCommand('collection.myCollectionList.promise', { promise_date: today(), amount: 300_000 }, on(collector, cb.id));
    const next = await days(1);
    expect(next.merchants[0].promisesBroken).toBe(1);
    const [p] = await db.select().from(collectionPromise).where(eq(collectionPromise.caseId, cb.id));
    expect(p.status).toBe('broken');
    await runCommand('collection.myCollectionList.giveBack', { note: 'On leave tomorrow' }, on(collector, cb.id));
    expect((await caseOf(b.orderId)).collectorId).toBeNull();
    await runCommand('collection.collectionRemark.claim', {}, on(collector, cb.id));
    expect((await caseOf(b.orderId)).collectorId).toBe(collectorId);

    // The allocation log: who got what and why.
    const log = await colSupervisor.call<{ rows: Array<{ case_id: number; kind: string; reason: string }> }>({ method: 'GET', path: COLLECTION_API.allocation });
    const forB = log.rows.filter((r) => r.case_id === cb.id).map((r) => `${r.kind}:${r.reason}`);
    expect(forB).toEqual(expect.arrayContaining(['assigned:least_loaded', 'returned:returned', 'claimed:claimed']));
    const kinds = (await db.select().from(collectionEvent).where(and(eq(collectionEvent.caseId, ca.id))).orderBy(asc(collectionEvent.id))).map((e) => e.kind);
    expect(kinds).toEqual(['entered', 'assigned', 'result', 'promise', 'promise_kept', 'completed']);
  });
});
