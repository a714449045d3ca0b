import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { claimTask, dispatchQueue, finishTasks, openTask, queueLoad, releaseTask } from './task';
import { workTask } from './task.table';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const at = new Date('2026-03-01T10:00:00Z');
let acc: number[] = [];
let seq = 1000;

const code = async (p: Promise<unknown>) => p.then(() => 20000, (e) => (e instanceof AppError ? e.code : -1));
const liveRows = (queue: string, orderId: number) => db.select().from(workTask).where(and(eq(workTask.queue, queue), eq(workTask.orderId, orderId)));

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const rows = await db.insert(adminAccount).values([1, 2, 3, 4].map((i) => ({
    account: `tk${i}`, nickname: `tk${i}`, name: `Task Person ${i}`, phone: `0700000${i}`, passwordHash: 'x', roleId: 1,
    // tk1, tk2: merchant 1; tk3 and tk4: merchants 1 and 2 (an empty list would be no merchant: scoping fails closed).
    merchantIds: i >= 3 ? [1, 2] : [1],
  }))).returning({ id: adminAccount.id });
  acc = rows.map((r) => r.id);
}, 60_000);
afterAll(async () => database?.drop());

describe('openTask', () => {
  it('opens one live task per (queue, order): a second open returns the same task, another queue gets its own', async () => {
    const a = await openTask(db, { queue: 'test.a', orderId: ++seq, merchantId: 1, at });
    const b = await openTask(db, { queue: 'test.a', orderId: seq, merchantId: 1, at, note: 'again' });
    const c = await openTask(db, { queue: 'test.b', orderId: seq, merchantId: 1, at });
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ status: 'open', assigneeId: null, merchantId: 1 });
    expect(c.id).not.toBe(a.id);
    expect(await liveRows('test.a', seq)).toHaveLength(1);
  });

  it('of concurrent opens, exactly one inserts', async () => {
    const order = ++seq;
    const rows = await Promise.all(Array.from({ length: 20 }, () => openTask(db, { queue: 'test.race', orderId: order, merchantId: 1, at })));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(await liveRows('test.race', order)).toHaveLength(1);
  });

  it('opens a new task once the previous one is finished; customer tasks are unique per customer', async () => {
    const order = ++seq;
    const first = await openTask(db, { queue: 'test.c', orderId: order, merchantId: 1, at });
    await finishTasks(db, { orderId: order, queues: ['test.c'], at });
    const second = await openTask(db, { queue: 'test.c', orderId: order, merchantId: 1, at });
    expect(second.id).not.toBe(first.id);
    expect((await liveRows('test.c', order)).map((r) => r.status).sort()).toEqual(['done', 'open']);
    const x = await openTask(db, { queue: 'test.cust', customerId: 77, merchantId: 1, at });
    const y = await openTask(db, { queue: 'test.cust', customerId: 77, merchantId: 1, at });
    expect(y.id).toBe(x.id);
    await expect(openTask(db, { queue: 'test.cust', merchantId: 1, at })).rejects.toThrow();
  });
});

describe('claimTask / releaseTask', () => {
  it('claims exclusively: another account gets 40900 naming the holder; the holder claiming again is a no-op', async () => {
    const t = await openTask(db, { queue: 'test.claim', orderId: ++seq, merchantId: 1, at });
    const mine = await claimTask(db, { taskId: t.id, accountId: acc[0], at });
    expect(mine).toMatchObject({ status: 'claimed', assigneeId: acc[0] });
    const err = await claimTask(db, { taskId: t.id, accountId: acc[1], at }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 40900, messageId: 'task.alreadyClaimed', values: { name: 'Task Person 1' } });
    expect((await claimTask(db, { taskId: t.id, accountId: acc[0], at })).assigneeId).toBe(acc[0]);
  });

  it('refuses a task outside the merchant scope (40400), an unknown task (40400) and a finished one (42200)', async () => {
    const t = await openTask(db, { queue: 'test.scope', orderId: ++seq, merchantId: 2, at });
    expect(await code(claimTask(db, { taskId: t.id, accountId: acc[0], at, merchantIds: [1] }))).toBe(40400);
    expect(await code(claimTask(db, { taskId: 999_999_999, accountId: acc[0], at }))).toBe(40400);
    await finishTasks(db, { orderId: seq, at });
    expect(await code(claimTask(db, { taskId: t.id, accountId: acc[0], at }))).toBe(42200);
  });

  it('releases: only the holder (40900 for another), or anyone with force; releasing an open task is 42200', async () => {
    const t = await openTask(db, { queue: 'test.release', orderId: ++seq, merchantId: 1, at });
    await claimTask(db, { taskId: t.id, accountId: acc[0], at });
    expect(await code(releaseTask(db, { taskId: t.id, accountId: acc[1], at }))).toBe(40900);
    const back = await releaseTask(db, { taskId: t.id, accountId: acc[0], at });
    expect(back).toMatchObject({ status: 'open', assigneeId: null, claimedAt: null });
    expect(await code(releaseTask(db, { taskId: t.id, accountId: acc[0], at }))).toBe(42200);
    await claimTask(db, { taskId: t.id, accountId: acc[1], at });
    expect((await releaseTask(db, { taskId: t.id, accountId: acc[2], at, force: true })).status).toBe('open');
  });

  // PGlite runs one statement at a time, so there the claims are sequential; on PostgreSQL (npm run test:pg) they
  // race for the row lock and the guarded UPDATE must still leave exactly one owner.
  it('50 concurrent claims of one task give exactly one owner', async () => {
    const t = await openTask(db, { queue: 'test.concurrent', orderId: ++seq, merchantId: 1, at });
    const claimers = Array.from({ length: 50 }, (_, i) => acc[i % acc.length] + 1000 * (i + 1));
    const results = await Promise.allSettled(claimers.map((accountId) => claimTask(db, { taskId: t.id, accountId, at })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe(40900);
    const [row] = await db.select().from(workTask).where(eq(workTask.id, t.id));
    expect(row.assigneeId).toBe((won[0] as PromiseFulfilledResult<{ assigneeId: number }>).value.assigneeId);
  });
});

describe('dispatchQueue', () => {
  it('assigns oldest first to the least-loaded eligible account, never above the cap', async () => {
    const q = 'test.dispatch';
    const base = ++seq * 100;
    // Six open tasks of merchant 1 and two of merchant 2, one minute apart.
    for (let i = 0; i < 8; i++) {
      await openTask(db, { queue: q, orderId: base + i, merchantId: i < 6 ? 1 : 2, at: new Date(at.getTime() + i * 60_000) });
    }
    // tk1 already holds one task of the queue.
    const held = await db.select().from(workTask).where(and(eq(workTask.queue, q), eq(workTask.orderId, base)));
    await claimTask(db, { taskId: held[0].id, accountId: acc[0], at });

    const res = await dispatchQueue(db, { queue: q, accountIds: [acc[0], acc[1], acc[2]], cap: 3, at });
    // Oldest first, each to the least loaded (ties: lowest id): tk2, tk3, tk1, tk2, tk3 take the merchant-1 tasks;
    // only tk3 may take merchant 2 and it reaches the cap after the first of them.
    expect(res).toEqual({ assigned: 6, unassigned: 1 });
    const load = await queueLoad(db, q, [acc[0], acc[1], acc[2]]);
    expect([load.get(acc[0]), load.get(acc[1]), load.get(acc[2])]).toEqual([2, 2, 3]);
    const rows = await db.select().from(workTask).where(eq(workTask.queue, q));
    const m2 = rows.filter((x) => x.merchantId === 2).sort((a, b) => a.id - b.id);
    expect(m2.map((r) => [r.status, r.assigneeId])).toEqual([['claimed', acc[2]], ['open', null]]);
  });

  it('leaves tasks unassigned when every account is at the cap, and honours skip', async () => {
    const q = 'test.dispatch2';
    const base = ++seq * 100;
    for (let i = 0; i < 4; i++) await openTask(db, { queue: q, orderId: base + i, merchantId: 1, at: new Date(at.getTime() + i * 1000) });
    const res = await dispatchQueue(db, { queue: q, accountIds: [acc[0], acc[3]], cap: 1, at, skip: (t, a) => a === acc[3] && t.orderId === base });
    expect(res).toEqual({ assigned: 2, unassigned: 2 });
    const rows = await db.select().from(workTask).where(eq(workTask.queue, q));
    expect(rows.find((r) => r.orderId === base)?.assigneeId).toBe(acc[0]);
    expect(rows.find((r) => r.orderId === base + 1)?.assigneeId).toBe(acc[3]);
    expect(await dispatchQueue(db, { queue: q, accountIds: [], cap: 5, at })).toEqual({ assigned: 0, unassigned: 2 });
  });

  it('dispatches only the tasks of the given merchants', async () => {
    const q = 'test.dispatch3';
    const base = ++seq * 100;
    await openTask(db, { queue: q, orderId: base, merchantId: 1, at });
    await openTask(db, { queue: q, orderId: base + 1, merchantId: 2, at });
    const res = await dispatchQueue(db, { queue: q, accountIds: [acc[3]], cap: 10, at, merchantIds: [2] });
    expect(res).toEqual({ assigned: 1, unassigned: 0 });
    const rows = await db.select().from(workTask).where(eq(workTask.queue, q));
    expect(rows.find((r) => r.orderId === base)?.status).toBe('open');
  });
});
