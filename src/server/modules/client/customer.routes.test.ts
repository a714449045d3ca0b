import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CUSTOMER_DETAIL_PAGES, CUSTOMER_NODES } from '../../../../commands/customer.commands';
import { DETAIL_COUNT_CAP, DETAIL_PAGE_SIZE, type CustomerDetail, type OrderView } from '../../../schemas/customer';
import { maskIdNumber, maskPhone } from '../../list/mask';
import { operationLog } from '../log/log.table';
import { adminAccount, role } from '../empower/empower.table';
import { extension } from '../extension/extension.table';
import { applyMoneyIn, revokeRepayment } from '../repayment/account';
import { createLendingMerchant, disbursedOrder } from '../repayment/repayment.fixtures';
import { reduction } from '../repayment/repayment.table';
import { repaymentBehaviour } from './customer.service';
import { dictItem } from '../system/system.table';
import { customer, customerCall } from './client.table';
import { makeCustomer, merchantIds, type FixtureCustomer } from './customer.fixtures';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const NOT_FOUND = 40400;

let t: TestApp;
let admin: string;
let m: { main: number; sub: number; other: number };
let main: FixtureCustomer;
let sub: FixtureCustomer;
let other: FixtureCustomer;
let roles: Record<string, number>;

let accountSeq = 0;
/** Creates an account through the API and signs it in. */
async function account(over: { role?: string; merchant_ids?: number[]; privacy_protection?: boolean; special_nodes?: string[] } = {}): Promise<string> {
  accountSeq += 1;
  const name = `tdet_${accountSeq}`;
  const res = await t.post(admin, '/loanapi/admin_account/add', {
    account: name, password: 'Secret@123', nickname: 'Agent', name: `Agent ${accountSeq}`, phone: `0955${String(100000 + accountSeq)}`,
    role_id: roles[over.role ?? 'first_review'], merchant_ids: over.merchant_ids ?? [m.main, m.sub],
    privacy_protection: over.privacy_protection ?? false, special_nodes: over.special_nodes ?? [],
  });
  expect(res.code, res.msg).toBe(OK);
  return t.login(name, 'Secret@123');
}

const detail = (token: string, id: number) => t.get<CustomerDetail>(token, '/loanapi/customer/detail', { customer_id: id });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.identifier, r.id]));
  m = await merchantIds(t.db);
  main = await makeCustomer(t.db, m.main, { sms: 130, video: true });
  sub = await makeCustomer(t.db, m.sub);
  // The same person (ID number) at another lender, with an open overdue loan: co-debt.
  other = await makeCustomer(t.db, m.other, { idNumber: main.idNumber });
  // Dictionaries the field editor checks against (the demo may or may not carry them).
  for (const [dict, value] of [['gender', '2'], ['education', '4'], ['income_level', '3']]) {
    await t.db.insert(dictItem).values({ dictName: dict, value, label: `${dict} ${value}` }).onConflictDoNothing();
  }
});
afterAll(async () => t?.close());

describe('GET /loanapi/customer/detail', () => {
  it('answers every section of spec §2 with its shape', async () => {
    const res = await detail(admin, main.id);
    expect(res.code, res.msg).toBe(OK);
    const d = res.data;
    expect(Object.keys(d).sort()).toEqual([
      'apps', 'auth_records', 'bank_cards', 'blacklist', 'calls', 'carrier', 'co_debt', 'co_debt_finding', 'collection_logs', 'collection_logs_total', 'comments_total', 'company',
      'contacts', 'credit_reviews', 'customer', 'devices', 'documents', 'emergency_contacts', 'extensions', 'loan', 'loan_money', 'locations', 'masked',
      'multi_lender', 'orders', 'reductions', 'repayments', 'risk_report', 'scorecard', 'sms',
    ]);
    expect(d.customer).toMatchObject({
      id: main.id, phone: main.phone, id_number: main.idNumber, merchant_id: m.main, merchant_name: 'Saigon Credit', currency: 'VND',
      gender: '1', birth_date: '1990-05-17', labels: [{ label_name: 'TDET VIP', mark_color: '#e03131' }],
    });
    expect(d.customer.home_address?.full).toContain('Le Loi');
    expect(d.company).toMatchObject({ company_name: 'Saigon Logistics', company_phone: '02838123456', income_level: '2', company_size: '3' });
    expect(d.emergency_contacts.map((c) => c.name)).toEqual(['Tran Thi Mai', 'Le Van Binh']);
    // Original documents: liveness score, the ID photos and the face photo, the video.
    expect(d.documents.liveness_score).toBeCloseTo(92.5);
    expect(d.documents.photos.map((p) => p.kind)).toEqual(['id_front', 'id_back', 'selfie', 'face']);
    expect(d.documents.videos).toHaveLength(1);
    // Stored as a path, answered as a signed link (docs/uploads.md).
    expect(d.documents.videos[0].url).toMatch(/^\/files\/\d{4}-\d{2}\/[0-9a-f-]{36}\.mp4\?exp=\d+&sig=[\w-]+$/);
    expect(d.documents.photos.every((p) => /\?exp=\d+&sig=/.test(p.url))).toBe(true);
    expect(d.auth_records.map((a) => a.kind).sort()).toEqual(['carrier', 'liveness']);
    expect(d.carrier).toMatchObject({ status: 'success', records: [{ kind: 'carrier', remark: 'Viettel' }] });
    expect(d.locations).toMatchObject({ total: 1, capped: false, next_cursor: null });
    expect(d.calls.rows[0]).toMatchObject({ phone: '0987654321', direction: 'out', duration_seconds: 65 });
    expect(d.apps.rows[0]).toMatchObject({ app_name: 'Zalo', package_name: 'com.zing.zalo' });
    // Historical orders newest first; loan info is the latest.
    expect(d.orders.map((o) => o.status)).toEqual(['overdue', 'settled']);
    expect(d.loan).toMatchObject({ status: 'overdue', remaining_debt_minor: 3_500_000, overdue_days: 4 });
    // Extensions, reductions and repayments come from their own tables: this customer's orders only carry the columns.
    expect(d.extensions).toEqual([]);
    expect(d.reductions).toEqual([]);
    expect(d.repayments).toEqual([]);
    expect(d.loan_money).toMatchObject({ order_no: d.loan!.order_no, status: 'overdue', remaining_debt: 3_500_000, overdue_days: 4, extension_count: 1, extension_fee: 150_000 });
    expect(d.credit_reviews.map((r) => r.from_status).sort()).toEqual(['first_review', 'second_review']);
    expect(d.credit_reviews.every((r) => r.order_no.startsWith('TDO'))).toBe(true);
    expect(d.bank_cards).toEqual([expect.objectContaining({ bank_name: 'Vietcombank', card_number: '9704366612345678', is_default: true })]);
    expect(d.scorecard).toMatchObject({ result: 'approved', status: 'done', score: 688, rules: [] });
    // One order settled never overdue, one overdue 4 days after an extension.
    expect(d.scorecard.behaviour).toEqual({
      currency: 'VND', repayments: 0, repaid_minor: 0, revoked: 0, settled_orders: 1, on_time: 1, late: 0, overdue_now: 1, extensions: 1, max_overdue_days: 4,
    });
    expect(d.devices[0]).toMatchObject({ brand: 'Samsung', model: 'A54' });
    expect(d.blacklist).toMatchObject({ blacklisted: false, level: 0, entries: [] });
    // No collection case and no report fetched for this customer yet (customerSections.test.ts fills them).
    for (const k of ['collection_logs', 'risk_report', 'multi_lender'] as const) expect(d[k]).toEqual([]);
    expect(d.masked).toBe(false);
  });

  it('reports co-debt: open loans of the same ID number at other records, the merchant hidden outside scope', async () => {
    const d = (await detail(admin, main.id)).data;
    expect(d.co_debt).toEqual([expect.objectContaining({ customer_id: other.id, status: 'overdue', matched_by: 'id_number', in_scope: true, merchant_name: 'Other Lender' })]);
    const reviewer = await account();
    const scoped = (await detail(reviewer, main.id)).data;
    expect(scoped.co_debt).toEqual([expect.objectContaining({ customer_id: other.id, in_scope: false, merchant_name: '' })]);
  });

  it('caps large child lists: the first page, the total and a cursor', async () => {
    const d = (await detail(admin, main.id)).data;
    expect(d.sms.rows).toHaveLength(DETAIL_PAGE_SIZE);
    expect(d.sms).toMatchObject({ total: 130, capped: false });
    expect(d.sms.next_cursor).toEqual(expect.any(String));
    expect(d.contacts.rows).toHaveLength(DETAIL_PAGE_SIZE);
    expect(d.contacts.total).toBe(60);
    // Newest first.
    expect(d.sms.rows[0].content).toBe('Message 129');
  });

  it('counts a child list only up to the cap and says it is more', async () => {
    const many = await makeCustomer(t.db, m.main);
    await t.db.execute(sql.raw(`INSERT INTO customer_sms (customer_id, phone, direction, content, sent_at)
      SELECT ${many.id}, '8088', 'in', 'Bulk ' || i, timestamptz '2026-01-01' + i * interval '1 second' FROM generate_series(1, ${DETAIL_COUNT_CAP + 25}) i`));
    const d = (await detail(admin, many.id)).data;
    expect(d.sms).toMatchObject({ total: DETAIL_COUNT_CAP, capped: true });
    expect(d.sms.rows).toHaveLength(DETAIL_PAGE_SIZE);
  });

  it('pages through every SMS with the records cursor, ties on time broken by id, no row twice', async () => {
    const first = (await detail(admin, main.id)).data.sms;
    const seen = first.rows.map((r) => r.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const res = await t.get(admin, '/loanapi/customer/records', { customer_id: main.id, kind: 'sms', cursor, size: 40 });
      expect(res.code, res.msg).toBe(OK);
      seen.push(...res.data.rows.map((r: { id: number }) => r.id));
      cursor = res.data.next_cursor;
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    const contacts = await t.get(admin, '/loanapi/customer/records', { customer_id: main.id, kind: 'contacts', cursor: (await detail(admin, main.id)).data.contacts.next_cursor });
    expect(contacts.data.rows).toHaveLength(10);
    expect(contacts.data.next_cursor).toBeNull();
  });

  it('refuses a forged or malformed cursor and unknown kinds with a validation error', async () => {
    for (const cursor of ['x', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from(JSON.stringify(["1'; drop table customer;--", 5])).toString('base64url')]) {
      const res = await t.get(admin, '/loanapi/customer/records', { customer_id: main.id, kind: 'sms', cursor });
      expect(res.code, cursor).toBe(VALIDATION);
    }
    expect((await t.get(admin, '/loanapi/customer/records', { customer_id: main.id, kind: 'passwords' })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/customer/detail', { customer_id: 'abc' })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/customer/detail', {})).code).toBe(VALIDATION);
  });

  it('answers 40400 for a customer that does not exist or lies outside the account merchants', async () => {
    expect((await detail(admin, 99_999_999)).code).toBe(NOT_FOUND);
    const reviewer = await account();
    expect((await detail(reviewer, main.id)).code).toBe(OK);
    expect((await detail(reviewer, other.id)).code).toBe(NOT_FOUND);
    expect((await t.get(reviewer, '/loanapi/customer/records', { customer_id: other.id, kind: 'sms' })).code).toBe(NOT_FOUND);
    const submerchant = await t.login('submerchant');
    expect((await detail(submerchant, sub.id)).code).toBe(OK);
    expect((await detail(submerchant, main.id)).code).toBe(NOT_FOUND);
  });

  it('is open to any page that shows customers, and refused (40300) to other accounts', async () => {
    expect(CUSTOMER_DETAIL_PAGES).toEqual(expect.arrayContaining(['client_clientUser', 'review_allOrder', 'review_trial', 'collection_myCollectionList', 'withdrawalMoney_waitFor', 'Marketing_marketingList']));
    for (const demo of ['reviewer1', 'collector', 'withdrawal', 'reminder', 'marketing', 'supervisor']) {
      expect((await detail(await t.login(demo), main.id)).code, demo).toBe(OK);
    }
    const logsOnly = await account({ role: 'supervisor' });
    // A role that holds nothing of the customer pages.
    const [r] = await t.db.insert(role).values({ name: 'Log reader', identifier: 'tdet_logs', nodeKeys: ['log_admin_login'] }).returning();
    const res = await t.post(admin, '/loanapi/admin_account/add', {
      account: 'tdet_logs', password: 'Secret@123', nickname: 'Logs', name: 'Log Reader', phone: '0955999001', role_id: r.id, merchant_ids: [],
    });
    expect(res.code, res.msg).toBe(OK);
    const logs = await t.login('tdet_logs', 'Secret@123');
    expect((await detail(logs, main.id)).code).toBe(FORBIDDEN);
    expect((await t.get(logs, '/loanapi/customer/records', { customer_id: main.id, kind: 'sms' })).code).toBe(FORBIDDEN);
    expect((await t.post(logs, '/loanapi/customer/call_log', { customer_id: main.id, target: 'customer' })).code).toBe(FORBIDDEN);
    expect((await detail(logsOnly, main.id)).code).toBe(OK);
    expect((await t.get(null, '/loanapi/customer/detail', { customer_id: main.id })).code).not.toBe(OK);
  });

  it('masks phone, ID, tax ID, card and every contact number for an account with privacy protection', async () => {
    const priv = await account({ privacy_protection: true });
    const res = await detail(priv, main.id);
    expect(res.code).toBe(OK);
    const d = res.data;
    expect(d.masked).toBe(true);
    expect(d.customer.phone).toBe(maskPhone(main.phone));
    expect(d.customer.id_number).toBe(maskIdNumber(main.idNumber));
    expect(d.customer.tax_id).not.toContain('00001');
    expect(d.company.company_phone).toBe(maskPhone('02838123456'));
    expect(d.emergency_contacts.map((c) => c.phone)).toEqual([maskPhone('0987654321'), maskPhone('0976543210')]);
    expect(d.contacts.rows.every((c) => c.phone.includes('*'))).toBe(true);
    expect(d.calls.rows[0].phone).toBe(maskPhone('0987654321'));
    expect(d.sms.rows.every((s) => !/^\d+$/.test(s.phone) || s.phone.length <= 5)).toBe(true);
    expect(d.bank_cards[0].card_number).toBe('************5678');
    const json = JSON.stringify(d);
    for (const secret of [main.phone, main.idNumber, '0987654321', '9704366612345678', '02838123456']) expect(json).not.toContain(secret);
    const page = await t.get(priv, '/loanapi/customer/records', { customer_id: main.id, kind: 'contacts', cursor: d.contacts.next_cursor });
    expect(page.data.rows.every((c: { phone: string }) => c.phone.includes('*'))).toBe(true);
  });
});

describe('money sections from the repayment, reduction and extension tables', () => {
  const pay = (orderId: number, amount: number, over: Partial<Parameters<typeof applyMoneyIn>[2]> = {}) =>
    t.db.transaction((tx) => applyMoneyIn(tx, t.app.deps, { orderId, amount, type: 'manual', actorId: adminId, ...over }));
  let adminId: number;
  let adminName: string;

  beforeAll(async () => {
    const [a] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'admin'));
    adminId = a.id;
    adminName = a.name;
  });

  it('shows a repayment with its allocation, and the loan money by part, over-contract and credit after an overpayment', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId, customerId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    let d = (await detail(admin, customerId)).data;
    expect(d.loan_money).toMatchObject({
      order_id: orderId, status: 'repaying', contract_amount: 1_200_000, due_amount: 1_200_000, paid_amount: 0, remaining_debt: 1_200_000, credit: 0,
      over_contract: false, owed: { penalty: 0, interest: 200_000, fee: 0, principal: 1_000_000 },
    });

    const first = await pay(orderId, 300_000, { reference: 'BANK-REF-0001', cardNo: '9704366612345678', remark: 'paid at the branch' });
    d = (await detail(admin, customerId)).data;
    expect(d.repayments).toEqual([expect.objectContaining({
      id: first.id, serial_no: first.serialNo, order_id: orderId, order_no: d.loan!.order_no, currency: 'VND', type: 'manual', status: 'success',
      requested_minor: 300_000, success_minor: 300_000, allocated: { penalty: 0, interest: 200_000, fee: 0, principal: 100_000, overpaid: 0 },
      reference: 'BANK-REF-0001', card_no: '9704366612345678', over_contract: false, operator: adminName, remark: 'paid at the branch',
      paid_at: expect.any(String), revoked_at: null,
    })]);
    expect(d.loan_money).toMatchObject({
      paid_amount: 300_000, remaining_debt: 900_000, owed: { penalty: 0, interest: 0, fee: 0, principal: 900_000 },
      paid: { penalty: 0, interest: 200_000, fee: 0, principal: 100_000 }, reduced: { penalty: 0, interest: 0, fee: 0, principal: 0 },
    });
    expect(d.scorecard.behaviour).toMatchObject({ repayments: 1, repaid_minor: 300_000, settled_orders: 0 });

    // 1,000,000 against 900,000 owed: settled, 100,000 kept as credit, repaid above the contract (spec §5).
    const second = await pay(orderId, 1_000_000, { type: 'link' });
    d = (await detail(admin, customerId)).data;
    expect(d.repayments.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(d.repayments[0]).toMatchObject({ type: 'link', allocated: { principal: 900_000, overpaid: 100_000 }, over_contract: true, abnormal_reason: 'overpaid' });
    expect(d.loan).toMatchObject({ status: 'settled', remaining_debt_minor: 0 });
    expect(d.loan_money).toMatchObject({ status: 'settled', remaining_debt: 0, credit: 100_000, over_contract: true, owed: { principal: 0, interest: 0 } });
    expect(d.scorecard.behaviour).toMatchObject({ repayments: 2, repaid_minor: 1_300_000, settled_orders: 1, on_time: 1, late: 0 });

    // Revoked: who, when, why; the order owes again.
    await t.db.transaction((tx) => revokeRepayment(tx, t.app.deps, { id: first.id, reason: 'wrong customer', actorId: adminId }));
    d = (await detail(admin, customerId)).data;
    expect(d.repayments[1]).toMatchObject({ id: first.id, status: 'revoked', revoked_by: adminName, revoke_reason: 'wrong customer', revoked_at: expect.any(String) });
    expect(d.loan_money).toMatchObject({ status: 'repaying', remaining_debt: 300_000, credit: 100_000, owed: { interest: 200_000, principal: 100_000 } });
    expect(d.scorecard.behaviour).toMatchObject({ repayments: 1, repaid_minor: 1_000_000, revoked: 1, settled_orders: 0 });

    // A privacy-protected reader gets the card masked.
    const priv = await account({ privacy_protection: true, merchant_ids: [merchantId] });
    const masked = (await detail(priv, customerId)).data;
    expect(masked.repayments[1].card_no).toBe('************5678');
    expect(JSON.stringify(masked)).not.toContain('9704366612345678');
  });

  it('shows reductions and extension applications with who asked, who decided and the money by part', async () => {
    const { merchantId } = await createLendingMerchant(t.app.deps);
    const { orderId, customerId } = await disbursedOrder(t.app.deps, merchantId, { loan: 1_000_000, interest: 200_000 });
    const reviewer = await account({ merchant_ids: [merchantId] });
    const [other] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'reviewer1'));
    const now = new Date();
    const [red] = await t.db.insert(reduction).values({
      orderId, merchantId, amountMinor: 50_000, interestMinor: 50_000, status: 'approved', reason: 'hardship, lost job', requestedBy: adminId,
      decidedBy: other.id, decidedAt: now, decideRemark: 'ok once', expiresAt: new Date(now.getTime() + 86_400_000),
    }).returning();
    const [ext] = await t.db.insert(extension).values({
      applicationNo: `EXT-T-${orderId}`, orderId, merchantId, customerId, status: 'success', feeType: 'rate', feeSetting: 1000, feeMinor: 100_000,
      penaltyMinor: 0, timeType: 'today_if_overdue', days: 7, overpayment: 'to_debt', paidFeeMinor: 100_000, startDate: '2026-03-01',
      endDate: '2026-03-08', applicantId: null, reviewerId: other.id, reviewRemark: 'fine', reviewedAt: now, paidAt: now,
    }).returning();
    const d = (await detail(reviewer, customerId)).data;
    expect(d.reductions).toEqual([{
      id: red.id, order_id: orderId, order_no: d.loan!.order_no, currency: 'VND', amount_minor: 50_000,
      parts: { penalty: 0, interest: 50_000, fee: 0, principal: 0 }, status: 'approved', reason: 'hardship, lost job', requested_by: adminName,
      decided_by: other.name, decide_remark: 'ok once', created_at: expect.any(String), decided_at: now.toISOString(), expires_at: expect.any(String),
    }]);
    expect(d.extensions).toEqual([expect.objectContaining({
      id: ext.id, application_no: `EXT-T-${orderId}`, order_id: orderId, order_no: d.loan!.order_no, currency: 'VND', status: 'success',
      fee_type: 'rate', fee_setting: 1000, fee_minor: 100_000, penalty_minor: 0, days: 7, time_type: 'today_if_overdue', overpayment: 'to_debt',
      paid_fee_minor: 100_000, start_date: '2026-03-01', end_date: '2026-03-08', applicant: null, reviewer: other.name, review_remark: 'fine',
    })]);
    // Another merchant's reader does not see this customer at all.
    const outsider = await account({ merchant_ids: [m.sub] });
    expect((await detail(outsider, customerId)).code).toBe(NOT_FOUND);
  });

  it('counts a settlement late when the order was overdue or settled after its due date in the market calendar', () => {
    const base = { status: 'settled', overdue_days: 0, extension_count: 0, due_date: '2026-01-10' } as const;
    const orders = [
      // 23:30 on the 10th in Ho Chi Minh City: on time.
      { ...base, settled_at: '2026-01-10T16:30:00.000Z' },
      // 09:00 on the 11th there: late, though never marked overdue.
      { ...base, settled_at: '2026-01-11T02:00:00.000Z' },
      { ...base, settled_at: '2026-01-05T02:00:00.000Z', overdue_days: 3, extension_count: 1 },
      { ...base, status: 'bad_debt', settled_at: null, overdue_days: 95 },
    ] as unknown as OrderView[];
    expect(repaymentBehaviour(orders, { ok: 4, amount: 10, revoked: 0 }, 'Asia/Ho_Chi_Minh', 'VND')).toEqual({
      currency: 'VND', repayments: 4, repaid_minor: 10, revoked: 0, settled_orders: 3, on_time: 1, late: 2, overdue_now: 1, extensions: 1, max_overdue_days: 95,
    });
  });
});

describe('POST /loanapi/customer/edit_field', () => {
  const edit = (token: string, body: Record<string, unknown>) => t.post(token, '/loanapi/customer/edit_field', { phone: sub.phone, customer_id: sub.id, ...body });
  const stored = async (id: number) => (await t.db.select().from(customer).where(eq(customer.id, id)))[0];

  it('saves a text field and logs the old and new value', async () => {
    const res = await edit(admin, { field_name: 'company_name', field_value: '  Hanoi Freight Co.  ' });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toEqual({ field_name: 'company_name', field_value: 'Hanoi Freight Co.' });
    expect((await stored(sub.id)).companyName).toBe('Hanoi Freight Co.');
    const [log] = await t.db.select().from(operationLog)
      .where(and(eq(operationLog.action, 'customer.edit_field'), eq(operationLog.targetId, String(sub.id))));
    expect(log).toMatchObject({ account: 'admin', targetType: 'customer', before: { company_name: 'Saigon Logistics' }, after: { company_name: 'Hanoi Freight Co.' } });
  });

  it('saves a date written yyyy-MM-dd and refuses impossible, malformed and future dates', async () => {
    expect((await edit(admin, { field_name: 'birth_date', field_value: '1988-02-29' })).code).toBe(OK);
    expect((await stored(sub.id)).birthDate).toBe('1988-02-29');
    for (const bad of ['1989-02-29', '29/02/1988', '1988-2-9', '2999-01-01', 'yesterday']) {
      expect((await edit(admin, { field_name: 'birth_date', field_value: bad })).code, bad).toBe(VALIDATION);
    }
    expect((await stored(sub.id)).birthDate).toBe('1988-02-29');
  });

  it('saves a dictionary choice and refuses a value not in the dictionary', async () => {
    expect((await edit(admin, { field_name: 'gender', field_value: '2' })).code).toBe(OK);
    expect((await edit(admin, { field_name: 'income_level', field_value: '3' })).code).toBe(OK);
    expect(await stored(sub.id)).toMatchObject({ gender: '2', incomeLevel: '3' });
    expect((await edit(admin, { field_name: 'gender', field_value: '9' })).code).toBe(VALIDATION);
    expect((await edit(admin, { field_name: 'education', field_value: "1' or '1'='1" })).code).toBe(VALIDATION);
    expect((await stored(sub.id)).gender).toBe('2');
  });

  it('checks text fields by their rule (numbers, phone) and names the field in the message', async () => {
    expect((await edit(admin, { field_name: 'children_count', field_value: '3' })).code).toBe(OK);
    expect((await stored(sub.id)).childrenCount).toBe(3);
    const bad = await edit(admin, { field_name: 'children_count', field_value: 'three' });
    expect(bad.code).toBe(VALIDATION);
    expect((await edit(admin, { field_name: 'company_phone', field_value: '12ab' })).code).toBe(VALIDATION);
    expect((await edit(admin, { field_name: 'relative_name', field_value: 'x'.repeat(101) })).code).toBe(VALIDATION);
  });

  it('refuses fields outside the whitelist', async () => {
    for (const f of ['phone', 'id_number', 'merchant_id', 'blacklisted', 'name', '__proto__', 'constructor']) {
      expect((await edit(admin, { field_name: f, field_value: '1' })).code, f).toBe(VALIDATION);
    }
    const row = await stored(sub.id);
    expect(row.phone).toBe(sub.phone);
    expect(row.merchantId).toBe(m.sub);
  });

  it('refuses a phone that is not the customer\'s, and accepts the masked phone from a privacy-protected editor', async () => {
    const res = await edit(admin, { phone: main.phone, field_name: 'occupation', field_value: 'Teacher' });
    expect(res.code).toBe(VALIDATION);
    expect((await stored(sub.id)).occupation).toBe('Driver');
    const priv = await account({ privacy_protection: true, special_nodes: [CUSTOMER_NODES.editField] });
    expect((await edit(priv, { phone: maskPhone(sub.phone), field_name: 'occupation', field_value: 'Teacher' })).code).toBe(OK);
    expect((await edit(admin, { phone: maskPhone(sub.phone), field_name: 'occupation', field_value: 'Nurse' })).code).toBe(VALIDATION);
    // The editor of a privacy-protected account gets the saved phone masked back.
    const saved = await edit(priv, { phone: maskPhone(sub.phone), field_name: 'company_phone', field_value: '0281234567' });
    expect(saved.data.field_value).toBe(maskPhone('0281234567'));
  });

  it('needs the edit node, and the customer inside the account merchants', async () => {
    expect((await edit(await t.login('reviewer1'), { field_name: 'occupation', field_value: 'X' })).code).toBe(FORBIDDEN);
    const subOnly = await account({ merchant_ids: [m.sub], special_nodes: [CUSTOMER_NODES.editField] });
    expect((await edit(subOnly, { field_name: 'occupation', field_value: 'Chef' })).code).toBe(OK);
    const res = await t.post(subOnly, '/loanapi/customer/edit_field', { phone: main.phone, customer_id: main.id, field_name: 'occupation', field_value: 'Chef' });
    expect(res.code).toBe(NOT_FOUND);
  });
});

describe('POST /loanapi/customer/call_log', () => {
  it('logs the call and answers the call info with the softphone link', async () => {
    const d = (await detail(admin, main.id)).data;
    const res = await t.post(admin, '/loanapi/customer/call_log', { customer_id: main.id, target: 'emergency', contact_id: d.emergency_contacts[0].id });
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ phone: '0987654321', a_text: 'Tran Thi Mai', url: 'sip:0987654321', sip_text: '0987654321' });
    const [call] = await t.db.select().from(customerCall).where(eq(customerCall.id, Number(res.data.only_no)));
    expect(call).toMatchObject({ customerId: main.id, phone: '0987654321', direction: 'staff' });
    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer.call'), eq(operationLog.targetId, String(main.id))));
    expect(logs).toHaveLength(1);
    const mine = await t.post(admin, '/loanapi/customer/call_log', { customer_id: main.id, target: 'customer' });
    expect(mine.data.url).toBe(`sip:${main.phone}`);
  });

  it('shows the number masked to a privacy-protected account, refuses a contact of another customer', async () => {
    const priv = await account({ privacy_protection: true });
    const res = await t.post(priv, '/loanapi/customer/call_log', { customer_id: main.id, target: 'customer' });
    expect(res.data.phone).toBe(maskPhone(main.phone));
    expect(res.data.sip_text).toBe(maskPhone(main.phone));
    const subContact = (await detail(admin, sub.id)).data.emergency_contacts[0].id;
    expect((await t.post(admin, '/loanapi/customer/call_log', { customer_id: main.id, target: 'emergency', contact_id: subContact })).code).toBe(NOT_FOUND);
    expect((await t.post(admin, '/loanapi/customer/call_log', { customer_id: main.id, target: 'emergency' })).code).toBe(VALIDATION);
  });
});
