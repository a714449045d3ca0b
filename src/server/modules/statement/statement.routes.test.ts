import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { STATEMENT_API, type DocumentsManifest } from '../../../schemas/statement';
import { customer } from '../client/client.table';
import { makeCustomer, merchantIds, type FixtureCustomer } from '../client/customer.fixtures';
import { adminAccount, role } from '../empower/empower.table';
import { operationLog } from '../log/log.table';
import { loanOrder } from '../order/order.table';

let t: TestApp;
let admin: string;
let main: FixtureCustomer;
let other: FixtureCustomer;
let mainOrder: { id: number; orderNo: string };
let otherOrder: { id: number; orderNo: string };

const raw = (token: string | null, url: string, query: Record<string, unknown>, lang = '100') =>
  t.app.inject({ method: 'GET', url, query: query as Record<string, string>, headers: token ? { authorization: token, 'x-api-token': token, 'lang-code': lang } : { 'lang-code': lang } });

/** Entries of a zip from its central directory: name and uncompressed size (store-only entries: data = size bytes). */
function zipEntries(buf: Buffer): { name: string; size: number; data: Buffer }[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: { name: string; size: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nlen = buf.readUInt16LE(p + 28);
    const elen = buf.readUInt16LE(p + 30);
    const clen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nlen).toString('utf8');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + csize);
    out.push({ name, size, data: method === 8 ? zlib.inflateRawSync(body) : body });
    p += 46 + nlen + elen + clen;
  }
  return out;
}

async function firstOrder(customerId: number) {
  const [o] = await t.db.select({ id: loanOrder.id, orderNo: loanOrder.orderNo }).from(loanOrder).where(eq(loanOrder.customerId, customerId)).limit(1);
  return o;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const m = await merchantIds(t.db);
  main = await makeCustomer(t.db, m.main, { video: true });
  other = await makeCustomer(t.db, m.other);
  mainOrder = await firstOrder(main.id);
  otherOrder = await firstOrder(other.id);
  // The stored files of the fixture's documents; the face photo is left missing on purpose.
  const dir = path.join(t.app.deps.filesDir, '2000-01');
  fs.mkdirSync(dir, { recursive: true });
  for (const [n, size] of [['1.png', 100], ['2.png', 200], ['3.png', 300], ['5.mp4', 5000]] as const) {
    fs.writeFileSync(path.join(dir, `00000000-0000-4000-8000-00000000000${n}`), Buffer.alloc(size, n.charCodeAt(0)));
  }
});
afterAll(() => t.close());

describe('GET /loanapi/customer/statement.pdf', () => {
  it('answers a PDF of the order, naming the order number, and logs the download', async () => {
    const res = await raw(admin, STATEMENT_API.pdf, { customer_id: main.id, order_id: mainOrder.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`statement-${mainOrder.orderNo}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(mainOrder.orderNo);
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer.statement_pdf'), eq(operationLog.targetId, String(main.id))));
    expect(log.after).toMatchObject({ order_id: mainOrder.id, order_no: mainOrder.orderNo });
  });

  it('renders in every language, Arabic included', async () => {
    for (const lang of ['200', '202', '300', '400', '500', '110']) {
      const res = await raw(admin, STATEMENT_API.pdf, { customer_id: main.id, order_id: mainOrder.id }, lang);
      expect(res.statusCode, lang).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString('latin1'), lang).toBe('%PDF-');
    }
  });

  it('answers 40400 for another merchant\'s customer, and for an order that is not the customer\'s', async () => {
    const merchant = await t.login('merchant');
    const foreign = await t.get(merchant, STATEMENT_API.pdf, { customer_id: other.id, order_id: otherOrder.id });
    expect(foreign.code).toBe(40400);
    const mixed = await t.get(admin, STATEMENT_API.pdf, { customer_id: main.id, order_id: otherOrder.id });
    expect(mixed.code).toBe(40400);
    const missing = await t.get(admin, STATEMENT_API.pdf, { customer_id: main.id, order_id: 999_999_999 });
    expect(missing.code).toBe(40400);
    expect((await raw(merchant, STATEMENT_API.pdf, { customer_id: main.id, order_id: mainOrder.id })).statusCode).toBe(200);
  });

  it('refuses bad input (40000) and accounts without a customer page (40300)', async () => {
    expect((await t.get(admin, STATEMENT_API.pdf, { customer_id: main.id })).code).toBe(40000);
    expect((await t.get(admin, STATEMENT_API.pdf, { customer_id: 'x', order_id: 1 })).code).toBe(40000);
    const [r] = await t.db.insert(role).values({ name: 'Log reader', identifier: 'tst_logs', nodeKeys: ['log_admin_login'] }).returning();
    const res = await t.post(admin, '/loanapi/admin_account/add', {
      account: 'tst_logs', password: 'Secret@123', nickname: 'Logs', name: 'Log Reader', phone: '0955999101', role_id: r.id, merchant_ids: [],
    });
    expect(res.code, res.msg).toBe(20000);
    const logs = await t.login('tst_logs', 'Secret@123');
    expect((await t.get(logs, STATEMENT_API.pdf, { customer_id: main.id, order_id: mainOrder.id })).code).toBe(40300);
    expect((await t.get(logs, STATEMENT_API.zip, { customer_id: main.id })).code).toBe(40300);
    expect((await t.get(null, STATEMENT_API.zip, { customer_id: main.id })).code).not.toBe(20000);
  });

  it('masks the phone for a privacy-protected reader (the statement is built from the masked detail)', async () => {
    await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.account, 'merchant'));
    try {
      const merchant = await t.login('merchant');
      const res = await raw(merchant, STATEMENT_API.pdf, { customer_id: main.id, order_id: mainOrder.id });
      expect(res.statusCode).toBe(200);
      const { loadLoanStatement } = await import('./loanStatement');
      const [acc] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'merchant'));
      const s = await loadLoanStatement(t.db, { nodes: new Set(['client_clientUser']), merchantIds: acc.merchantIds, privacy: true } as never, main.id, mainOrder.id);
      expect(s.customer.phone).not.toBe(main.phone);
      expect(s.masked).toBe(true);
    } finally {
      await t.db.update(adminAccount).set({ privacyProtection: false }).where(eq(adminAccount.account, 'merchant'));
    }
  });
});

describe('GET /loanapi/customer/documents.zip', () => {
  it('streams the documents with a manifest of names and sizes; a missing file is listed with size null', async () => {
    const res = await raw(admin, STATEMENT_API.zip, { customer_id: main.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const [c] = await t.db.select({ code: customer.code }).from(customer).where(eq(customer.id, main.id));
    expect(res.headers['content-disposition']).toContain(`documents-${c.code}.zip`);
    const entries = zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['manifest.json', 'id_front.png', 'id_back.png', 'selfie.png', 'video.mp4']);
    expect(Object.fromEntries(entries.map((e) => [e.name, e.size]))).toMatchObject({ 'id_front.png': 100, 'id_back.png': 200, 'selfie.png': 300, 'video.mp4': 5000 });
    expect(entries[4].data.equals(Buffer.alloc(5000, '5'.charCodeAt(0)))).toBe(true);
    const manifest = JSON.parse(entries[0].data.toString('utf8')) as DocumentsManifest;
    expect(manifest.customer_id).toBe(main.id);
    expect(manifest.files.map((f) => [f.name, f.size])).toEqual([
      ['id_front.png', 100], ['id_back.png', 200], ['selfie.png', 300], ['face.png', null], ['video.mp4', 5000],
    ]);
    expect(manifest.files.every((f) => f.source.startsWith('/files/') && !f.source.includes('sig='))).toBe(true);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'customer.documents_zip'), eq(operationLog.targetId, String(main.id))));
    expect((log.after as { files: unknown[] }).files).toHaveLength(5);
  });

  it('answers 40400 for another merchant\'s customer and writes no log row', async () => {
    const merchant = await t.login('merchant');
    const before = (await t.db.select().from(operationLog).where(eq(operationLog.action, 'customer.documents_zip'))).length;
    expect((await t.get(merchant, STATEMENT_API.zip, { customer_id: other.id })).code).toBe(40400);
    expect((await t.get(merchant, STATEMENT_API.zip, { customer_id: 999_999_999 })).code).toBe(40400);
    expect((await t.db.select().from(operationLog).where(eq(operationLog.action, 'customer.documents_zip'))).length).toBe(before);
  });
});
