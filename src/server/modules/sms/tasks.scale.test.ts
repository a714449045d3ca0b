import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { SMS_API } from '../../../schemas/sms';
import { merchant } from '../merchant/merchant.table';
import { runSmsTasks } from './jobs';
import { smsRuntime } from './providers';
import { smsSandboxInbox, smsTask } from './sms.table';

/**
 * A large task from a file through the sending job on the embedded database: every number reaches the sandbox once and
 * the task finishes. SMS_SCALE_N sets the size (default 20,000: 100,000 takes about five times as long here).
 */
const N = Number(process.env.SMS_SCALE_N ?? 20_000);

describe('SMS task at scale', () => {
  let t: TestApp;
  let op: string;
  let main: number;
  beforeAll(async () => {
    t = await createTestApp();
    op = await t.login('merchant');
    [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
    smsRuntime(t.db).delivery = 'manual';
  }, 120_000);
  afterAll(() => t?.close());

  it(`sends ${N} numbers once each`, async () => {
    const cfg = await t.post(op, SMS_API.configAdd, {
      merchant_id: main, name: 'Scale sandbox', provider: 'sandbox', purpose: 'marketing', enabled: true, probability: 100, sort_order: 0,
      balance: 1_000_000, min_balance: 0, alarm_threshold: 0, rate_per_second: 100_000, params: {}, number_prefix: '', text: '',
    });
    expect(cfg.code, cfg.msg).toBe(20000);
    const csv = Buffer.from(['phone,name', ...Array.from({ length: N }, (_, i) => `09${String(20000000 + i)},P${i}`)].join('\n'));
    const boundary = '----scale';
    const fields = { merchant_id: String(main), type: 'marketing', name: 'Scale', content: 'Hi {name}', start: '1' };
    const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.csv"\r\nContent-Type: text/csv\r\n\r\n`), csv, Buffer.from(`\r\n--${boundary}--\r\n`));
    const t0 = Date.now();
    const res = await t.app.inject({ method: 'POST', url: SMS_API.taskUpload, payload: Buffer.concat(parts), headers: { authorization: op, 'x-api-token': op, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const body = res.json() as { code: number; msg: string; data: { task: { id: number; number_count: number } } };
    expect(body.code, body.msg).toBe(20000);
    expect(body.data.task.number_count).toBe(N);
    const t1 = Date.now();
    await runSmsTasks({ db: t.db, now: () => t.clock.now } as never, { budgetMs: 600_000 });
    const t2 = Date.now();
    const [task] = await t.db.select().from(smsTask).where(eq(smsTask.id, body.data.task.id));
    expect(task).toMatchObject({ status: 'finished', sentCount: N });
    const r = (await t.db.execute(sql`select count(*)::int as n, count(distinct phone)::int as phones, coalesce(sum(repeats), 0)::int as repeats from ${smsSandboxInbox}`) as unknown as { rows: { n: number; phones: number; repeats: number }[] }).rows[0];
    expect(r).toEqual({ n: N, phones: N, repeats: 0 });
    console.log(`SMS scale: ${N} numbers — upload ${t1 - t0} ms, sending ${t2 - t1} ms`);
  }, 900_000);
});
