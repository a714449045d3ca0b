import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { adminAccount } from '../empower/empower.table';
import { clientError, copyRecord, operationLog } from './log.table';

const OK = 20000;
const FORBIDDEN = 40300;
const VALIDATION = 40000;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('copy_records_event and client_error', () => {
  it('stores a copy event of the signed-in account, without an operation-log row', async () => {
    const token = await t.login('reviewer1');
    const before = await t.db.select().from(operationLog);
    const res = await t.post(token, '/loanapi/admin_account/copy_records_event', {
      token, page_title: 'Customers', page_url: 'https://console/client/clientUser', page_domain: 'console', operation_time: String(Date.now()),
      copied_info: '0901234567', copied_type: 2,
    });
    expect(res.code).toBe(OK);
    const rows = await t.db.select().from(copyRecord);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pageTitle: 'Customers', copiedInfo: '0901234567', copiedType: 2 });
    expect(rows[0].accountId).toBeGreaterThan(0);
    expect(await t.db.select().from(operationLog)).toHaveLength(before.length);
  });

  it('refuses a copy event without a session or with a bad type', async () => {
    expect((await t.post(null, '/loanapi/admin_account/copy_records_event', { copied_info: 'x', copied_type: 2 })).code).toBe(50008);
    expect((await t.post(admin, '/loanapi/admin_account/copy_records_event', { copied_info: 'x', copied_type: 7 })).code).toBe(VALIDATION);
  });

  it('stores a client error, cutting an oversized detail', async () => {
    const res = await t.post(admin, '/loanapi/log/client_error', { message: 'TypeError: x is undefined', url: '/client/clientUser', detail: { stack: 'at a\nat b', big: 'y'.repeat(30_000) } });
    expect(res.code).toBe(OK);
    const [row] = await t.db.select().from(clientError);
    expect(row.message).toBe('TypeError: x is undefined');
    expect(row.detail).toHaveProperty('truncated');
    expect((await t.post(admin, '/loanapi/log/client_error', { url: '/x' })).code).toBe(VALIDATION);
  });
});

describe('log/admin_login_list', () => {
  it('lists login attempts newest first, with filters', async () => {
    await t.post(null, '/loanapi/account/login', { account: 'collector', pwd: 'wrong-password' });
    await t.login('collector');
    const res = await t.get(admin, '/loanapi/log/admin_login_list', { account: 'collector' });
    expect(res.code).toBe(OK);
    expect(res.data.total).toBe(2);
    expect(res.data.total_capped).toBe(false);
    expect(res.data.rows[0]).toMatchObject({ account: 'collector', success: true, reason: '' });
    expect(res.data.rows[1]).toMatchObject({ account: 'collector', success: false, reason: 'password' });
    const failed = await t.get(admin, '/loanapi/log/admin_login_list', { account: 'collector', success: '0' });
    expect(failed.data.rows).toHaveLength(1);
    const past = await t.get(admin, '/loanapi/log/admin_login_list', { date_to: '2001-01-01' });
    expect(past.data.total).toBe(0);
    const ranged = await t.get(admin, '/loanapi/log/admin_login_list', { date_from: '2001-01-01', date_to: '2999-12-31', page_size: 1 });
    expect(ranged.data.rows).toHaveLength(1);
    expect(ranged.data.total).toBeGreaterThanOrEqual(3);
  });

  it('caps page_size at 500 and refuses bad dates', async () => {
    expect((await t.get(admin, '/loanapi/log/admin_login_list', { page_size: 501 })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/log/admin_login_list', { date_from: '2026-13-01' })).code).toBe(VALIDATION);
    expect((await t.get(admin, '/loanapi/log/admin_login_list', { date_from: 'yesterday' })).code).toBe(VALIDATION);
  });

  it('is refused without the log page permission', async () => {
    const token = await t.login('reviewer2');
    expect((await t.get(token, '/loanapi/log/admin_login_list')).code).toBe(FORBIDDEN);
    expect((await t.get(token, '/loanapi/log/admin_operate_list')).code).toBe(FORBIDDEN);
  });
});

describe('log/admin_operate_list and the append-only operation log', () => {
  it('lists staff writes with before/after, filtered by account, action and target', async () => {
    const [reminder] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'reminder'));
    expect((await t.post(admin, '/loanapi/admin_account/edit_start_work', { id: reminder.id, work_start: '07:00', work_end: '19:00' })).code).toBe(OK);
    const res = await t.get(admin, '/loanapi/log/admin_operate_list', { account: 'admin', action: 'admin_account', target_type: 'admin_account', target_id: String(reminder.id) });
    expect(res.code).toBe(OK);
    expect(res.data.rows).toHaveLength(1);
    expect(res.data.rows[0]).toMatchObject({
      account: 'admin', action: 'admin_account.edit_start_work', target_id: String(reminder.id),
      before: { work_start: null, work_end: null }, after: { work_start: '07:00', work_end: '19:00' },
    });
    expect((await t.get(admin, '/loanapi/log/admin_operate_list', { action: 'admin_account.*' })).data.total).toBeGreaterThanOrEqual(1);
    expect((await t.get(admin, '/loanapi/log/admin_operate_list', { action: 'role' })).data.total).toBe(0);
    expect((await t.get(admin, '/loanapi/log/admin_operate_list', { account: 'nobody' })).data.total).toBe(0);
  });

  it('masks phone numbers in before/after for a privacy-protected reader', async () => {
    const [sup] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'supervisor'));
    const [r2] = await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'reviewer2'));
    const [role2] = await t.db.execute(sql`select role_id from admin_account where id = ${r2.id}`).then((r: any) => r.rows);
    await t.post(admin, '/loanapi/admin_account/edit', { id: r2.id, nickname: 'R2', name: 'Reviewer Two', phone: '0912345678', role_id: role2.role_id, merchant_ids: [1, 2] });
    // Unscoped (admin_y: only it grants every merchant) so that the administrator's writes are in view.
    await t.db.update(adminAccount).set({ privacyProtection: true, specialNodes: ['admin_y'] }).where(eq(adminAccount.id, sup.id));
    const token = await t.login('supervisor');
    const res = await t.get(token, '/loanapi/log/admin_operate_list', { action: 'admin_account.edit', target_id: String(r2.id) });
    expect(res.code).toBe(OK);
    expect(res.data.rows[0].after.phone).toBe('091*****78');
    expect(res.data.rows[0].before.phone).toBe('090*****03');
    const plain = await t.get(admin, '/loanapi/log/admin_operate_list', { action: 'admin_account.edit', target_id: String(r2.id) });
    expect(plain.data.rows[0].after.phone).toBe('0912345678');
  });

  it('a merchant-scoped reader sees only what accounts of its merchants did', async () => {
    // The main merchant operator reads the operation log; its merchants are [1, 2]; admin has none.
    const token = await t.login('merchant');
    const res = await t.get(token, '/loanapi/log/admin_operate_list', { page_size: 500 });
    expect(res.code).toBe(OK);
    expect(res.data.rows.some((r: any) => r.account === 'admin')).toBe(false);
  });

  it('the operation_log table refuses UPDATE and DELETE', async () => {
    const [row] = await t.db.select().from(operationLog).limit(1);
    await expect(t.db.update(operationLog).set({ action: 'tampered' }).where(eq(operationLog.id, row.id))).rejects.toThrow();
    await expect(t.db.delete(operationLog).where(eq(operationLog.id, row.id))).rejects.toThrow();
    const [still] = await t.db.select().from(operationLog).where(eq(operationLog.id, row.id));
    expect(still.action).toBe(row.action);
  });
});
