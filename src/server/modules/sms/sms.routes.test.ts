import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { SMS_API } from '../../../schemas/sms';
import { customer } from '../client/client.table';
import { marketingEntry, marketingGroup } from '../marketing/marketing.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { withdrawalSmsLog } from '../withdrawal/withdrawal.table';
import { queueSms } from './engine';
import { runSmsDispatch, runSmsReminders, runSmsTasks } from './jobs';
import { signReport, smsRuntime } from './providers';
import { smsAlert, smsConfig, smsMessage, smsSandboxInbox, smsTask } from './sms.table';
import { seedSmsDemo } from './demo';
import { shortLink, shortLinkClick } from '../shortLink/shortLink.table';

/**
 * The SMS area over HTTP: configurations (secrets sealed and never shown, scope), the engine (probability, fail-over,
 * balance, alarm, delivery reports by signed callback), templates (unknown variable refused), tasks (group, customers,
 * file with a per-row report; duplicate-check code; start, pause, resume), reminders with a short link, and the
 * withdrawal SMS going through the engine.
 */
let t: TestApp;
let admin: string;
let op: string;
let main: number;
let other: number;
const deps = () => ({ db: t.db, now: () => t.clock.now, clock: { today: () => t.clock.now.toISOString().slice(0, 10), refresh: async () => undefined } }) as never;

beforeAll(async () => {
  t = await createTestApp();
  [admin, op] = await Promise.all([t.login('admin'), t.login('merchant')]);
  [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-SMS-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  smsRuntime(t.db).delivery = 'manual';
}, 90_000);
afterAll(() => t?.close());

const cfgBody = (over: Record<string, unknown> = {}) => ({
  merchant_id: main, name: `GW ${Math.random().toString(36).slice(2, 8)}`, provider: 'sandbox', purpose: 'marketing', enabled: true, probability: 100,
  sort_order: 0, balance: 1000, min_balance: 0, alarm_threshold: 0, rate_per_second: 1000, params: {}, number_prefix: '+84', text: '', ...over,
});

describe('configurations', () => {
  it('adds a merchant configuration with a sealed secret that is never shown back; scope and validation hold', async () => {
    const r = await t.post(op, SMS_API.configAdd, cfgBody({ name: 'Main GW', secret: 'topsecret-1234', purpose: 'collection' }));
    expect(r.code, r.msg).toBe(20000);
    expect(r.data.secret_hint).toBe('1234');
    expect(JSON.stringify(r.data)).not.toContain('topsecret');
    const [row] = await t.db.select().from(smsConfig).where(eq(smsConfig.id, r.data.id));
    expect(row.secretSealed).toBeTruthy();
    expect(row.secretSealed).not.toContain('topsecret');
    const list = await t.get(op, SMS_API.configList, {});
    expect(list.code).toBe(20000);
    expect(JSON.stringify(list.data)).not.toContain('topsecret');
    expect(JSON.stringify(list.data)).not.toContain('secret_sealed');
    // Another merchant's id: not found; a duplicate name: conflict; alarm below the minimum: refused.
    expect((await t.post(op, SMS_API.configAdd, cfgBody({ merchant_id: other }))).code).toBe(40400);
    expect((await t.post(op, SMS_API.configAdd, cfgBody({ name: 'Main GW' }))).code).toBe(40900);
    expect((await t.post(op, SMS_API.configAdd, cfgBody({ min_balance: 10, alarm_threshold: 5 }))).code).toBe(40000);
    expect((await t.post(op, SMS_API.configAdd, cfgBody({ name: 'x\u0000y' }))).code).toBe(40000);
    expect((await t.post(op, SMS_API.configAdd, cfgBody({ provider: 'http' }))).code).toBe(40000);
    // Merchant staff may not touch the platform's configurations.
    expect((await t.post(op, SMS_API.systemConfigAdd, { ...cfgBody(), merchant_id: undefined })).code).toBe(40300);
    const sys = await t.post(admin, SMS_API.systemConfigAdd, { ...cfgBody({ name: 'Platform GW', purpose: 'verification' }), merchant_id: undefined });
    expect(sys.code, sys.msg).toBe(20000);
    expect(sys.data.merchant_id).toBeNull();
    expect((await t.post(op, SMS_API.configEdit, { ...cfgBody(), id: sys.data.id })).code).toBe(40400);
  });
});

describe('engine', () => {
  it('fails over when a gateway refuses, takes the balance, raises the alarm once, and applies signed delivery reports', async () => {
    const bad = await t.post(admin, SMS_API.configAdd, cfgBody({ name: 'Refuser', purpose: 'reminder', probability: 100, sort_order: 0, params: { reject_rate: 1 } }));
    const good = await t.post(admin, SMS_API.configAdd, cfgBody({ name: 'Good', purpose: 'reminder', probability: 0, sort_order: 1, balance: 12, alarm_threshold: 10 }));
    expect(good.code, good.msg).toBe(20000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await queueSms(t.db, { merchantId: main, purpose: 'reminder', phone: `090000000${i}`, content: `Hello ${i}`, source: 'test' }))!);
    await runSmsDispatch(deps());
    const msgs = await t.db.select().from(smsMessage).where(sql`${smsMessage.id} = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(msgs.every((m) => m.status === 'sent' && m.configId === good.data.id)).toBe(true);
    const [g] = await t.db.select().from(smsConfig).where(eq(smsConfig.id, good.data.id));
    const [b] = await t.db.select().from(smsConfig).where(eq(smsConfig.id, bad.data.id));
    expect(g.balance).toBe(9);
    expect(b.balance).toBe(1000);
    expect(g.alarmRaised).toBe(true);
    expect(await t.db.select().from(smsAlert).where(eq(smsAlert.configId, g.id))).toHaveLength(1);
    const inbox = await t.db.select().from(smsSandboxInbox).where(eq(smsSandboxInbox.configId, g.id));
    expect(inbox.map((m) => m.phone).sort()).toEqual(['+84900000000', '+84900000001', '+84900000002']);
    // The callbacks: delivered; a forged one is refused and changes nothing.
    const forged = await t.app.inject({ method: 'POST', url: `/loanapi/sms/callback/${g.id}`, payload: JSON.stringify({ reports: [{ ref: String(ids[0]), status: 'failed' }] }), headers: { 'content-type': 'application/json', 'x-sms-signature': 'ab'.repeat(32) } });
    expect(forged.statusCode).toBe(403);
    expect(await smsRuntime(t.db).flush()).toEqual([200]);
    const after = await t.db.select().from(smsMessage).where(sql`${smsMessage.id} = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(after.every((m) => m.status === 'delivered' && m.deliveredAt)).toBe(true);
    const alerts = await t.get(op, SMS_API.alertList, {});
    expect(alerts.data.rows.some((a: { config_id: number }) => a.config_id === g.id)).toBe(true);
    const messages = await t.get(op, SMS_API.messageList, { status: 'delivered' });
    expect(messages.code).toBe(20000);
    expect(messages.data.rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe('tasks', () => {
  let groupId: number;
  beforeAll(async () => {
    await t.post(admin, SMS_API.configAdd, cfgBody({ name: 'Marketing GW', purpose: 'marketing', balance: 100000, rate_per_second: 5000 }));
    [{ id: groupId }] = await t.db.insert(marketingGroup).values({ merchantId: main, name: 'SMS test group' }).returning({ id: marketingGroup.id });
    await t.db.insert(marketingEntry).values(Array.from({ length: 30 }, (_, i) => ({ merchantId: main, groupId, phone: `0912${String(100000 + i)}` })));
  });

  it('refuses an unknown variable naming it, a {link} without a URL, another merchant’s group; writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(smsTask))[0].n;
    const bad = await t.post(op, SMS_API.taskAdd, { merchant_id: main, type: 'marketing', name: 'Bad', content: 'Hi {nmae}', source: 'group', group_id: groupId });
    expect(bad.code).toBe(40000);
    expect(bad.msg).toContain('nmae');
    expect((await t.post(op, SMS_API.taskAdd, { merchant_id: main, type: 'marketing', name: 'Bad', content: 'Go {link}', source: 'group', group_id: groupId })).code).toBe(40000);
    expect((await t.post(op, SMS_API.taskAdd, { merchant_id: other, type: 'marketing', name: 'Bad', content: 'Hi', source: 'group', group_id: groupId })).code).toBe(40400);
    expect((await t.db.select({ n: count() }).from(smsTask))[0].n).toBe(before);
  });

  it('sends a group task once per number, skips numbers already sent under the duplicate-check code; start, pause, resume', async () => {
    const a = await t.post(op, SMS_API.taskAdd, { merchant_id: main, type: 'marketing', name: 'Promo A', content: 'Hi {phone}, visit {link}', link_url: 'https://example.com/promo', source: 'group', group_id: groupId, dup_code: 'PROMO1' });
    expect(a.code, a.msg).toBe(20000);
    expect(a.data).toMatchObject({ number_count: 30, status: 'draft' });
    expect((await t.post(op, SMS_API.taskPause, { id: a.data.id })).code).toBe(42200);
    expect((await t.post(op, SMS_API.taskStart, { id: a.data.id })).code).toBe(20000);
    expect((await t.post(op, SMS_API.taskPause, { id: a.data.id })).code).toBe(20000);
    await runSmsTasks(deps(), { budgetMs: 5000 });
    expect((await t.db.select({ n: count() }).from(smsMessage).where(eq(smsMessage.taskId, a.data.id)))[0].n).toBe(0);
    expect((await t.post(op, SMS_API.taskResume, { id: a.data.id })).code).toBe(20000);
    await runSmsTasks(deps(), { budgetMs: 5000 });
    const [ta] = await t.db.select().from(smsTask).where(eq(smsTask.id, a.data.id));
    expect(ta).toMatchObject({ status: 'finished', sentCount: 30, skippedCount: 0 });
    const [m] = await t.db.select().from(smsMessage).where(eq(smsMessage.taskId, a.data.id)).limit(1);
    expect(m.content).toMatch(/\/s\/[A-Za-z0-9_-]+/);
    await smsRuntime(t.db).flush();
    const progress = await t.get(op, SMS_API.taskProgress, { ids: String(a.data.id) });
    expect(progress.data[0]).toMatchObject({ sent_count: 30, success_count: 30, pending: 0, status: 'finished' });
    // The same code again: every number skipped.
    const b = await t.post(op, SMS_API.taskAdd, { merchant_id: main, type: 'marketing', name: 'Promo B', content: 'Hi again', source: 'group', group_id: groupId, dup_code: 'PROMO1', start: true });
    await runSmsTasks(deps(), { budgetMs: 5000 });
    const [tb] = await t.db.select().from(smsTask).where(eq(smsTask.id, b.data.id));
    expect(tb).toMatchObject({ status: 'finished', sentCount: 0, skippedCount: 30 });
    const list = await t.get(op, SMS_API.taskList, {});
    expect(list.data.rows.map((r: { id: number }) => r.id)).toContain(a.data.id);
  });

  it('takes a file with a per-row report and refuses a bad file whole', async () => {
    const upload = async (name: string, content: Buffer, fields: Record<string, string>) => {
      const boundary = `----sms${Date.now()}`;
      const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`));
      const res = await t.app.inject({ method: 'POST', url: SMS_API.taskUpload, payload: Buffer.concat(parts), headers: { authorization: op, 'x-api-token': op, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` } });
      return res.json() as { code: number; msg: string; data: any };
    };
    const fields = { merchant_id: String(main), type: 'notice', name: 'From file', content: 'Dear {name}' };
    const ok = await upload('n.csv', Buffer.from('phone,name\n0987654321,An\n+84 987 654 322,Binh\n12345,Bad\n0987654321,Again\n'), fields);
    expect(ok.code, ok.msg).toBe(20000);
    expect(ok.data.task.number_count).toBe(2);
    expect(ok.data.refused).toEqual([{ row: 4, value: '12345', reason: 'invalid' }, { row: 5, value: '0987654321', reason: 'duplicate_in_file' }]);
    const before = (await t.db.select({ n: count() }).from(smsTask))[0].n;
    expect((await upload('n.csv', Buffer.from('mobile,x\n0987654321,1\n'), fields)).code).toBe(40000);
    expect((await upload('n.csv', Buffer.from([0x00, 0x01, 0x02]), fields)).code).toBe(40000);
    expect((await upload('n.csv', Buffer.from('phone\n0987654321\n'), { ...fields, content: 'Hi {who}' })).code).toBe(40000);
    expect((await t.db.select({ n: count() }).from(smsTask))[0].n).toBe(before);
    const recipients = await t.get(op, SMS_API.taskRecipients, { task_id: ok.data.task.id });
    expect(recipients.data.rows.map((r: { name: string }) => r.name)).toEqual(['An', 'Binh']);
  });
});

describe('templates and reminders', () => {
  it('refuses a template with an unknown variable and keeps a good one', async () => {
    const bad = await t.post(op, SMS_API.templateSave, { merchant_id: main, kind: 'due_d0', content: 'Pay {amout} today' });
    expect(bad.code).toBe(40000);
    expect(bad.msg).toContain('amout');
    expect((await t.post(op, SMS_API.templateSave, { merchant_id: main, kind: 'dormant', content: 'Pay {link}' })).code).toBe(40000);
    const good = await t.post(op, SMS_API.templateSave, { merchant_id: main, kind: 'due_d2', content: 'Hi {name}, {due} due {due_date}: {link}' });
    expect(good.code, good.msg).toBe(20000);
    const list = await t.get(op, SMS_API.templateList, { merchant_id: main });
    expect(list.data.templates.find((x: { kind: string }) => x.kind === 'due_d2')).toMatchObject({ custom: true });
  });

  it('sends the D-2 reminder once, with its short link, to the sandbox', async () => {
    await t.post(admin, SMS_API.configAdd, cfgBody({ name: 'Reminder GW', purpose: 'reminder', balance: 1000, probability: 100, sort_order: 0 }));
    const [c] = await t.db.insert(customer).values({ code: 'SMSR0001', merchantId: main, market: 'vn', name: 'Tran Van Nhac', phone: '0933111222' }).returning();
    const due = new Date(t.clock.now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    await t.db.insert(loanOrder).values({
      orderNo: 'SMSREM0001', merchantId: main, customerId: c.id, productId: 1, currency: 'VND', status: 'repaying', loanAmountMinor: 3_000_000,
      contractAmountMinor: 3_300_000, remainingDebtMinor: 3_300_000, dueDate: due,
    } as never);
    const r1 = await runSmsReminders(deps());
    expect(r1.queued).toBe(1);
    const r2 = await runSmsReminders(deps());
    expect(r2.queued).toBe(0);
    const [msg] = await t.db.select().from(smsMessage).where(and(eq(smsMessage.source, 'reminder'), eq(smsMessage.phone, '0933111222')));
    expect(msg.status).toBe('sent');
    const [got] = await t.db.select().from(smsSandboxInbox).where(eq(smsSandboxInbox.messageId, msg.id));
    expect(got.content).toContain('Tran Van Nhac');
    expect(got.content).toMatch(/https?:\/\/[^\s]+\/s\/[A-Za-z0-9_-]+/);
    // The customer opens the link: a redirect to the repayment page, and the click is logged on the link.
    const code = /\/s\/([A-Za-z0-9_-]+)/.exec(got.content)![1];
    const res = await t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': 'Mozilla/5.0 test' } });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('/repay');
    const [link] = await t.db.select().from(shortLink).where(eq(shortLink.code, code));
    expect(link.clicks).toBe(1);
    expect(await t.db.select().from(shortLinkClick).where(eq(shortLinkClick.linkId, link.id))).toHaveLength(1);
  });

  it('routes the withdrawal SMS through the engine: the log row follows the message status', async () => {
    const [c] = await t.db.select().from(customer).where(eq(customer.code, 'SMSR0001'));
    const { sendSms } = await import('../withdrawal/sms');
    const [o] = await t.db.select().from(loanOrder).where(eq(loanOrder.orderNo, 'SMSREM0001'));
    const row = await sendSms(t.db, { order: o, kind: 'reminder', accountId: null, at: t.clock.now });
    expect(row.status).toBe('logged');
    await runSmsDispatch(deps());
    const [log] = await t.db.select().from(withdrawalSmsLog).where(eq(withdrawalSmsLog.id, row.id));
    expect(log.status).toBe('sent');
    await smsRuntime(t.db).flush();
    const [log2] = await t.db.select().from(withdrawalSmsLog).where(eq(withdrawalSmsLog.id, row.id));
    expect(log2.status).toBe('delivered');
    expect(c).toBeTruthy();
  });

  it('seeds the demo idempotently', async () => {
    await seedSmsDemo(t.db);
    const n1 = (await t.db.select({ n: count() }).from(smsConfig))[0].n;
    await seedSmsDemo(t.db);
    expect((await t.db.select({ n: count() }).from(smsConfig))[0].n).toBe(n1);
    expect((await t.db.select().from(smsConfig).where(and(eq(smsConfig.merchantId, other), eq(smsConfig.provider, 'sandbox')))).length).toBe(2);
  });
});
