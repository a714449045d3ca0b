import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWorld, type ClientWorld } from '../../../../tests/support/clientFixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { eq } from 'drizzle-orm';
import { channelBinding } from '../channel/channelAdmin.table';
import { adminAccount } from '../empower/empower.table';
import { channel } from '../merchant/channel.table';
import { maskCardNumber } from './client.routes';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;

let t: TestApp;
let w: ClientWorld;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createClientWorld(t.db);
  for (const a of ['admin', 'clscoped', 'clprivate', 'clviewer', 'reviewer1', 'submerchant']) tok[a] = await t.login(a);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const customerIds = (...keys: string[]) => keys.map((k) => w.customers[k].id);

async function list(account: string, url: string, query: Record<string, unknown> = {}) {
  const res = await t.get(tok[account], url, query);
  return res;
}

describe('GET /loanapi/customer/all_list (clientUser)', () => {
  const URL = '/loanapi/customer/all_list';

  it('lists a merchant’s customers newest first, with the list columns', async () => {
    const res = await list('admin', URL, { merchant_id: w.merchantA });
    expect(res.code, res.msg).toBe(OK);
    expect(ids(res.data.rows)).toEqual(customerIds('cy', 'bo', 'an'));
    expect(res.data).toMatchObject({ total: 3, total_exact: true, total_capped: false });
    const an = res.data.rows.find((r: any) => r.id === w.customers.an.id);
    expect(an).toMatchObject({
      customer_id: an.id, customer_name: 'Zed Annabel', phone: '09990000011', id_number: '079201000011', merchant_name: 'T Alpha Lending',
      currency: 'VND', channel_name: 'T Facebook A', whitelisted: true, blacklisted: false, login_allowed: true,
      machine_review_status: 'done', machine_review_result: 'approved', reference_limit: 3_000_000, user_level: 2,
    });
    expect(an.labels.map((l: any) => l.name)).toEqual(['T Zeta gold', 'T Zeta watch']);
    expect(an.label_ids).toEqual([w.labels.gold, w.labels.watch]);
    expect(an.labels[0].color).toBe('#f08c00');
    expect(an.created_at).toBe('2026-03-10T08:00:00.000Z');
  });

  it.each([
    [{ keyword: '0999000002' }, ['bo']],
    [{ keyword: '09990000033' }, ['cy']],
    [{ keyword: '0792010000' }, ['bo', 'an']],
    [{ keyword: 'zed b' }, ['bo']],
    [{ keyword: 'ZED C' }, ['cy']],
    [{ keyword: 'B1234567' }, ['cy']],
    [{ keyword: 'ZZ90000001T' }, ['bo']],
    [{ blacklisted: 1 }, ['bo']],
    [{ blacklisted: 'false' }, ['cy', 'an']],
    [{ whitelisted: 'true' }, ['an']],
    [{ login_allowed: 0 }, ['bo']],
    [{ machine_review_status: 'none' }, ['cy']],
    [{ machine_review_status: 'pending' }, ['bo']],
    [{ machine_review_result: 'approved' }, ['an']],
    [{ market: 'th' }, ['cy']],
    [{ user_level: 1 }, ['cy']],
    [{ created_from: '2026-03-11', created_to: '2026-03-11' }, ['bo']],
    [{ created_from: '2026-03-11T00:00:00Z' }, ['cy', 'bo']],
  ])('filters %o', async (filter, keys) => {
    const res = await list('admin', URL, { merchant_id: w.merchantA, ...filter });
    expect(res.code, res.msg).toBe(OK);
    expect(ids(res.data.rows)).toEqual(customerIds(...keys));
  });

  it('filters by label and channel', async () => {
    expect(ids((await list('admin', URL, { label_id: w.labels.watch })).data.rows)).toEqual(customerIds('bo', 'an'));
    expect(ids((await list('admin', URL, { channel_id: w.channelA })).data.rows)).toEqual(customerIds('cy', 'bo', 'an'));
  });

  it('sorts by name and by id, both ways', async () => {
    const byName = await list('admin', URL, { merchant_id: w.merchantA, sort: 'customer_name:asc' });
    // Names sort in the database collation; ties would be broken by id.
    const names = byName.data.rows.map((r: any) => r.customer_name);
    expect(names).toHaveLength(3);
    expect(ids((await list('admin', URL, { merchant_id: w.merchantA, sort: 'id:asc' })).data.rows)).toEqual(customerIds('an', 'bo', 'cy'));
    expect(ids((await list('admin', URL, { merchant_id: w.merchantA, sort: 'created_at:asc' })).data.rows)).toEqual(customerIds('an', 'bo', 'cy'));
  });

  it('pages by cursor', async () => {
    const p1 = await list('admin', URL, { merchant_id: w.merchantA, size: 2 });
    expect(ids(p1.data.rows)).toEqual(customerIds('cy', 'bo'));
    const p2 = await list('admin', URL, { merchant_id: w.merchantA, size: 2, cursor: p1.data.next_cursor });
    expect(ids(p2.data.rows)).toEqual(customerIds('an'));
    expect(p2.data.next_cursor).toBeNull();
  });

  it('scopes to the account’s merchants; a filter cannot widen it', async () => {
    const res = await list('clscoped', URL, { size: 500 });
    expect(res.code).toBe(OK);
    expect(res.data.rows.length).toBe(3);
    expect(new Set(res.data.rows.map((r: any) => r.merchant_id))).toEqual(new Set([w.merchantA]));
    const other = await list('clscoped', URL, { merchant_id: w.merchantB });
    expect(other.data.rows).toEqual([]);
    expect(other.data.total).toBe(0);
  });

  it('keeps an account bound to channels to those channels’ customers', async () => {
    const [acc] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'clscoped'));
    const [empty] = await t.db.insert(channel).values({ merchantId: w.merchantA, code: 'TZA-EMPTY', name: 'T empty' }).returning();
    await t.db.insert(channelBinding).values({ accountId: acc.id, channelId: empty.id, merchantId: w.merchantA });
    try {
      expect((await list('clscoped', URL, { size: 500 })).data.rows).toEqual([]);
      await t.db.insert(channelBinding).values({ accountId: acc.id, channelId: w.channelA, merchantId: w.merchantA });
      const res = await list('clscoped', URL, { size: 500 });
      expect(res.data.rows.length).toBe(3);
      expect(new Set(res.data.rows.map((r: any) => r.channel_id))).toEqual(new Set([w.channelA]));
    } finally {
      await t.db.delete(channelBinding).where(eq(channelBinding.accountId, acc.id));
    }
  });

  it('masks phone and ID numbers for an account with privacy protection', async () => {
    const res = await list('clprivate', URL, { merchant_id: w.merchantA, sort: 'id:asc' });
    expect(res.code).toBe(OK);
    expect(res.data.rows.map((r: any) => [r.phone, r.id_number])).toEqual([
      ['099******11', '0792****0011'],
      ['099******22', '0792****0022'],
      ['099******33', 'B1****67'],
    ]);
    // Searching by the real number still works: masking is of the answer only.
    expect(ids((await list('clprivate', URL, { keyword: '09990000011' })).data.rows)).toEqual(customerIds('an'));
  });

  it.each([
    [{ merchant_id: 'abc' }, 'merchant_id'],
    [{ merchant_id: '99999999999' }, 'merchant_id'],
    [{ market: 'xx' }, 'market'],
    [{ blacklisted: 'maybe' }, 'blacklisted'],
    [{ created_from: '2026-13-45' }, 'created_from'],
    [{ machine_review_status: 'unknown' }, 'machine_review_status'],
    [{ sort: 'password:asc' }, 'sort'],
    [{ sort: 'created_at;drop table customer' }, 'sort'],
    [{ size: 100000 }, 'size'],
    [{ cursor: 'not-a-cursor!' }, 'cursor'],
    [{ keyword: 'x'.repeat(65) }, 'keyword'],
  ])('refuses %o with 40000 naming the parameter', async (query, param) => {
    const res = await list('admin', URL, query);
    expect(res.code).toBe(VALIDATION);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.data)).toContain(param);
  });

  it('treats injection text as a value', async () => {
    const res = await list('admin', URL, { keyword: "' OR 1=1 --" });
    expect(res.code).toBe(OK);
    expect(res.data.rows).toEqual([]);
  });

  it('refuses accounts without the page', async () => {
    expect((await list('submerchant', URL)).code).toBe(FORBIDDEN);
    expect((await list('reviewer1', URL, { merchant_id: w.merchantA })).code).toBe(OK);
  });

  it('exports the filtered rows as CSV, masked for a privacy-protected account', async () => {
    const res = await list('clprivate', URL, { merchant_id: w.merchantA, download_excel: 1, format: 'csv', sort: 'id:asc' });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.status).toBe('done');
    expect(res.data.file_url).toMatch(/^\/loanapi\/export\/download\?/);
    const file = await t.app.inject({ method: 'GET', url: res.data.file_url });
    expect(file.statusCode).toBe(200);
    const text = file.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Phone number');
    expect(lines[1]).toContain('099******11');
    expect(lines[1]).not.toContain('09990000011');
    expect(lines[1]).toContain(',3000000,'); // reference limit in major units (VND has no minor unit)
    expect(lines[1]).toContain('T Zeta gold, T Zeta watch');
  });
});

describe('GET /loanapi/bank_card/all_list (UserBankcardCollection)', () => {
  const URL = '/loanapi/bank_card/all_list';

  it('lists cards with the customer, newest first; filters by status, number, BIN, phone and customer', async () => {
    const res = await list('admin', URL, { merchant_id: w.merchantA });
    expect(res.code, res.msg).toBe(OK);
    expect(ids(res.data.rows)).toEqual([w.cards.boLongest, w.cards.boMismatch, w.cards.anMatched]);
    expect(res.data.rows[2]).toMatchObject({ customer_name: 'Zed Annabel', phone: '09990000011', bank_name: 'Zed Bank One', card_number: '9991010000000011', status: 'bound', is_default: true });
    expect(ids((await list('admin', URL, { merchant_id: w.merchantA, status: 'pending' })).data.rows)).toEqual([w.cards.boMismatch]);
    expect(ids((await list('admin', URL, { card_number: '9991010000000011' })).data.rows)).toEqual([w.cards.anMatched]);
    expect(ids((await list('admin', URL, { card_number: '999101' })).data.rows)).toEqual([w.cards.boLongest, w.cards.anMatched]);
    expect(ids((await list('admin', URL, { phone: '09990000022' })).data.rows)).toEqual([w.cards.boLongest, w.cards.boMismatch]);
    expect(ids((await list('admin', URL, { customer_id: w.customers.di.id })).data.rows)).toEqual([w.cards.diUnknown]);
  });

  it('shows only the last 4 digits (and a masked phone) to a privacy-protected account', async () => {
    const res = await list('clprivate', URL, { merchant_id: w.merchantB });
    expect(res.data.rows[0]).toMatchObject({ card_number: '************0044', phone: '099******44' });
    expect(maskCardNumber('1234')).toBe('****');
  });

  it('scopes, validates and refuses', async () => {
    const scoped = await list('clscoped', URL, { size: 500 });
    expect(new Set(scoped.data.rows.map((r: any) => r.merchant_id))).toEqual(new Set([w.merchantA]));
    expect((await list('admin', URL, { card_number: '12ab' })).code).toBe(VALIDATION);
    expect((await list('admin', URL, { status: 'lost' })).code).toBe(VALIDATION);
    expect((await list('clviewer', URL)).code).toBe(FORBIDDEN);
  });
});

describe('GET /loanapi/bank_card/match_list (UserBankcardMatchCollection)', () => {
  const URL = '/loanapi/bank_card/match_list';

  it('identifies the bank by the longest BIN prefix of the customer’s market and compares it with the declared bank', async () => {
    const res = await list('admin', URL, { sort: 'id:asc', card_number: '999' });
    expect(res.code, res.msg).toBe(OK);
    const byId = new Map(res.data.rows.map((r: any) => [r.id, r]));
    expect(byId.get(w.cards.anMatched)).toMatchObject({ match_result: 'matched', matched_bank_code: 'ZB1', matched_bank_name: 'Zed Bank One' });
    expect(byId.get(w.cards.boMismatch)).toMatchObject({ match_result: 'mismatch', matched_bank_code: 'ZB2', bank_code: 'ZB1' });
    // 9991019… is listed by both banks (999101 and 9991019): the longer prefix wins.
    expect(byId.get(w.cards.boLongest)).toMatchObject({ match_result: 'mismatch', matched_bank_code: 'ZB2' });
    const unknown = await list('admin', URL, { customer_id: w.customers.di.id });
    expect(unknown.data.rows[0]).toMatchObject({ match_result: 'unknown', matched_bank_code: null });
  });

  it('filters by result', async () => {
    const res = await list('admin', URL, { merchant_id: w.merchantA, match_result: 'mismatch' });
    expect(ids(res.data.rows)).toEqual([w.cards.boLongest, w.cards.boMismatch]);
    expect((await list('admin', URL, { match_result: 'maybe' })).code).toBe(VALIDATION);
  });
});

describe('GET /loanapi/customer/sms_log_list (customer_sms_log)', () => {
  const URL = '/loanapi/customer/sms_log_list';

  it('lists login codes newest first with their use; filters by phone, purpose and used', async () => {
    const res = await list('admin', URL, { merchant_id: w.merchantA });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.rows.map((r: any) => r.code)).toEqual(['100200', '482913']);
    expect(res.data.rows[1]).toMatchObject({ customer_name: 'Zed Annabel', purpose: 'login', phone: '09990000011' });
    expect(res.data.rows[1].used_at).not.toBeNull();
    expect((await list('admin', URL, { merchant_id: w.merchantA, used: 0 })).data.rows.map((r: any) => r.code)).toEqual(['100200']);
    expect((await list('admin', URL, { phone: '09990000044' })).data.rows.map((r: any) => r.code)).toEqual(['555111']);
    expect((await list('admin', URL, { merchant_id: w.merchantB, purpose: 'login' })).data.rows).toEqual([]);
  });

  it('masks the phone for privacy protection and scopes to the merchants', async () => {
    const res = await list('clprivate', URL, { merchant_id: w.merchantB });
    expect(res.data.rows[0].phone).toBe('099******44');
    const scoped = await list('clscoped', URL, { size: 500 });
    expect(new Set(scoped.data.rows.map((r: any) => r.merchant_id))).toEqual(new Set([w.merchantA]));
    expect((await list('admin', URL, { purpose: 'spam' })).code).toBe(VALIDATION);
  });
});

describe('GET /loanapi/customer/dict_list (clientDict)', () => {
  const URL = '/loanapi/customer/dict_list';

  it('lists only the customer-field dictionaries', async () => {
    const res = await list('admin', URL, { size: 500 });
    expect(res.code, res.msg).toBe(OK);
    const names = new Set(res.data.rows.map((r: any) => r.dict_name));
    expect(names.has('gender')).toBe(true);
    expect(names.has('reject_reason')).toBe(false);
    const gender = await list('admin', URL, { dict_name: 'gender' });
    expect(gender.data.rows.map((r: any) => r.label)).toEqual(['Male', 'Female']);
    expect((await list('admin', URL, { dict_name: 'reject_reason' })).code).toBe(VALIDATION);
    expect((await list('reviewer1', URL)).code).toBe(FORBIDDEN);
  });
});

describe('GET /loanapi/customer/filter_options', () => {
  it('offers the merchants, channels and products of the account’s scope, and the labels', async () => {
    const res = await t.get(tok.clscoped, '/loanapi/customer/filter_options');
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.merchants.map((m: any) => m.id)).toEqual([w.merchantA]);
    expect(res.data.merchants[0]).toMatchObject({ currency: 'VND' });
    expect(res.data.channels.every((c: any) => c.merchant_id === w.merchantA)).toBe(true);
    expect(res.data.products.map((p: any) => p.id)).toEqual([w.productA]);
    expect(res.data.labels.map((l: any) => l.id)).toEqual(expect.arrayContaining([w.labels.gold, w.labels.watch]));
    const admin = await t.get(tok.admin, '/loanapi/customer/filter_options');
    expect(admin.data.merchants.map((m: any) => m.id)).toEqual(expect.arrayContaining([w.merchantA, w.merchantB]));
  });

  it('answers every role that may see a screen reading it, customer claims included (the reminder agent)', async () => {
    const reminder = await t.login('reminder');
    const res = await t.get(reminder, '/loanapi/customer/filter_options');
    expect(res.code, res.msg).toBe(OK);
    expect(res.data.merchants.length).toBeGreaterThan(0);
    // A role with none of those screens is still refused.
    const withdrawal = await t.get(await t.login('withdrawal'), '/loanapi/customer/filter_options');
    expect(withdrawal.code).toBe(40300);
  });
});
