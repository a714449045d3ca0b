import crypto from 'node:crypto';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { checkLedger } from '../ledger/ledger';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { confirmWithdrawal } from './disburse';
import { createMerchant, createOrder, merchantByCode } from './payment.fixtures';
import { paymentChannel } from './payment.table';
import { sign } from './providers/sign';

/** Channels (/system/bankChannel), payout settings, automatic loan rules and pay cards: the configuration routes. */
let t: TestApp;
let admin: string;
let merchantOp: string;
let supervisor: string;
let m001: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  merchantOp = await t.login('merchant');
  supervisor = await t.login('supervisor');
  m001 = await merchantByCode(t.db, 'M001');
  other = await createMerchant(t.db, { available: 10_000_000 });
}, 60_000);
afterAll(() => t.close());

describe('payment channels', () => {
  it('adds a sandbox channel with a secret of its own that no answer ever shows; edits keep secrets unless given', async () => {
    const r = await t.post(admin, '/loanapi/bank_channel/add', { code: 'SBX-MAIN', name: 'Sandbox main', provider: 'sandbox', latency_ms: 100, failure_rate: 5, is_default: true });
    expect(r.code, r.msg).toBe(20000);
    expect(r.data).toMatchObject({ code: 'SBX-MAIN', has_sign_secret: true, is_default: true, config: { latency_ms: 100, failure_rate: 5 } });
    const [row] = await t.db.select().from(paymentChannel).where(eq(paymentChannel.code, 'SBX-MAIN'));
    expect(row.signSecret).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.get(admin, '/loanapi/bank_channel/list', { keyword: 'SBX' });
    expect(list.code).toBe(20000);
    expect(JSON.stringify(list.data)).not.toContain(row.signSecret);
    const dup = await t.post(admin, '/loanapi/bank_channel/add', { code: 'SBX-MAIN', name: 'Again' });
    expect(dup.code).toBe(40900);
    const e = await t.post(admin, '/loanapi/bank_channel/edit', { id: row.id, name: 'Sandbox (main)', failure_rate: 0 });
    expect(e.code, e.msg).toBe(20000);
    const [after] = await t.db.select().from(paymentChannel).where(eq(paymentChannel.id, row.id));
    expect(after).toMatchObject({ name: 'Sandbox (main)', signSecret: row.signSecret });
    expect((after.config as { failure_rate: number }).failure_rate).toBe(0);
    const test = await t.post(admin, '/loanapi/bank_channel/test', { id: row.id });
    expect(test.data.ok).toBe(true);
    const off = await t.post(admin, '/loanapi/bank_channel/disable', { ids: [row.id] });
    expect(off.data.count).toBe(1);
    expect((await t.post(admin, '/loanapi/bank_channel/enable', { ids: [row.id] })).code).toBe(20000);
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.targetType, 'payment_channel'));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['bankChannel.add', 'bankChannel.edit', 'bankChannel.test', 'bankChannel.disable']));
    expect(JSON.stringify(logged)).not.toContain(row.signSecret);
  });

  it('refuses an HTTP channel without a URL (40000), changes by a merchant operator (40300), deleting a channel in use (40900)', async () => {
    expect((await t.post(admin, '/loanapi/bank_channel/add', { code: 'GW-NOURL', name: 'Gateway', provider: 'http' })).code).toBe(40000);
    expect((await t.post(merchantOp, '/loanapi/bank_channel/add', { code: 'GW-X', name: 'Gateway' })).code).toBe(40300);
    const [ch] = await t.db.select().from(paymentChannel).where(eq(paymentChannel.code, 'SBX-MAIN'));
    const cfg = await t.post(admin, '/loanapi/payment_config/edit', { id: other, payout_channel_id: ch.id });
    expect(cfg.code, cfg.msg).toBe(20000);
    expect((await t.post(admin, '/loanapi/bank_channel/del', { id: ch.id })).code).toBe(40900);
    const spare = await t.post(admin, '/loanapi/bank_channel/add', { code: 'SBX-SPARE', name: 'Spare' });
    expect((await t.post(admin, '/loanapi/bank_channel/del', { id: spare.data.id })).code).toBe(20000);
  });

  it('the secure operation key: a non-administrator must give the current key to change it', async () => {
    const role = await t.post(admin, '/loanapi/role/add', { name: 'Channel admin', identifier: 'channel_admin_t', node_keys: ['system_bankChannel_secureKey'] });
    expect(role.code, role.msg).toBe(20000);
    const acc = await t.post(admin, '/loanapi/admin_account/add', { account: 'chadmin', nickname: 'chadmin', name: 'Channel Admin', password: 'Demo@2026', role_id: role.data.id, phone: '0812000009' });
    expect(acc.code, acc.msg).toBe(20000);
    const tok = await t.login('chadmin');
    expect((await t.post(tok, '/loanapi/bank_channel/secure_key', { new_password: 'First-Key-01' })).code).toBe(20000);
    expect((await t.post(tok, '/loanapi/bank_channel/secure_key', { new_password: 'Second-Key-02' })).code).toBe(40300);
    expect((await t.post(tok, '/loanapi/bank_channel/secure_key', { current_password: 'nope-nope', new_password: 'Second-Key-02' })).code).toBe(40300);
    expect((await t.post(tok, '/loanapi/bank_channel/secure_key', { current_password: 'First-Key-01', new_password: 'Second-Key-02' })).code).toBe(20000);
  });
});

describe('merchant payout settings and rules', () => {
  it('a merchant operator edits its own merchant only (40400 for another); bad input 40000 changes nothing', async () => {
    const own = await t.post(merchantOp, '/loanapi/payment_config/edit', { id: m001, auto_payout: true, audit_enabled: true, audit_above: 2_000_000 });
    expect(own.code, own.msg).toBe(20000);
    expect(own.data).toMatchObject({ audit_enabled: true, audit_above: 2_000_000 });
    expect((await t.post(merchantOp, '/loanapi/payment_config/edit', { id: other, auto_payout: false })).code).toBe(40400);
    expect((await t.post(merchantOp, '/loanapi/payment_config/edit', { id: m001, min_payout: 500, max_payout: 100 })).code).toBe(40000);
    const list = await t.get(merchantOp, '/loanapi/payment_config/list');
    expect(list.data.rows.map((r: { id: number }) => r.id)).not.toContain(other);
    expect(list.data.rows.find((r: { id: number }) => r.id === m001)).toMatchObject({ audit_enabled: true, audit_above: 2_000_000 });
    expect((await t.get(supervisor, '/loanapi/payment_config/list')).code).toBe(40300);
  });

  it('automatic loan rules: add, edit, delete within the scope', async () => {
    const add = await t.post(merchantOp, '/loanapi/auto_loan_rule/add', { merchant_id: m001, name: 'Small returning', customer_type: 'returning', max_amount: 3_000_000 });
    expect(add.code, add.msg).toBe(20000);
    expect((await t.post(merchantOp, '/loanapi/auto_loan_rule/add', { merchant_id: other, name: 'Not mine' })).code).toBe(40400);
    const edit = await t.post(merchantOp, '/loanapi/auto_loan_rule/edit', { id: add.data.id, enabled: false });
    expect(edit.data.enabled).toBe(false);
    const theirs = await t.post(admin, '/loanapi/auto_loan_rule/add', { merchant_id: other, name: 'Theirs' });
    expect((await t.post(merchantOp, '/loanapi/auto_loan_rule/del', { id: theirs.data.id })).code).toBe(40400);
    expect((await t.post(merchantOp, '/loanapi/auto_loan_rule/del', { id: add.data.id })).code).toBe(20000);
  });
});

describe('pay cards', () => {
  it('repayment and collection cards are separate lists with their own permissions', async () => {
    const add = await t.post(merchantOp, '/loanapi/repayment_pay_card/add', { merchant_id: m001, bank_name: 'Techcombank', account_name: 'SAIGON CREDIT', account_number: '1903 5555 0001' });
    expect(add.code, add.msg).toBe(20000);
    expect((await t.get(merchantOp, '/loanapi/repayment_pay_card/list')).data.rows.map((r: { id: number }) => r.id)).toContain(add.data.id);
    expect((await t.get(merchantOp, '/loanapi/collection_pay_card/list')).data.rows.map((r: { id: number }) => r.id)).not.toContain(add.data.id);
    expect((await t.post(merchantOp, '/loanapi/collection_pay_card/edit', { id: add.data.id, enabled: false })).code).toBe(40400);
    expect((await t.post(merchantOp, '/loanapi/repayment_pay_card/edit', { id: add.data.id, enabled: false })).data.enabled).toBe(false);
    expect((await t.post(merchantOp, '/loanapi/repayment_pay_card/add', { merchant_id: other, bank_name: 'ACB', account_name: 'XY', account_number: '1234' })).code).toBe(40400);
    expect((await t.post(supervisor, '/loanapi/repayment_pay_card/add', { merchant_id: m001, bank_name: 'ACB', account_name: 'XY', account_number: '1234' })).code).toBe(40300);
    expect((await t.post(merchantOp, '/loanapi/repayment_pay_card/del', { id: add.data.id })).code).toBe(20000);
  });
});

describe('an HTTP gateway channel end to end', () => {
  const gateway = Fastify();
  let url = '';
  beforeAll(async () => {
    gateway.post('/gw/payout', async (r) => ({ ref: `G-${(r.body as Record<string, unknown>).pno}`, st: 'WAIT' }));
    url = `${await gateway.listen({ port: 0, host: '127.0.0.1' })}/gw`;
  });
  afterAll(() => gateway.close());

  it('pays out through the gateway and takes its signed form callback through the webhook (plain-text answer)', async () => {
    const add = await t.post(admin, '/loanapi/bank_channel/add', {
      code: 'GW-LOCAL', name: 'Local gateway', provider: 'http', url, sign_secret: 'gw-secret-1', merchant_no: 'MC1',
      field_map: { payment_no: 'pno', provider_ref: 'ref', status: 'st' }, success_values: 'OK', failure_values: 'NO',
    });
    expect(add.code, add.msg).toBe(20000);
    const m = await createMerchant(t.db, { available: 5_000_000 });
    expect((await t.post(admin, '/loanapi/payment_config/edit', { id: m, payout_channel_id: add.data.id })).code).toBe(20000);
    const { orderId } = await createOrder(t.db, { merchantId: m });
    const view = await confirmWithdrawal(t.app.deps, { orderId, actorId: null, withdrawalType: 'manual', idempotencyKey: `gw-${crypto.randomUUID()}` });
    expect(view).toMatchObject({ status: 'in_progress', provider_ref: `G-${view.payment_no}` });

    const fields: Record<string, unknown> = { pno: view.payment_no, ref: view.provider_ref, st: 'OK', amount: String(view.amount_minor) };
    const form = new URLSearchParams({ ...(fields as Record<string, string>), sign: sign(fields, 'gw-secret-1') }).toString();
    const forged = await t.app.inject({ method: 'POST', url: '/loanapi/payment/notify/GW-LOCAL', payload: form.replace('st=OK', 'st=NO'), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/loanapi/payment/notify/GW-LOCAL', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect((await t.db.select().from(loanOrder).where(eq(loanOrder.id, orderId)))[0].status).toBe('repaying');
    const check = await checkLedger(t.db);
    expect(check.unbalancedPostings).toEqual([]);
    expect(check.driftedAccounts).toEqual([]);
  });
});
