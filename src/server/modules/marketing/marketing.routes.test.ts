import ExcelJS from 'exceljs';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { MARKETING_API } from '../../../schemas/marketing';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { runRegistrationHooks } from '../intake/hooks';
import { operationLog } from '../log/log.table';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { marketingContact, marketingEntry, marketingImport, marketingSms } from './marketing.table';
import { offerEnd } from './groups';
import { resetClickMemory } from './links';
import { whitelistOfferFor } from './registration';

/**
 * The marketing area over HTTP: groups and scoping, imports (report, malformed file, two at once, 10,000 rows),
 * dispatch, the agent's own numbers (results, notes, the link by SMS), the registration credit and the short link.
 */
let t: TestApp;
let admin: string;
let agent: string;
let agentId: number;
let main: number;
let other: number;
let groupId: number;
let otherGroup: number;
let productId: number;

/** Vietnamese mobile numbers (M001 lends in vn): 09 + 8 digits. */
const vn = (i: number) => `09${String(i).padStart(8, '0')}`;

function multipart(fileName: string, content: Buffer | string) {
  const boundary = '----marketingtest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, group: number, fileName: string, content: Buffer | string) {
  const { body, headers } = multipart(fileName, content);
  const res = await t.app.inject({ method: 'POST', url: `${MARKETING_API.importFile}?group_id=${group}`, payload: body, headers: { ...headers, authorization: token, 'x-api-token': token, 'lang-code': '100' } });
  return res.json() as { code: number; msg: string; data: any };
}

const entriesOf = async (g: number) => (await t.db.select({ n: count() }).from(marketingEntry).where(eq(marketingEntry.groupId, g)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent] = await Promise.all([t.login('admin'), t.login('marketing')]);
  [{ id: main }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  [{ id: other }] = await t.db.insert(merchant).values({ code: 'M-MKT-OTHER', name: 'Other Lender', currency: 'VND' }).returning({ id: merchant.id });
  [{ id: agentId }] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'marketing'));
  [{ id: productId }] = await t.db.insert(product).values({ merchantId: main, name: 'Whitelist 30d' }).returning({ id: product.id });
  const g = await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'Spring list', product_id: productId, limit_minor: 5_000_000 });
  expect(g.code).toBe(20000);
  groupId = g.data.id;
  const o = await t.post(admin, MARKETING_API.groupAdd, { merchant_id: other, name: 'Other list' });
  otherGroup = o.data.id;
}, 60_000);
afterAll(() => t.close());

describe('groups and scoping', () => {
  it('refuses a second group of the same name and a product of another merchant', async () => {
    const dup = await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'Spring list' });
    expect(dup.code).toBe(40900);
    const [{ id: foreign }] = await t.db.insert(product).values({ merchantId: other, name: 'Foreign' }).returning({ id: product.id });
    const bad = await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'X', product_id: foreign });
    expect(bad.code).toBe(40000);
  });

  it('an account sees only its merchants\' groups and cannot reach another merchant\'s', async () => {
    const list = await t.get(agent, MARKETING_API.groups, { size: 100 });
    expect(list.code).toBe(20000);
    const ids = list.data.rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(groupId);
    expect(ids).not.toContain(otherGroup);
    expect((await t.get(agent, MARKETING_API.progress, { group_id: otherGroup })).code).toBe(40400);
    const opts = await t.get(agent, MARKETING_API.options);
    expect(opts.data.products.map((p: { value: string }) => p.value)).toContain(String(productId));
    expect(opts.data.products.every((p: { label: string }) => !p.label.includes('Other Lender'))).toBe(true);
    // The agent holds the page, not the actions: no group writes, no dispatch.
    expect((await t.post(agent, MARKETING_API.groupAdd, { merchant_id: main, name: 'Mine' })).code).toBe(40300);
  });

  it('an offer ends at the end of its day in the market\'s zone', () => {
    expect(offerEnd('2026-03-01', 'Asia/Ho_Chi_Minh')?.toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(offerEnd('2026-03-01 08:30', 'Asia/Ho_Chi_Minh')?.toISOString()).toBe('2026-03-01T01:30:00.000Z');
    expect(offerEnd('2026-03-01T08:30:00Z', 'Asia/Ho_Chi_Minh')?.toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(offerEnd(null, 'UTC')).toBeNull();
  });

  it('refuses bad input with 40000 and writes nothing', async () => {
    for (const body of [{ merchant_id: main, name: 'a\u0000b' }, { merchant_id: main, name: 'x'.repeat(500) }, { merchant_id: -1, name: 'n' }, { merchant_id: main, name: 'n', limit_minor: 1e20 }]) {
      expect((await t.post(admin, MARKETING_API.groupAdd, body)).code).toBe(40000);
    }
  });
});

describe('imports', () => {
  it('pasted numbers: a per-row report of what was refused and why', async () => {
    const text = [vn(1), '090-000-0002', 'not a number', vn(1), '12345', `${vn(3)},${vn(4)}`].join('\n');
    const res = await t.post(admin, MARKETING_API.importText, { group_id: groupId, text });
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ status: 'done', rows_total: 7, inserted: 4, invalid: 2, duplicates: 1 });
    expect(res.data.refused).toEqual([
      { row: 3, value: 'not a number', reason: 'invalid' },
      { row: 4, value: vn(1), reason: 'duplicate_in_file' },
      { row: 5, value: '12345', reason: 'invalid' },
    ]);
    // The same numbers again: all duplicates, nothing new.
    const again = await t.post(admin, MARKETING_API.importText, { group_id: groupId, text: `${vn(1)}\n${vn(2)}` });
    expect(again.data).toMatchObject({ inserted: 0, duplicates: 2 });
    expect(again.data.refused.map((r: { reason: string }) => r.reason)).toEqual(['duplicate', 'duplicate']);
    const status = await t.get(admin, MARKETING_API.importStatus, { id: again.data.job_id });
    expect(status.data.status).toBe('done');
    // Another account's import does not exist for it.
    expect((await t.get(agent, MARKETING_API.importStatus, { id: again.data.job_id })).code).toBe(40300);
  });

  it('a malformed file is refused with a clear message and writes nothing', async () => {
    const before = await entriesOf(groupId);
    const jobs = (await t.db.select({ n: count() }).from(marketingImport))[0].n;
    const fake = await upload(admin, groupId, 'list.xlsx', Buffer.from('PK\u0003\u0004 this is no workbook'));
    expect(fake.code).toBe(40000);
    const binary = await upload(admin, groupId, 'list.csv', Buffer.from([0x30, 0x39, 0xff, 0xfe, 0x00, 0x0a]));
    expect(binary.code).toBe(40000);
    const empty = await upload(admin, groupId, 'list.csv', 'phone\n\n');
    expect(empty.code).toBe(40000);
    const wrongType = await upload(admin, groupId, 'list.pdf', '%PDF-1.4');
    expect(wrongType.code).toBe(40000);
    expect(await entriesOf(groupId)).toBe(before);
    expect((await t.db.select({ n: count() }).from(marketingImport))[0].n).toBe(jobs);
  });

  it('reads an XLSX workbook: the phone column by its header, numbers that lost their leading 0', async () => {
    const g = (await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'Workbook' })).data.id;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('list');
    ws.addRow(['Name', 'Số điện thoại']);
    ws.addRow(['A', 912_300_001]);
    ws.addRow(['B', '0912300002']);
    ws.addRow(['C', 'call me']);
    const res = await upload(admin, g, 'list.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.data).toMatchObject({ status: 'done', rows_total: 3, inserted: 2, invalid: 1 });
    expect(res.data.refused).toEqual([{ row: 4, value: 'call me', reason: 'invalid' }]);
    const phones = (await t.db.select({ phone: marketingEntry.phone }).from(marketingEntry).where(eq(marketingEntry.groupId, g))).map((r) => r.phone).sort();
    expect(phones).toEqual(['0912300001', '0912300002']);
  });

  it('an import a stopped process left running is reported as stopped', async () => {
    const [{ id: adminId }] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'admin'));
    const [job] = await t.db.insert(marketingImport).values({ accountId: adminId, merchantId: main, groupId, source: 'csv', status: 'running', rowsTotal: 10, createdAt: new Date(t.clock.now.getTime() - 3_600_000) }).returning();
    const res = await t.get(admin, MARKETING_API.importStatus, { id: job.id });
    expect(res.data).toMatchObject({ status: 'failed', error: 'interrupted' });
  });

  it('two imports at once never create a duplicate number', async () => {
    const g = (await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'Concurrent' })).data.id;
    const a = Array.from({ length: 3000 }, (_, i) => vn(100_000 + i)).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => vn(101_500 + i)).join('\n');
    const [ra, rb] = await Promise.all([t.post(admin, MARKETING_API.importText, { group_id: g, text: a }), t.post(admin, MARKETING_API.importText, { group_id: g, text: b })]);
    expect(ra.data.status).toBe('done');
    expect(rb.data.status).toBe('done');
    expect(ra.data.inserted + rb.data.inserted).toBe(4500);
    expect(ra.data.duplicates + rb.data.duplicates).toBe(1500);
    expect(await entriesOf(g)).toBe(4500);
  });

  it('imports a 10,000-row CSV file with a header, reading the phone column', async () => {
    const g = (await t.post(admin, MARKETING_API.groupAdd, { merchant_id: main, name: 'Big file' })).data.id;
    const lines = ['name,phone', ...Array.from({ length: 10_000 }, (_, i) => `Person ${i},${vn(200_000 + i)}`)];
    const started = Date.now();
    const res = await upload(admin, g, 'big.csv', lines.join('\r\n'));
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ status: 'done', rows_total: 10_000, rows_done: 10_000, inserted: 10_000, invalid: 0 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await entriesOf(g)).toBe(10_000);
  }, 30_000);
});

describe('dispatch and the agent\'s numbers', () => {
  let mine: number[] = [];

  it('dispatches undispatched numbers N each and evenly', async () => {
    expect((await t.post(agent, MARKETING_API.dispatch, { id: groupId, account_ids: [agentId] })).code).toBe(40300);
    const ag = await t.get(admin, MARKETING_API.agents, { merchant_id: main });
    expect(ag.data.map((a: { id: number }) => a.id)).toContain(agentId);
    const res = await t.post(admin, MARKETING_API.dispatch, { id: groupId, account_ids: [agentId], mode: 'each', per_agent: 3 });
    expect(res.data.dispatched).toBe(3);
    const rest = await t.post(admin, MARKETING_API.dispatch, { id: groupId, account_ids: [agentId], mode: 'even' });
    expect(rest.data.dispatched).toBe(1);
    const [{ id: adminId }] = await t.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, 'admin'));
    expect((await t.post(admin, MARKETING_API.dispatch, { id: groupId, account_ids: [adminId] })).code).toBe(40000);
    const prog = await t.get(admin, MARKETING_API.progress, { group_id: groupId });
    expect(prog.data.find((r: { agent_id: number }) => r.agent_id === agentId).numbers).toBe(4);
  });

  it('the agent sees only its own numbers', async () => {
    // A number of the group held by nobody, and one held by another account.
    const list = await t.get(agent, MARKETING_API.myList, { size: 100 });
    expect(list.code).toBe(20000);
    mine = list.data.rows.map((r: { id: number }) => r.id);
    expect(mine).toHaveLength(4);
    const [foreign] = await t.db.insert(marketingEntry).values({ merchantId: main, groupId, phone: vn(9_999), agentId: 1 }).returning({ id: marketingEntry.id });
    const again = await t.get(agent, MARKETING_API.myList, { size: 100 });
    expect(again.data.rows.map((r: { id: number }) => r.id)).not.toContain(foreign.id);
    expect((await t.post(agent, MARKETING_API.myResult('agreed'), { id: foreign.id })).code).toBe(40400);
  });

  it('results, notes and the promotion link by SMS are recorded and audited', async () => {
    const ch = await t.db.insert(channel).values({ merchantId: main, code: 'MKT-FB', name: 'Facebook ads' }).returning({ id: channel.id });
    const noLink = await t.post(agent, MARKETING_API.mySms, { id: mine[0] });
    expect(noLink.code).toBe(42200);
    const link = await t.post(admin, MARKETING_API.linkAdd, { merchant_id: main, channel_id: ch[0].id, agent_id: agentId, target_url: 'https://promo.example.com/vn' });
    expect(link.code).toBe(20000);
    expect(link.data.target_url).toContain('pc=');

    // The version the grid shows is the one a decision carries.
    const shown = (await t.get(agent, MARKETING_API.myList, { size: 100 })).data.rows.find((r: { id: number }) => r.id === mine[0]);
    const r1 = await t.post(agent, MARKETING_API.myResult('agreed'), { id: mine[0], note: 'wants 3M', seen_at: shown.updated_at });
    expect(r1.code).toBe(20000);
    expect(r1.data).toMatchObject({ result: 'agreed', note: 'wants 3M', contacts: 1 });
    // A decision on what the screen showed before someone else changed it is refused.
    expect((await t.post(agent, MARKETING_API.myResult('rejected'), { id: mine[0], seen_at: '2020-01-01T00:00:00Z' })).code).toBe(40900);
    await t.post(agent, MARKETING_API.myResult('no_answer'), { id: mine[1] });
    const note = await t.post(agent, MARKETING_API.myNote, { id: mine[1], note: 'call after 6pm' });
    expect(note.data.note).toBe('call after 6pm');
    const sms = await t.post(agent, MARKETING_API.mySms, { id: mine[0] });
    expect(sms.code).toBe(20000);
    expect(sms.data.content).toContain(`/p/${link.data.code}`);
    const [out] = await t.db.select().from(marketingSms).where(eq(marketingSms.entryId, mine[0]));
    expect(out).toMatchObject({ linkId: link.data.id, status: 'logged', accountId: agentId });
    const contacts = await t.db.select().from(marketingContact).where(eq(marketingContact.accountId, agentId));
    expect(contacts.map((c) => c.kind).sort()).toEqual(['note', 'result', 'result', 'sms']);
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'marketing.my.agreed'));
    expect(logs).toHaveLength(1);
    const hist = await t.get(agent, MARKETING_API.myHistory, { id: mine[0] });
    expect(hist.data.map((h: { kind: string }) => h.kind)).toEqual(['sms', 'result']);
  });

  it('a whitelisted number that registers is credited to its agent and gets the offer', async () => {
    const [e] = await t.db.select().from(marketingEntry).where(eq(marketingEntry.id, mine[0]));
    const [c] = await t.db.insert(customer).values({ code: 'MKT0001', merchantId: main, market: 'vn', name: 'Tran Van A', phone: e.phone }).returning();
    await t.db.transaction((tx) => runRegistrationHooks(tx, { customerId: c.id, merchantId: main, phone: e.phone, idNumber: '', channelId: null, isNew: true, at: t.clock.now }));
    const [credited] = await t.db.select().from(marketingEntry).where(eq(marketingEntry.id, mine[0]));
    expect(credited).toMatchObject({ customerId: c.id, creditedAgentId: agentId });
    const [cust] = await t.db.select().from(customer).where(eq(customer.id, c.id));
    expect(cust).toMatchObject({ whitelisted: true, exclusiveProductId: productId, exclusiveLimitMinor: 5_000_000 });
    expect(await whitelistOfferFor(t.db, c.id, t.clock.now)).toMatchObject({ groupId, productId, limitMinor: 5_000_000 });
    const mineOnly = await t.get(agent, MARKETING_API.registrations, { mine: 1 });
    expect(mineOnly.data.rows).toHaveLength(1);
    expect(mineOnly.data.rows[0]).toMatchObject({ customer_id: c.id, agent_id: agentId, applied: false });
    // The link the number was sent counts the registration.
    const links = await t.get(admin, MARKETING_API.links, {});
    expect(links.data.rows[0]).toMatchObject({ registrations: 1, applications: 0 });
    // A number of no whitelist registers: nothing happens.
    const [c2] = await t.db.insert(customer).values({ code: 'MKT0002', merchantId: main, market: 'vn', name: 'B', phone: vn(55_555) }).returning();
    await t.db.transaction((tx) => runRegistrationHooks(tx, { customerId: c2.id, merchantId: main, phone: c2.phone, idNumber: '', channelId: null, isNew: true, at: t.clock.now }));
    expect(await whitelistOfferFor(t.db, c2.id)).toBeNull();
    const registered = await t.db.select({ n: count() }).from(marketingEntry).where(and(eq(marketingEntry.merchantId, main), isNotNull(marketingEntry.customerId)));
    expect(registered[0].n).toBe(1);
  });
});

describe('the short link', () => {
  it('redirects, counts a click once per address, refuses unknown codes', async () => {
    resetClickMemory();
    const links = await t.get(admin, MARKETING_API.links, {});
    const code = links.data.rows[0].code as string;
    const before = links.data.rows[0].clicks as number;
    const res = await t.app.inject({ method: 'GET', url: `/p/${code}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('https://promo.example.com/vn');
    await t.app.inject({ method: 'GET', url: `/p/${code}` });
    const after = await t.get(admin, MARKETING_API.links, {});
    expect(after.data.rows[0].clicks).toBe(before + 1);
    expect((await t.app.inject({ method: 'GET', url: '/p/zzzzzzzz' })).statusCode).not.toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/p/%00bad' })).json().code).toBe(40000);
  });
});
