import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { customer, customerDevice } from '../client/client.table';
import { appCall, intakeWorld, registerBody, vnBorrower, type IntakeWorld } from './intake.fixtures';
import { intakeNonce, merchantAppKey } from './intake.table';
import { sha256Hex, signedHeaders } from './signature';

let t: TestApp;
let w: IntakeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await intakeWorld(t);
}, 60_000);
afterAll(() => t?.close());

const issueOf = (r: { data: any }) => r.data?.issues?.[0];

describe('signed requests', () => {
  it('answers a correctly signed request', async () => {
    const r = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products');
    expect(r.code).toBe(20000);
    expect(r.data.merchant_code).toBe('M001');
    expect(r.data.products.map((p: any) => p.product_id)).toEqual([w.mainProduct.id]);
  });

  it('refuses missing headers, an unknown key, a wrong secret and a tampered body with 40100 (HTTP 401)', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/loanapi/app/products', headers: { 'lang-code': '100' } });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe(40100);
    expect(bare.json().msg).toMatch(/x-app-key/);

    const unknown = await appCall(t, { appKey: 'demo_nobody', secret: 'x' }, 'GET', '/loanapi/app/products');
    expect([unknown.status, unknown.code, issueOf(unknown).id]).toEqual([401, 40100, 'intake.auth.unknownKey']);

    const wrong = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { secret: 'sk_guess' });
    expect([wrong.code, issueOf(wrong).id]).toEqual([40100, 'intake.auth.badSignature']);

    // Signed for one body, sent with another: the body hash no longer matches.
    const b = vnBorrower();
    const signed = JSON.stringify(registerBody(b));
    const h = signedHeaders({ appKey: w.mainApp.appKey, secret: w.mainApp.secret, method: 'POST', path: '/loanapi/app/register', body: signed, now: t.clock.now.getTime() });
    const tampered = await t.app.inject({
      method: 'POST', url: '/loanapi/app/register', payload: JSON.stringify(registerBody(b, { name: 'Someone Else' })),
      headers: { 'content-type': 'application/json', ...h },
    });
    expect(tampered.json().code).toBe(40100);
    expect(await t.db.select().from(customer).where(eq(customer.phone, b.phone))).toHaveLength(0);
  });

  it('checks the signature before the body: an unsigned malformed request learns nothing about the schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/loanapi/app/register', payload: { phone: 1 }, headers: { 'x-app-key': w.mainApp.appKey } });
    expect(res.json().code).toBe(40100);
  });

  it('refuses a timestamp more than 5 minutes away, either way', async () => {
    const now = t.clock.now.getTime();
    for (const at of [now - 5 * 60_000 - 1000, now + 5 * 60_000 + 1000]) {
      const r = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { now: at });
      expect([r.status, issueOf(r).id]).toEqual([401, 'intake.auth.timestamp']);
    }
    const edge = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { now: now - 4 * 60_000 });
    expect(edge.code).toBe(20000);
  });

  it('refuses a replayed nonce, also with a fresh signature', async () => {
    const first = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'replay-nonce-1' });
    expect(first.code).toBe(20000);
    const again = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'replay-nonce-1', now: t.clock.now.getTime() + 1000 });
    expect([again.status, issueOf(again).id]).toEqual([401, 'intake.auth.replay']);
    // Another app may use the same nonce: nonces are per key.
    const other = await appCall(t, w.subApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'replay-nonce-1' });
    expect(other.code).toBe(20000);
    const bad = await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'short' });
    expect(issueOf(bad).id).toBe('intake.auth.nonce');
  });

  it('does not spend the nonce of a request whose signature is wrong', async () => {
    await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'forged-nonce-1', secret: 'wrong' });
    expect(await t.db.select().from(intakeNonce).where(eq(intakeNonce.nonce, 'forged-nonce-1'))).toHaveLength(0);
    expect((await appCall(t, w.mainApp, 'GET', '/loanapi/app/products', undefined, { nonce: 'forged-nonce-1' })).code).toBe(20000);
  });

  it('signs the query string too', async () => {
    const b = vnBorrower();
    await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    const url = `/loanapi/app/order_status?phone=${b.phone}`;
    expect((await appCall(t, w.mainApp, 'GET', url)).code).toBe(20000);
    const h = signedHeaders({ appKey: w.mainApp.appKey, secret: w.mainApp.secret, method: 'GET', path: url, now: t.clock.now.getTime() });
    const res = await t.app.inject({ method: 'GET', url: `/loanapi/app/order_status?phone=${vnBorrower().phone}`, headers: h });
    expect(res.json().code).toBe(40100);
  });

  it('refuses a disabled key', async () => {
    const [k] = await t.db.select().from(merchantAppKey).where(eq(merchantAppKey.appKey, w.subApp.appKey));
    await t.db.update(merchantAppKey).set({ status: 'disabled' }).where(eq(merchantAppKey.id, k.id));
    const r = await appCall(t, w.subApp, 'GET', '/loanapi/app/products');
    expect(issueOf(r).id).toBe('intake.auth.unknownKey');
    await t.db.update(merchantAppKey).set({ status: 'enabled' }).where(eq(merchantAppKey.id, k.id));
  });

  it('answers refusals in the caller\'s language', async () => {
    const r = await appCall(t, { appKey: 'demo_nobody', secret: 'x' }, 'GET', '/loanapi/app/products', undefined, { lang: '200' });
    expect(r.msg).toBe('应用密钥不存在或已停用。');
    expect(sha256Hex('')).toHaveLength(64);
  });
});

describe('openapi', () => {
  it('documents the app routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/loanapi/openapi.json' });
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/loanapi/app/register', '/loanapi/app/apply', '/loanapi/app/confirm_withdrawal', '/loanapi/merchant_app/add']));
    expect(doc.paths['/loanapi/app/apply'].post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['phone', 'amount', 'days', 'device_id']));
  });
});

describe('register', () => {
  it('creates the customer once: the same phone finds the same record (spec §5 no duplicate phones)', async () => {
    const b = vnBorrower();
    const first = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(first.code).toBe(20000);
    expect(first.data).toMatchObject({ merchant_code: 'M001', is_new: true, is_returning: false });
    expect(first.data.customer_code).toMatch(/^VN\d{8}$/);
    const again = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b, { device_id: 'dev-second-phone' }));
    expect(again.data).toMatchObject({ customer_id: first.data.customer_id, is_new: false });
    const rows = await t.db.select().from(customer).where(and(eq(customer.merchantId, w.main.id), eq(customer.phone, b.phone)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: b.name, idNumber: b.id_number, birthDate: b.birth_date, market: 'vn', registrationSource: 'android' });
    const devices = await t.db.select().from(customerDevice).where(eq(customerDevice.customerId, first.data.customer_id));
    expect(devices.map((d) => d.deviceId).sort()).toEqual([b.device_id, 'dev-second-phone'].sort());
    // Another merchant has its own record for the same phone.
    const sub = await appCall(t, w.subApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(sub.data.is_new).toBe(true);
    expect(sub.data.customer_id).not.toBe(first.data.customer_id);
  });

  it.each([
    ['a phone of another market', { phone: '13812345678' }, 'phone', 'intake.badPhone'],
    ['a one-letter name', { name: 'A' }, 'name', 'validation.tooShort'],
    ['a 21-character name', { name: 'Nguyễn Văn Anh Tuấn An' }, 'name', 'validation.tooLong'],
    ['an ID number of the wrong shape', { id_number: '12345' }, 'id_number', 'intake.badIdNumber'],
    ['a birth date in the future', { birth_date: '2999-01-01' }, 'birth_date', 'intake.badBirthDate'],
    ['a birth date that is not a date', { birth_date: '1990-02-30' }, 'birth_date', 'validation.invalidFormat'],
    ['a device id with spaces', { device_id: 'my phone' }, 'device_id', 'validation.intakeDevice'],
    ['an unknown field', { salary: 1 }, '', 'validation.unknownField'],
    ['an unknown channel', { channel_code: 'NOPE' }, 'channel_code', 'intake.channelUnknown'],
  ])('refuses %s with 40000 and creates nothing', async (_what, over, path, id) => {
    const b = vnBorrower();
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b, over));
    expect(r.code).toBe(40000);
    expect(r.data.issues[0]).toMatchObject({ path, id });
    expect(await t.db.select().from(customer).where(eq(customer.phone, b.phone))).toHaveLength(0);
  });

  it('refuses a birth date that contradicts the ID number', async () => {
    const b = vnBorrower();
    const year = Number(b.birth_date.slice(0, 4)) - 1;
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b, { birth_date: `${year}${b.birth_date.slice(4)}` }));
    expect(r.data.issues[0]).toMatchObject({ path: 'birth_date', id: 'intake.badBirthDate' });
  });

  it('refuses a known phone with another ID number, and a known ID number with another phone (40900)', async () => {
    const b = vnBorrower();
    await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    const other = vnBorrower();
    const samePhone = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(other, { phone: b.phone }));
    expect([samePhone.code, samePhone.data.issues[0].id]).toEqual([40900, 'intake.phoneTaken']);
    const sameId = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(other, { id_number: b.id_number, birth_date: b.birth_date }));
    expect([sameId.code, sameId.data.issues[0].id]).toEqual([40900, 'intake.idTaken']);
  });

  it('refuses blacklisted and login-disallowed customers, also at another merchant of the family', async () => {
    const b = vnBorrower();
    const r = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    await t.db.update(customer).set({ blacklisted: true, blacklistLevel: 2 }).where(eq(customer.id, r.data.customer_id));
    const again = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect([again.code, again.data.issues[0].id]).toEqual([40300, 'intake.blacklisted']);
    const elsewhere = await appCall(t, w.subApp, 'POST', '/loanapi/app/register', registerBody(b));
    expect(elsewhere.data.issues[0].id).toBe('intake.blacklisted');

    const c = vnBorrower();
    const rc = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(c));
    await t.db.update(customer).set({ loginAllowed: false }).where(eq(customer.id, rc.data.customer_id));
    const locked = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(c), { lang: '300' });
    expect([locked.code, locked.data.issues[0].id]).toEqual([40300, 'intake.loginDisallowed']);
    expect(locked.msg).toBe('Khách hàng này không được phép đăng nhập.');
  });

  it('stores the KYC profile the app sends (machine review scores on it), and refuses an unknown level', async () => {
    const b = vnBorrower();
    const profile = { marital_status: '2', education: '4', income_level: '3', children_count: 1, residence_months: 36, occupation: 'Kế toán', liveness_score: 91.5 };
    const res = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(b, { profile }));
    expect(res.code, res.msg).toBe(20000);
    const [c] = await t.db.select().from(customer).where(eq(customer.id, res.data.customer_id));
    expect(c).toMatchObject({ maritalStatus: '2', education: '4', incomeLevel: '3', childrenCount: 1, residenceMonths: 36, occupation: 'Kế toán', livenessScore: 91.5 });
    const bad = await appCall(t, w.mainApp, 'POST', '/loanapi/app/register', registerBody(vnBorrower(), { profile: { income_level: '9' } }));
    expect(bad.code).toBe(40000);
  });
});
