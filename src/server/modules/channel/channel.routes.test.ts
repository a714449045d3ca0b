import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CHANNEL_API } from '../../../schemas/channel';
import { adminAccount } from '../empower/empower.table';
import { runRegistrationHooks } from '../intake/hooks';
import { operationLog } from '../log/log.table';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { applyChannelRule, channelAuditRuleFor, checkChannelLimits } from './auditRule';
import { boundChannelIds } from './binding';
import { channelConversion, channelDeliveryAttempt, channelSecret } from './channelAdmin.table';
import { channelSecretOf, sealPlainChannelSecrets } from './channels';
import { backoffMs, deliverDue, emitConversion, type Delivery } from './conversions';
import { isPrivateAddress, postJson, RefusedAddress, setResolverForTest, verifyBody } from './outbound';
import { resolveChannelCode } from './virtual';

/**
 * The channel area over HTTP: channels with sealed secrets shown once, merchant scoping, bad input, aliases without
 * cycles, audit rules, providers with signed, retried, logged deliveries (and SSRF refusal), staff bindings.
 */
let t: TestApp;
let admin: string;
let merchantOp: string;
let marketing: string;
let main: number;
let other: number;
let otherChannel: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantOp, marketing] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('marketing')]);
  [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  [{ id: otherChannel }] = await t.db.insert(channel).values({ merchantId: other, code: 'OTHER-FB', name: 'Other Facebook', type: 'facebook' }).returning({ id: channel.id });
}, 60_000);
afterAll(() => t.close());

const chan = (over: Record<string, unknown> = {}) => ({
  merchant_id: main, code: 'M001-FB', name: 'Facebook ads', type: 'facebook', extendable_quantity: 2, fixed_identifier: 'fb01', initial_tag: 'fb',
  tracking_provider: 'appsflyer', tracking_id: 'af-123', pixel_id: '998877', promotion_url: 'https://app.example.com/r/fb', ...over,
});
const TRACKING = 'trk_secret_value_1234';
const TOKEN = 'EAAGtoken_value_5678';

describe('channels', () => {
  let id: number;
  let privateKey: string;

  it('creates a channel with every field; secrets are shown once, then only as hints, and stored sealed', async () => {
    const r = await t.post(merchantOp, CHANNEL_API.add, chan({ generate_keys: true, tracking_secret: TRACKING, access_token: TOKEN }));
    expect(r.code, r.msg).toBe(20000);
    id = r.data.row.id;
    privateKey = r.data.secrets.private_key;
    expect(privateKey).toMatch(/BEGIN PRIVATE KEY/);
    expect(r.data.secrets).toMatchObject({ tracking_secret: TRACKING, access_token: TOKEN });
    expect(r.data.row).toMatchObject({ code: 'M001-FB', type: 'facebook', extendable_quantity: 2, fixed_identifier: 'fb01', tracking_secret_hint: '1234', access_token_hint: '5678' });
    expect(r.data.row.public_key).toMatch(/BEGIN PUBLIC KEY/);

    const list = await t.get(merchantOp, CHANNEL_API.list, { keyword: 'M001-FB' });
    expect(list.code).toBe(20000);
    const text = JSON.stringify(list.data);
    for (const s of [TRACKING, TOKEN, privateKey.split('\n')[1]]) expect(text).not.toContain(s);
    expect(list.data.rows[0].private_key_hint).toHaveLength(4);

    const [plain] = await t.db.select().from(channel).where(eq(channel.id, id));
    expect([plain.privateKey, plain.trackingSecret, plain.accessToken]).toEqual(['', '', '']);
    const [sealed] = await t.db.select().from(channelSecret).where(eq(channelSecret.channelId, id));
    expect(JSON.stringify(sealed)).not.toContain(TRACKING);
    expect(await channelSecretOf(t.db, id, 'tracking_secret')).toBe(TRACKING);
    expect(await channelSecretOf(t.db, id, 'private_key')).toBe(privateKey);

    const logs = await t.db.select().from(operationLog).where(like(operationLog.action, 'merchant.channel.%'));
    expect(JSON.stringify(logs)).not.toContain(TRACKING);
  });

  it('edits without returning secrets; a secret given replaces the sealed one; rotation makes a new key pair', async () => {
    const e = await t.post(merchantOp, CHANNEL_API.edit, { id, ...chan({ name: 'Facebook ads VN', access_token: 'EAAGnew_token_9999' }) });
    expect(e.code, e.msg).toBe(20000);
    expect(e.data.name).toBe('Facebook ads VN');
    expect(JSON.stringify(e.data)).not.toContain('EAAGnew_token_9999');
    expect(e.data.access_token_hint).toBe('9999');
    expect(await channelSecretOf(t.db, id, 'tracking_secret')).toBe(TRACKING);

    const before = (await t.db.select().from(channel).where(eq(channel.id, id)))[0].publicKey;
    const rot = await t.post(merchantOp, CHANNEL_API.rotate, { id, which: 'private_key' });
    expect(rot.code, rot.msg).toBe(20000);
    expect(rot.data.secrets.private_key).toMatch(/BEGIN PRIVATE KEY/);
    expect(rot.data.secrets.private_key).not.toBe(privateKey);
    expect(rot.data.row.public_key).not.toBe(before);
    const noValue = await t.post(merchantOp, CHANNEL_API.rotate, { id, which: 'access_token' });
    expect(noValue.code).toBe(40000);
  });

  it('seals secrets found in clear in the channel table', async () => {
    await t.db.update(channel).set({ trackingSecret: 'clear_tracking_0001', accessToken: 'clear_token_0002' }).where(eq(channel.id, otherChannel));
    expect(await sealPlainChannelSecrets(t.db)).toBe(1);
    const [c] = await t.db.select().from(channel).where(eq(channel.id, otherChannel));
    expect([c.trackingSecret, c.accessToken]).toEqual(['', '']);
    expect(await channelSecretOf(t.db, otherChannel, 'access_token')).toBe('clear_token_0002');
    expect(await channelSecretOf(t.db, otherChannel, 'private_key')).toBeNull();
    const [s] = await t.db.select().from(channelSecret).where(eq(channelSecret.channelId, otherChannel));
    expect(s.trackingSecretHint).toBe('0001');
    expect(await sealPlainChannelSecrets(t.db)).toBe(0);
  });

  it('enables and disables', async () => {
    const d = await t.post(merchantOp, CHANNEL_API.disable, { id });
    expect(d.code, d.msg).toBe(20000);
    expect(d.data.enabled).toBe(false);
    expect((await t.post(merchantOp, CHANNEL_API.enable, { id })).data.enabled).toBe(true);
  });

  it("keeps to the account's merchants", async () => {
    const list = await t.get(merchantOp, CHANNEL_API.list, { size: 500 });
    expect(list.data.rows.some((r: { id: number }) => r.id === otherChannel)).toBe(false);
    expect((await t.get(admin, CHANNEL_API.list, { merchant_id: other })).data.rows).toHaveLength(1);
    expect((await t.post(merchantOp, CHANNEL_API.edit, { id: otherChannel, ...chan({ code: undefined }) })).code).toBe(40400);
    expect((await t.post(merchantOp, CHANNEL_API.disable, { id: otherChannel })).code).toBe(40400);
    expect((await t.post(merchantOp, CHANNEL_API.add, chan({ merchant_id: other, code: 'X-1' }))).code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.rotate, { id: otherChannel, which: 'private_key' })).code).toBe(40400);
  });

  it('refuses bad input and writes nothing', async () => {
    const count = async () => (await t.db.select().from(channel)).length;
    const n = await count();
    for (const body of [
      chan({ code: 'BAD-1', name: 'nul\u0000byte' }),
      chan({ code: 'BAD-2', name: 'x'.repeat(5000) }),
      chan({ code: 'BAD-3', extendable_quantity: -1 }),
      chan({ code: 'BAD-4', extendable_quantity: 1e12 }),
      chan({ code: 'bad code!' }),
      chan({ code: 'BAD-5', forwarding_url: 'javascript:alert(1)' }),
      chan({ code: 'BAD-6', opened_at: '2026-05-01', expires_at: '2026-04-01' }),
      chan({ code: 'BAD-7', merchant_id: 2_147_483_648 }),
    ]) {
      const r = await t.post(merchantOp, CHANNEL_API.add, body);
      expect(r.code, JSON.stringify(body).slice(0, 80)).toBe(40000);
    }
    expect((await t.post(merchantOp, CHANNEL_API.add, chan({ code: 'm001-fb' }))).code).toBe(40900);
    expect(await count()).toBe(n);
  });
});

describe('virtual channels', () => {
  let real: number;
  let a: number;
  let b: number;
  beforeAll(async () => {
    const r = await t.post(merchantOp, CHANNEL_API.add, chan({ code: 'M001-TT', name: 'TikTok', type: 'tiktok' }));
    real = r.data.row.id;
  });

  it('routes an alias, and an alias of an alias, to the real channel', async () => {
    const ra = await t.post(merchantOp, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'TT-SPRING', name: 'TikTok spring', target_channel_id: real });
    expect(ra.code, ra.msg).toBe(20000);
    a = ra.data.id;
    const rb = await t.post(merchantOp, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'TT-SPRING-2', name: 'TikTok spring 2', target_virtual_id: a });
    expect(rb.code, rb.msg).toBe(20000);
    b = rb.data.id;
    expect(await resolveChannelCode(t.db, [main], 'TT-SPRING-2')).toEqual({ channelId: real, merchantId: main, virtualId: b });
    expect(await resolveChannelCode(t.db, [other], 'TT-SPRING-2')).toBeNull();
    const list = await t.get(merchantOp, CHANNEL_API.virtualList, {});
    expect(list.data.rows.find((r: { id: number }) => r.id === b).resolved_channel_id).toBe(real);
  });

  it('refuses a cycle, a second target, another merchant and a code already used', async () => {
    const cycle = await t.post(merchantOp, CHANNEL_API.virtualEdit, { id: a, name: 'loop', target_virtual_id: b });
    expect(cycle.code).toBe(40000);
    expect(cycle.data.issues[0].id).toBe('channel.aliasCycle');
    const self = await t.post(merchantOp, CHANNEL_API.virtualEdit, { id: a, name: 'self', target_virtual_id: a });
    expect(self.code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'TWO', name: 'Two targets', target_channel_id: real, target_virtual_id: a })).code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'FOREIGN', name: 'Foreign', target_channel_id: otherChannel })).code).toBe(40000);
    expect((await t.post(admin, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'FOREIGN', name: 'Foreign', target_channel_id: otherChannel })).code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.virtualAdd, { merchant_id: main, code: 'M001-TT', name: 'Clash', target_channel_id: real })).code).toBe(40900);
    expect((await t.post(merchantOp, CHANNEL_API.virtualDel, { id: a })).code).toBe(40900);
  });
});

describe('channel audit rules', () => {
  it('saves a rule that review and intake read', async () => {
    const c = await t.post(merchantOp, CHANNEL_API.add, chan({ code: 'M001-AFF', name: 'Affiliate', type: 'affiliate' }));
    const cid = c.data.row.id;
    const bad = await t.post(merchantOp, CHANNEL_API.ruleAdd, { channel_id: cid, skip_stages: ['first'], add_stages: ['first'] });
    expect(bad.code).toBe(40000);
    const r = await t.post(merchantOp, CHANNEL_API.ruleAdd, { channel_id: cid, skip_stages: ['second'], add_stages: ['pre'], force_manual: true, max_amount: 5_000_000, daily_cap: 1 });
    expect(r.code, r.msg).toBe(20000);
    expect((await t.post(merchantOp, CHANNEL_API.ruleAdd, { channel_id: cid })).code).toBe(40900);
    expect((await t.post(merchantOp, CHANNEL_API.ruleAdd, { channel_id: otherChannel })).code).toBe(40000);

    const rule = await channelAuditRuleFor(t.db, cid);
    expect(applyChannelRule(['first', 'second'], rule)).toEqual(['first', 'pre']);
    expect(applyChannelRule([], { ...rule!, addStages: [], skipStages: [] })).toEqual(['first']);
    const day = { now: t.clock.now, timeZone: 'Asia/Ho_Chi_Minh' };
    await expect(checkChannelLimits(t.db, { channelId: cid, amountMinor: 6_000_000, ...day })).rejects.toMatchObject({ messageId: 'channel.overMaxAmount' });
    await expect(checkChannelLimits(t.db, { channelId: cid, amountMinor: 1_000_000, ...day })).resolves.toBeUndefined();
    // One application today through the channel reaches its cap of 1; yesterday's does not count.
    await t.db.insert(loanOrder).values([
      { orderNo: 'CH-CAP-1', merchantId: main, customerId: 1, channelId: cid, productId: 1, currency: 'VND', status: 'pending_review', createdAt: t.clock.now },
      { orderNo: 'CH-CAP-0', merchantId: main, customerId: 1, channelId: cid, productId: 1, currency: 'VND', status: 'pending_review', createdAt: new Date(t.clock.now.getTime() - 86_400_000) },
    ]);
    await expect(checkChannelLimits(t.db, { channelId: cid, amountMinor: 1_000_000, ...day })).rejects.toMatchObject({ messageId: 'channel.dailyCapReached' });

    const off = await t.post(merchantOp, CHANNEL_API.ruleEdit, { id: r.data.id, enabled: false });
    expect(off.code, off.msg).toBe(20000);
    expect(await channelAuditRuleFor(t.db, cid)).toBeNull();
  });
});

describe('channel providers', () => {
  let cid: number;
  beforeAll(async () => {
    cid = (await t.post(merchantOp, CHANNEL_API.add, chan({ code: 'M001-GG', name: 'Google', type: 'google' }))).data.row.id;
  });
  const run = () => deliverDue({ db: t.db, now: () => t.clock.now });

  it('delivers signed events to the sandbox, once per event, logging each attempt', async () => {
    const p = await t.post(merchantOp, CHANNEL_API.providerAdd, { merchant_id: main, name: 'Sandbox tracker', kind: 'sandbox', channel_ids: [cid] });
    expect(p.code, p.msg).toBe(20000);
    expect(p.data.secret).toMatch(/^whsec_/);
    const list = await t.get(merchantOp, CHANNEL_API.providerList, {});
    expect(JSON.stringify(list.data)).not.toContain(p.data.secret);

    await t.db.transaction(async (tx) => {
      await runRegistrationHooks(tx, { customerId: 501, merchantId: main, phone: '0900000501', idNumber: '', channelId: cid, isNew: true, at: t.clock.now });
      await runRegistrationHooks(tx, { customerId: 501, merchantId: main, phone: '0900000501', idNumber: '', channelId: cid, isNew: false, at: t.clock.now });
      await emitConversion(tx, { merchantId: main, channelId: cid, kind: 'application', customerId: 501, orderId: 9001, at: t.clock.now });
    });
    const r = await run();
    expect(r).toMatchObject({ attempted: 2, delivered: 2 });
    const deliveries = await t.get(merchantOp, CHANNEL_API.deliveries, { provider_id: p.data.row.id });
    expect(deliveries.data.rows.map((d: { kind: string; status: string }) => `${d.kind}:${d.status}`).sort()).toEqual(['application:delivered', 'registration:delivered']);
    const attempts = await t.get(merchantOp, CHANNEL_API.attempts, { conversion_id: deliveries.data.rows[0].id });
    expect(attempts.data).toHaveLength(1);
    expect(attempts.data[0]).toMatchObject({ attempt: 1, status: 'ok', response_code: 200 });
    expect((await t.get(admin, CHANNEL_API.deliveries, { merchant_id: other })).data.rows).toHaveLength(0);
  });

  it('retries with backoff until the attempt limit, then fails; a retry sends once more', async () => {
    const p = await t.post(merchantOp, CHANNEL_API.providerAdd, { merchant_id: main, name: 'Flaky', kind: 'sandbox', failure_rate: 100, max_attempts: 3, channel_ids: [cid], events: ['payout'] });
    expect(p.code, p.msg).toBe(20000);
    await emitConversion(t.db, { merchantId: main, channelId: cid, kind: 'payout', customerId: 777, orderId: 9777, at: t.clock.now });
    const [cv] = await t.db.select().from(channelConversion).where(and(eq(channelConversion.providerId, p.data.row.id)));
    await run();
    let [now] = await t.db.select().from(channelConversion).where(eq(channelConversion.id, cv.id));
    expect(now).toMatchObject({ status: 'pending', attempts: 1, lastCode: 503 });
    expect(now.nextAttemptAt.getTime() - t.clock.now.getTime()).toBe(backoffMs(1));
    await run();
    expect((await t.db.select().from(channelConversion).where(eq(channelConversion.id, cv.id)))[0].attempts).toBe(1);
    t.clock.advance(backoffMs(1));
    await run();
    t.clock.advance(backoffMs(2));
    await run();
    [now] = await t.db.select().from(channelConversion).where(eq(channelConversion.id, cv.id));
    expect(now).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await t.db.select().from(channelDeliveryAttempt).where(eq(channelDeliveryAttempt.conversionId, cv.id))).toHaveLength(3);
    expect((await t.post(marketing, CHANNEL_API.retry, { id: cv.id })).code).toBe(40300);
    const retry = await t.post(merchantOp, CHANNEL_API.retry, { id: cv.id });
    expect(retry.code, retry.msg).toBe(20000);
    await run();
    [now] = await t.db.select().from(channelConversion).where(eq(channelConversion.id, cv.id));
    expect(now).toMatchObject({ status: 'failed', attempts: 4 });
  });

  it('signs http deliveries so the receiver can verify them, and refuses private addresses', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]/x', 'ftp://hooks.example.com/x']) {
      const r = await t.post(merchantOp, CHANNEL_API.providerAdd, { merchant_id: main, name: 'Bad', kind: 'http', url });
      expect(r.code, url).toBe(40000);
    }
    const p = await t.post(merchantOp, CHANNEL_API.providerAdd, { merchant_id: main, name: 'Partner', kind: 'http', url: 'https://hooks.partner.example.com/cv', channel_ids: [cid], events: ['registration'] });
    expect(p.code, p.msg).toBe(20000);
    await emitConversion(t.db, { merchantId: main, channelId: cid, kind: 'registration', customerId: 888, at: t.clock.now });
    const seen: Delivery[] = [];
    await deliverDue({ db: t.db, now: () => t.clock.now }, { transport: async (d) => { seen.push(d); return { status: 204, body: '' }; } });
    const mine = seen.filter((d) => d.url === 'https://hooks.partner.example.com/cv');
    expect(mine).toHaveLength(1);
    expect(verifyBody(mine[0].body, mine[0].headers['x-signature'], p.data.secret)).toBe(true);
    expect(verifyBody(mine[0].body.replace('888', '889'), mine[0].headers['x-signature'], p.data.secret)).toBe(false);
    expect(JSON.parse(mine[0].body)).toMatchObject({ kind: 'registration', customer_id: 888, channel_id: cid, channel_code: 'M001-GG' });

    // A public-looking name that resolves to a private address is refused when connecting, and not retried.
    setResolverForTest((_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    try {
      await expect(postJson('http://hooks.partner.example.com/cv', '{}', {}, 1000)).rejects.toBeInstanceOf(RefusedAddress);
      await emitConversion(t.db, { merchantId: main, channelId: cid, kind: 'registration', customerId: 889, at: t.clock.now });
      await t.post(merchantOp, CHANNEL_API.providerEdit, { id: p.data.row.id, name: 'Partner', url: 'http://hooks.partner.example.com/cv', channel_ids: [cid], events: ['registration'] });
      await run();
      const [cv] = await t.db.select().from(channelConversion).where(and(eq(channelConversion.providerId, p.data.row.id), eq(channelConversion.customerId, 889)));
      expect(cv.status).toBe('failed');
      const [att] = await t.db.select().from(channelDeliveryAttempt).where(eq(channelDeliveryAttempt.conversionId, cv.id)).orderBy(desc(channelDeliveryAttempt.id));
      expect(att.status).toBe('refused');
    } finally {
      setResolverForTest(null);
    }
    await expect(postJson('http://10.0.0.1/x', '{}', {}, 1000)).rejects.toBeInstanceOf(RefusedAddress);
    // The timeout bounds the whole exchange, name resolution included.
    setResolverForTest(() => undefined);
    try {
      const started = Date.now();
      await expect(postJson('http://slow.partner.example.com/cv', '{}', {}, 200)).rejects.toMatchObject({ name: expect.stringMatching(/Timeout|Abort/) });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      setResolverForTest(null);
    }
    for (const ip of ['127.0.0.1', '10.0.0.5', '172.16.3.4', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0', '100.64.0.1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe('staff bindings', () => {
  it('binds the marketing agent to channels of its merchant; they read their channels', async () => {
    const [agent] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'marketing'));
    const chans = (await t.get(merchantOp, CHANNEL_API.list, { size: 2 })).data.rows.map((r: { id: number }) => r.id);
    const r = await t.post(merchantOp, CHANNEL_API.bindingEdit, { account_id: agent.id, channel_ids: chans });
    expect(r.code, r.msg).toBe(20000);
    expect(await boundChannelIds(t.db, agent.id)).toEqual([...chans].sort((x: number, y: number) => x - y));
    const mine = await t.get(marketing, CHANNEL_API.list, { mine: 1 });
    expect(mine.code, mine.msg).toBe(20000);
    expect(mine.data.rows.map((x: { id: number }) => x.id).sort()).toEqual([...chans].sort());
    expect((await t.post(marketing, CHANNEL_API.bindingEdit, { account_id: agent.id, channel_ids: [] })).code).toBe(40300);

    expect((await t.post(admin, CHANNEL_API.bindingEdit, { account_id: agent.id, channel_ids: [otherChannel] })).code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.bindingEdit, { account_id: agent.id, channel_ids: [otherChannel] })).code).toBe(40000);
    expect((await t.post(merchantOp, CHANNEL_API.bindingEdit, { account_id: 999_999, channel_ids: [] })).code).toBe(40400);
    expect(await boundChannelIds(t.db, agent.id)).toHaveLength(2);

    const dialog = await t.get(merchantOp, CHANNEL_API.bindingList, { channel_id: chans[0] });
    expect(dialog.data.find((a: { account: string }) => a.account === 'marketing').channel_ids).toContain(chans[0]);
    const cleared = await t.post(merchantOp, CHANNEL_API.bindingEdit, { account_id: agent.id, channel_ids: [chans[0]] });
    expect(cleared.data.channel_ids).toEqual([chans[0]]);
  });
});
