import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { SMS_API } from '../../../schemas/sms';
import { merchant } from '../merchant/merchant.table';
import { marketingEntry, marketingGroup } from '../marketing/marketing.table';
import { runSmsTasks } from './jobs';
import { smsRuntime } from './providers';
import { smsSandboxInbox, smsTask, smsTaskRecipient } from './sms.table';

/**
 * The sending job stopped mid-task on real PostgreSQL: once as a crash right after claiming a batch (its messages
 * recorded, nothing handed over), once aborted while a batch was with the gateway (handed over, the answer not
 * recorded). The next run resumes where it stopped: every number reaches the sandbox exactly once. Runs with
 * DATABASE_URL; skipped otherwise.
 */
const pg = !!process.env.DATABASE_URL;

describe.skipIf(!pg)('SMS task resumes after a stop on PostgreSQL, no number twice', () => {
  let t: TestApp;
  let op: string;
  let main: number;
  const deps = () => ({ db: t.db, now: () => t.clock.now }) as never;
  beforeAll(async () => {
    t = await createTestApp();
    op = await t.login('merchant');
    [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
    smsRuntime(t.db).delivery = 'manual';
  }, 120_000);
  afterAll(() => t?.close());

  it('crash after a claim, abort during a hand-over, then resume: each number once', async () => {
    const N = 3000;
    const cfg = await t.post(op, SMS_API.configAdd, {
      merchant_id: main, name: 'PG sandbox', provider: 'sandbox', purpose: 'marketing', enabled: true, probability: 100, sort_order: 0,
      balance: 100000, min_balance: 0, alarm_threshold: 0, rate_per_second: 400, params: { latency_ms: 50 }, number_prefix: '', text: '',
    });
    expect(cfg.code, cfg.msg).toBe(20000);
    const [{ id: groupId }] = await t.db.insert(marketingGroup).values({ merchantId: main, name: 'PG resume' }).returning({ id: marketingGroup.id });
    await t.db.insert(marketingEntry).values(Array.from({ length: N }, (_, i) => ({ merchantId: main, groupId, phone: `0913${String(100000 + i)}` })));
    const task = await t.post(op, SMS_API.taskAdd, { merchant_id: main, type: 'marketing', name: 'Resume', content: 'Hello {phone}', source: 'group', group_id: groupId, start: true });
    expect(task.code, task.msg).toBe(20000);

    // 1. A crash right after the second claim.
    let claims = 0;
    await expect(runSmsTasks(deps(), { afterClaim: () => { if (++claims === 2) throw new Error('killed'); } })).rejects.toThrow('killed');
    const sending = (await t.db.select({ n: count() }).from(smsTaskRecipient).where(eq(smsTaskRecipient.status, 'sending')))[0].n;
    expect(sending).toBeGreaterThan(0);

    // 2. Aborted while a batch is with the gateway (latency 50 ms): handed over, answer not recorded.
    const ctl = new AbortController();
    const run = runSmsTasks(deps(), { afterClaim: () => { setTimeout(() => ctl.abort(), 10); }, signal: ctl.signal });
    await run;

    // 3. The next run finishes the task.
    for (let i = 0; i < 5; i++) {
      await runSmsTasks(deps(), { budgetMs: 30_000 });
      const [s] = await t.db.select().from(smsTask).where(eq(smsTask.id, task.data.id));
      if (s.status === 'finished') break;
    }
    const [done] = await t.db.select().from(smsTask).where(eq(smsTask.id, task.data.id));
    expect(done).toMatchObject({ status: 'finished', sentCount: N });
    const inbox = await t.db.execute(sql`select count(*)::int as n, count(distinct phone)::int as phones from ${smsSandboxInbox} where config_id = ${cfg.data.id}`);
    const row = (inbox as unknown as { rows: { n: number; phones: number }[] }).rows[0];
    expect(row).toEqual({ n: N, phones: N });
  }, 120_000);
});
