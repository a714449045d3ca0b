import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAYMENT_STAFF_API } from '../../../../commands/repayment.commands';
import { REPAYMENT_API } from '../../../schemas/repayment';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { adminAccount, role } from '../empower/empower.table';
import { checkLedger } from '../ledger/ledger';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';
import { createLendingMerchant, disbursedOrder, ledgerOfOrder } from './repayment.fixtures';
import { repayment, repaymentProof } from './repayment.table';
import { REAL_PNG as PNG } from '../system/testImages';

/**
 * Staff money through HTTP on orders that went through the real payout: reconciliation, manual repayment with
 * vouchers, revoke, their refusals (nothing changes), idempotency, merchant scope and permissions. After every step
 * each order's ledger entries equal its figures and the ledger balances.
 */
let t: TestApp;
let admin: string;
let op: string; // main_merchant, scoped to merchant A
let reviewer: string;
let supervisor: string;
let clerk: string; // settlement only, merchant A
let A: number;
let B: number;

const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const orderRow = async (id: number) => (await t.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];
const orderNo = async (id: number) => (await orderRow(id)).orderNo;
const repaymentsOf = async (orderId: number) => (await t.db.select({ n: count() }).from(repayment).where(eq(repayment.orderId, orderId)))[0].n;

async function consistent(orderId: number) {
  const o = await orderRow(orderId);
  const l = await ledgerOfOrder(t.app.deps, orderId);
  expect(l.debt).toBe(o.remainingDebtMinor);
  expect(l.credit).toBe(o.creditMinor);
  const c = await checkLedger(t.db);
  expect(c.unbalancedPostings).toEqual([]);
  expect(c.driftedAccounts).toEqual([]);
  return o;
}


async function upload(token: string, file: Buffer, name = 'receipt.png', proofType = 'bank_statement') {
  const boundary = `----b${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="proof_type"\r\n\r\n${proofType}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: REPAYMENT_API.proofUpload, payload: body,
    headers: { authorization: token, 'x-api-token': token, 'lang-code': '100', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json() as { code: number; msg: string; data: { id: number; file_url: string } };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ merchantId: A } = await createLendingMerchant(t.app.deps));
  ({ merchantId: B } = await createLendingMerchant(t.app.deps));
  // Fixture merchants are new: give the merchant operator merchant A only (the administrator sees every merchant).
  await t.db.update(adminAccount).set({ merchantIds: [A] }).where(eq(adminAccount.account, 'merchant'));
  const [r] = await t.db.insert(role).values({ name: 'Settlement clerk', identifier: 'settlement_clerk', nodeKeys: ['repayment_settlement_add', 'repayment_settlement_revoke'] }).returning();
  const [adm] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'admin'));
  await t.db.insert(adminAccount).values({ account: 'settleclerk', nickname: 'SC', name: 'Settle Clerk', phone: '0988000777', passwordHash: adm.passwordHash, roleId: r.id, merchantIds: [A] });
  [admin, op, reviewer, supervisor, clerk] = await Promise.all(['admin', 'merchant', 'reviewer1', 'supervisor', 'settleclerk'].map((a) => t.login(a)));
}, 120_000);
afterAll(() => t.close());

describe('reconciliation (/repayment/settlement)', () => {
  it('partial then full: allocated interest first, then principal; the order settles; listed on settlement and repaymentList', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 200_000 });
    const no = await orderNo(orderId);
    const look = await t.get(op, REPAYMENT_STAFF_API.orderLookup, { order_no: no });
    expect(look.data).toMatchObject({ order_id: orderId, remaining_debt: 1_200_000, open: true, owed: { interest: 200_000, principal: 1_000_000 } });

    const r1 = await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 300_000, reference: 'VCB-0001', remark: 'statement line 4' }, key());
    expect(r1.code, r1.msg).toBe(20000);
    expect(r1.data).toMatchObject({ type: 'reconciliation', status: 'success', allocated: { interest: 200_000, principal: 100_000, overpaid: 0 }, order: { status: 'repaying', remaining_debt: 900_000 } });
    let o = await consistent(orderId);
    expect(o.paidAmountMinor).toBe(300_000);

    const r2 = await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 900_000, reference: 'VCB-0002' }, key());
    expect(r2.code, r2.msg).toBe(20000);
    o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'settled', settled: true, remainingDebtMinor: 0, paidAmountMinor: 1_200_000 });

    const list = await t.get(op, REPAYMENT_API.settlementList, { order_no: no });
    expect(list.data.rows.map((r: any) => r.reference).sort()).toEqual(['VCB-0001', 'VCB-0002']);
    expect(list.data.rows[0]).toMatchObject({ order_no: no, type: 'reconciliation', currency: expect.any(String), operator: expect.any(String) });
    expect(list.data.rows.find((r: any) => r.reference === 'VCB-0001').allocated).toEqual({ penalty: 0, interest: 200_000, fee: 0, principal: 100_000, overpaid: 0 });
    const all = await t.get(op, REPAYMENT_API.list, { order_no: no, type: 'reconciliation,manual', status: 'success' });
    expect(all.data.rows).toHaveLength(2);
    expect(all.data.rows[0].phone).toMatch(/^\d{3}\*+\d{2}$|^\d+$/);

    const logs = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'repayment.settlement.add'), eq(operationLog.targetId, String(r1.data.id))));
    expect(logs).toHaveLength(1);
  });

  it('exports the list through the list engine', async () => {
    const res = await t.get(admin, REPAYMENT_API.list, { download_excel: 1, format: 'csv', merchant_id: A });
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.job_id).toBeGreaterThan(0);
  });

  it('refuses bad input and wrong states with clear errors and changes nothing', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 500_000, interest: 50_000 });
    const before = await orderRow(orderId);
    const tries: Array<[Record<string, unknown>, number, string]> = [
      [{ order_id: orderId, amount: 0, reference: 'REF-1' }, 40000, 'validation.amountPositive'],
      [{ order_id: orderId, amount: -500, reference: 'REF-1' }, 40000, 'validation.amountPositive'],
      [{ order_id: orderId, amount: 12.5, reference: 'REF-1' }, 40000, 'validation.amountDecimals'],
      [{ order_id: 987_654_321, amount: 1000, reference: 'REF-1' }, 40400, ''],
    ];
    for (const [body, code, id] of tries) {
      const res = await t.post(op, REPAYMENT_API.reconcile, body, key());
      expect(res.code, JSON.stringify(body)).toBe(code);
      if (id) expect(res.data.issues.map((i: any) => i.id)).toContain(id);
    }
    // Without an Idempotency-Key.
    expect((await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 1000, reference: 'REF-1' })).code).toBe(40000);
    // An order of a merchant outside the operator's.
    const { orderId: other } = await disbursedOrder(t.app.deps, B, { loan: 500_000, interest: 0 });
    expect((await t.post(op, REPAYMENT_API.reconcile, { order_id: other, amount: 1000, reference: 'REF-1' }, key())).code).toBe(40400);
    expect((await t.get(op, REPAYMENT_STAFF_API.orderLookup, { order_no: await orderNo(other) })).data).toBeNull();
    expect(await orderRow(orderId)).toEqual(before);
    expect(await repaymentsOf(orderId)).toBe(0);
    expect(await repaymentsOf(other)).toBe(0);
    await consistent(orderId);

    // A settled order owes nothing: staff money is refused (42200) and nothing moves.
    expect((await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 550_000, reference: 'REF-2' }, key())).code).toBe(20000);
    const settled = await consistent(orderId);
    const late = await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 1000, reference: 'REF-3' }, key());
    expect(late.code).toBe(42200);
    expect(await orderRow(orderId)).toEqual(settled);
    expect(await repaymentsOf(orderId)).toBe(1);
  });

  it('the same Idempotency-Key twice records one repayment; another payload under it is refused', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 100_000 });
    const k = key();
    const body = { order_id: orderId, amount: 200_000, reference: 'DUP-1' };
    const a = await t.post(op, REPAYMENT_API.reconcile, body, k);
    const b = await t.post(op, REPAYMENT_API.reconcile, body, k);
    expect(a.code).toBe(20000);
    expect(b.data).toEqual(a.data);
    expect(await repaymentsOf(orderId)).toBe(1);
    expect((await t.post(op, REPAYMENT_API.reconcile, { ...body, amount: 200_001 }, k)).code).toBe(40901);
    const o = await consistent(orderId);
    expect(o.paidAmountMinor).toBe(200_000);
  });
});

describe('revoke', () => {
  it('restores the figures of a settled order; a second revoke is refused; the key makes a retry answer the same', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 200_000 });
    const before = await orderRow(orderId);
    const r = await t.post(op, REPAYMENT_API.reconcile, { order_id: orderId, amount: 1_200_000, reference: 'FULL-1' }, key());
    expect((await consistent(orderId)).status).toBe('settled');
    const k = key();
    const v = await t.post(op, REPAYMENT_API.revoke, { id: r.data.id, reason: 'wrong order' }, k);
    expect(v.code, v.msg).toBe(20000);
    expect(v.data).toMatchObject({ status: 'revoked', order: { status: 'repaying', remaining_debt: 1_200_000 } });
    const o = await consistent(orderId);
    expect(o).toMatchObject({ status: 'repaying', settled: false, paidAmountMinor: 0, remainingDebtMinor: before.remainingDebtMinor, creditMinor: 0 });
    expect((await t.post(op, REPAYMENT_API.revoke, { id: r.data.id, reason: 'wrong order' }, k)).data).toEqual(v.data);
    const again = await t.post(op, REPAYMENT_API.revoke, { id: r.data.id, reason: 'again please' }, key());
    expect(again.code).toBe(40900);
    const [row] = await t.db.select().from(repayment).where(eq(repayment.id, r.data.id));
    expect(row).toMatchObject({ status: 'revoked', revokeReason: 'wrong order', revokePostingId: expect.any(Number) });
  });

  it('settlement revoke covers reconciliations only; other merchants’ repayments are not found', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 600_000, interest: 0 });
    const rec = await t.post(clerk, REPAYMENT_API.reconcile, { order_id: orderId, amount: 100_000, reference: 'CLK-1' }, key());
    expect(rec.code, rec.msg).toBe(20000);
    const p = await upload(op, PNG);
    const man = await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 50_000, proof_ids: [p.data.id] }, key());
    expect(man.code, man.msg).toBe(20000);
    expect((await t.post(clerk, REPAYMENT_API.revoke, { id: man.data.id, reason: 'not mine' }, key())).code).toBe(40300);
    expect((await t.post(clerk, REPAYMENT_API.revoke, { id: rec.data.id, reason: 'typo in amount' }, key())).code).toBe(20000);
    const { orderId: other } = await disbursedOrder(t.app.deps, B, { loan: 600_000, interest: 0 });
    const foreign = await t.post(admin, REPAYMENT_API.reconcile, { order_id: other, amount: 1000, reference: 'B-1' }, key());
    expect((await t.post(op, REPAYMENT_API.revoke, { id: foreign.data.id, reason: 'not my merchant' }, key())).code).toBe(40400);
    await consistent(orderId);
    await consistent(other);
    // The operator's lists hold merchant A's rows only.
    const mine = await t.get(op, REPAYMENT_API.list, { size: 500 });
    expect(mine.data.rows.every((x: any) => x.merchant_id === A)).toBe(true);
  });
});

describe('manual repayment with vouchers (/review/manualRepayment)', () => {
  it('uploads a voucher, records the repayment with it, lists both; revoke marks the voucher revoked', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 1_000_000, interest: 200_000 });
    const up = await upload(op, PNG);
    expect(up.code, up.msg).toBe(20000);
    expect(up.data.file_url).toMatch(/^\/files\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    const add = await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 400_000, proof_ids: [up.data.id], remark: 'paid at the branch' }, key());
    expect(add.code, add.msg).toBe(20000);
    expect(add.data).toMatchObject({ type: 'manual', status: 'success', order: { remaining_debt: 800_000 } });
    await consistent(orderId);
    const [proof] = await t.db.select().from(repaymentProof).where(eq(repaymentProof.id, up.data.id));
    expect(proof).toMatchObject({ result: 'accepted', repaymentId: add.data.id, proofType: 'bank_statement' });

    const proofs = await t.get(op, REPAYMENT_API.proofList, { repayment_id: add.data.id });
    expect(proofs.data).toEqual([expect.objectContaining({ id: up.data.id, result: 'accepted', uploader_name: 'Ngo Gia Bao', proof_type: 'bank_statement', file_url: up.data.file_url })]);
    const list = await t.get(op, REPAYMENT_API.manualList, { order_no: await orderNo(orderId) });
    expect(list.data.rows).toHaveLength(1);
    expect(list.data.rows[0].proofs).toEqual([{ id: up.data.id, file_url: up.data.file_url, proof_type: 'bank_statement', result: 'accepted' }]);

    // A used voucher cannot back a second repayment.
    const reuse = await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [up.data.id] }, key());
    expect(reuse.code).toBe(40000);
    expect(reuse.data.issues[0]).toMatchObject({ path: 'proof_ids', id: 'repayment.proofUnusable' });

    const v = await t.post(op, REPAYMENT_API.revoke, { id: add.data.id, reason: 'voucher was fake' }, key());
    expect(v.code, v.msg).toBe(20000);
    expect((await t.get(op, REPAYMENT_API.proofList, { repayment_id: add.data.id })).data[0].result).toBe('revoked');
    const o = await consistent(orderId);
    expect(o.remainingDebtMinor).toBe(1_200_000);
  });

  it('refuses another account’s voucher, a file that is not an image, and bad amounts; nothing changes', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 300_000, interest: 0 });
    const before = await orderRow(orderId);
    const theirs = await upload(admin, PNG);
    expect((await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [theirs.data.id] }, key())).code).toBe(40000);
    const fake = await upload(op, Buffer.from('MZ this is not an image'), 'receipt.png');
    expect(fake.code).toBe(40000);
    const mine = await upload(op, PNG);
    for (const amount of [0, -1, 0.5]) {
      expect((await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount, proof_ids: [mine.data.id] }, key())).code).toBe(40000);
    }
    expect((await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [] }, key())).code).toBe(40000);
    expect((await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [mine.data.id], paid_at: '2999-01-01' }, key())).code).toBe(40000);
    expect(await orderRow(orderId)).toEqual(before);
    expect(await repaymentsOf(orderId)).toBe(0);
    const [p] = await t.db.select().from(repaymentProof).where(eq(repaymentProof.id, mine.data.id));
    expect(p).toMatchObject({ result: '', repaymentId: null });
    await consistent(orderId);
    // The unused voucher still works, with a paid time in the past.
    const ok = await t.post(op, REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [mine.data.id], paid_at: '2020-05-01 10:00' }, key());
    expect(ok.code, ok.msg).toBe(20000);
    const [row] = await t.db.select().from(repayment).where(eq(repayment.id, ok.data.id));
    expect(row.paidAt!.getUTCFullYear()).toBe(2020);
  });
});

describe('permissions', () => {
  it('refuses roles without the actions (40300) and lets the supervisor read', async () => {
    const { orderId } = await disbursedOrder(t.app.deps, A, { loan: 300_000, interest: 0 });
    for (const [url, body] of [
      [REPAYMENT_API.reconcile, { order_id: orderId, amount: 1000, reference: 'NOPE-1' }],
      [REPAYMENT_API.manualAdd, { order_id: orderId, amount: 1000, proof_ids: [1] }],
      [REPAYMENT_API.revoke, { id: 1, reason: 'not allowed' }],
      [REPAYMENT_API.abnormalHandle, { id: 1, resolution: 'ignored', remark: 'not allowed' }],
    ] as const) {
      expect((await t.post(reviewer, url, body, key())).code, url).toBe(40300);
      expect((await t.post(supervisor, url, body, key())).code, url).toBe(40300);
    }
    expect((await t.get(reviewer, REPAYMENT_API.list)).code).toBe(40300);
    expect((await t.get(supervisor, REPAYMENT_API.list)).code).toBe(20000);
    expect((await t.get(supervisor, REPAYMENT_API.abnormal)).code).toBe(20000);
    expect((await t.get(supervisor, REPAYMENT_API.settlementList)).code).toBe(40300);
    expect((await upload(reviewer, PNG)).code).toBe(40300);
    expect(await repaymentsOf(orderId)).toBe(0);
  });
});
