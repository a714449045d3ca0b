import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { LANG_BY_CODE } from '../../../schemas/i18n';
import { translate } from '../../i18n';
import { operationLog } from '../log/log.table';
import { adminAccount, adminSession, role } from './empower.table';
import { maskPhone } from './scope';

const OK = 20000;
const FORBIDDEN = 40300;
const VALIDATION = 40000;
const CONFLICT = 40900;
const NOT_FOUND = 40400;

/** The English wording of a message id, as the server words it (lang-code 100). */
const en = (id: string, values: Record<string, string | number> = {}) => translate(LANG_BY_CODE.en, id, values);

let t: TestApp;
let admin: string;
let roles: Record<string, number>;
let ids: Record<string, number>;

async function newAccountBody(over: Record<string, unknown> = {}) {
  return {
    account: 'agent_' + Math.random().toString(36).slice(2, 8), password: 'Secret@123', nickname: 'Agent', name: 'Agent Smith',
    phone: '09' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0'), role_id: roles.first_review, merchant_ids: [],
    ...over,
  };
}

async function opRows(action: string, targetId: number | string) {
  return t.db.select().from(operationLog).where(sql`${operationLog.action} = ${action} and ${operationLog.targetId} = ${String(targetId)}`).orderBy(operationLog.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.identifier, r.id]));
  ids = Object.fromEntries((await t.db.select().from(adminAccount)).map((a) => [a.account, a.id]));
});
afterAll(async () => t?.close());

describe('admin_account/list', () => {
  it('lists accounts with role names, online flag and total', async () => {
    const res = await t.get(admin, '/loanapi/admin_account/list', { page: 1, page_size: 100 });
    expect(res.code).toBe(OK);
    expect(res.data.total).toBeGreaterThanOrEqual(12);
    const me = res.data.rows.find((r: any) => r.account === 'admin');
    expect(me).toMatchObject({ role_name: 'Administrator', online: true, enabled: true, phone: '0900000001' });
    expect(me).not.toHaveProperty('password_hash');
    const r1 = res.data.rows.find((r: any) => r.account === 'reviewer1');
    expect(r1.online).toBe(false);
  });

  it('filters by keyword, role and enabled state', async () => {
    const byKeyword = await t.get(admin, '/loanapi/admin_account/list', { keyword: 'reviewer' });
    expect(byKeyword.data.rows.map((r: any) => r.account).sort()).toEqual(['reviewer1', 'reviewer2']);
    const byRole = await t.get(admin, '/loanapi/admin_account/list', { role_id: roles.collector });
    expect(byRole.data.rows.map((r: any) => r.account)).toEqual(['collector']);
    const disabled = await t.get(admin, '/loanapi/admin_account/list', { enabled: '0' });
    expect(disabled.data.total).toBe(0);
  });

  it('names template roles in the reader\'s language', async () => {
    const vi = await t.get(admin, '/loanapi/admin_account/list', { page: 1, page_size: 100 }, { 'lang-code': 'vi' });
    expect(vi.data.rows.find((r: any) => r.account === 'collector').role_name).toBe('Nhân viên thu hồi nợ');
    const en = await t.get(admin, '/loanapi/admin_account/list', { page: 1, page_size: 100 });
    expect(en.data.rows.find((r: any) => r.account === 'collector').role_name).toBe('Collector');
  });

  it('refuses a bad page size', async () => {
    const res = await t.get(admin, '/loanapi/admin_account/list', { page_size: 100000 });
    expect(res.code).toBe(VALIDATION);
  });
});

describe('admin_account/add', () => {
  it('creates an account that can sign in, and logs it', async () => {
    const body = await newAccountBody({ account: 'newagent', special_nodes: ['log_admin_login'], allowed_terminals: ['pc'] });
    const res = await t.post(admin, '/loanapi/admin_account/add', body);
    expect(res.code).toBe(OK);
    expect(res.data).toMatchObject({ account: 'newagent', role_id: roles.first_review, role_name: 'First-review reviewer', special_nodes: ['log_admin_login'] });
    const [row] = await t.db.select().from(adminAccount).where(eq(adminAccount.id, res.data.id));
    expect(row.passwordHash).not.toContain('Secret@123');
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    await expect(t.login('newagent', 'Secret@123')).resolves.toMatch(/^[0-9a-f]{32}$/);
    const [log] = await opRows('admin_account.add', res.data.id);
    expect(log.account).toBe('admin');
    expect(log.after).toMatchObject({ account: 'newagent', phone: body.phone });
    expect(JSON.stringify(log.after)).not.toContain('Secret@123');
  });

  it('refuses a duplicate account', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ account: 'reviewer1' }));
    expect(res.code).toBe(CONFLICT);
    expect(res.msg).toBe(en('error.accountDuplicate', { account: 'reviewer1' }));
  });

  it('refuses a duplicate phone number (spec §5)', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ phone: '0900000002' }));
    expect(res.code).toBe(CONFLICT);
    expect(res.msg).toBe(en('error.phoneDuplicate'));
  });

  it('refuses bad lengths (name 2–20, account 3–32, phone 6–15)', async () => {
    for (const over of [{ name: 'A' }, { name: 'x'.repeat(21) }, { account: 'ab' }, { account: 'a'.repeat(33) }, { phone: '12345' }, { phone: '1'.repeat(16) }, { password: '123' }]) {
      const res = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody(over));
      expect(res.code, JSON.stringify(over)).toBe(VALIDATION);
      expect(res.data.issues.length).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown role, the same secondary role, unknown merchants and nodes', async () => {
    expect((await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ role_id: 9999 }))).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ secondary_role_id: 9999 }))).code).toBe(VALIDATION);
    const same = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ secondary_role_id: roles.first_review }));
    expect(same.code).toBe(VALIDATION);
    expect(same.msg).toBe(en('error.secondaryRoleSame'));
    expect((await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ merchant_ids: [9999] }))).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ special_nodes: ['no_such_node'] }))).code).toBe(VALIDATION);
  });

  it('refuses a work period with only one end', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ work_start: '08:00', work_end: null }));
    expect(res.code).toBe(VALIDATION);
    expect(res.msg).toBe(en('error.workPeriodPair'));
  });
});

describe('grant rule: nobody gives what they do not hold', () => {
  let limitedToken: string;
  let clerkMerchants: number[];
  beforeAll(async () => {
    // An account manager holding the accounts page and its add/edit actions, nothing else.
    const [r] = await t.db.insert(role).values({ name: 'Account clerk', identifier: 'account_clerk', nodeKeys: ['SysEmpowerUser_add', 'SysEmpowerUser_edit', 'SysEmpowerUser_resetPwd', 'client_clientUser'] }).returning();
    // Scoped to the demo's merchants: an account with no merchants would see no account at all (scoping fails closed).
    const [demo] = await t.db.select({ merchantIds: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'merchant'));
    clerkMerchants = demo.merchantIds;
    const res = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ account: 'clerk', role_id: r.id, merchant_ids: clerkMerchants }));
    expect(res.code).toBe(OK);
    roles.account_clerk = r.id;
    limitedToken = await t.login('clerk', 'Secret@123');
  });

  it('refuses granting a role with nodes the actor lacks', async () => {
    const res = await t.post(limitedToken, '/loanapi/admin_account/add', await newAccountBody({ role_id: roles.admin }));
    expect(res.code).toBe(FORBIDDEN);
    expect(res.msg).toBe(en('error.cannotGrantRole', { name: 'Administrator', key: 'admin_y' }));
  });

  it('refuses granting a special node the actor lacks', async () => {
    const res = await t.post(limitedToken, '/loanapi/admin_account/add', await newAccountBody({ role_id: roles.account_clerk, special_nodes: ['SysEmpowerRole'] }));
    expect(res.code).toBe(FORBIDDEN);
    expect(res.msg).toBe(en('error.cannotGrantNode', { key: 'SysEmpowerRole' }));
  });

  it('allows granting what the actor holds', async () => {
    const [r] = await t.db.insert(role).values({ name: 'Viewer', identifier: 'viewer_only', nodeKeys: ['client_clientUser'] }).returning();
    const res = await t.post(limitedToken, '/loanapi/admin_account/add', await newAccountBody({ role_id: r.id, special_nodes: ['client_clientUser'], merchant_ids: clerkMerchants }));
    expect(res.code).toBe(OK);
  });

  it('refuses managing an account that holds more than the actor', async () => {
    const res = await t.post(limitedToken, '/loanapi/admin_account/reset_pwd', { id: ids.merchant, password: 'Hijack@123' });
    expect(res.code).toBe(FORBIDDEN);
    expect(res.msg).toBe(en('error.accountAbovePrivilege', { account: 'merchant' }));
    // The administrator works for no merchant of the clerk's: outside its scope, it does not exist for the clerk.
    expect((await t.post(limitedToken, '/loanapi/admin_account/reset_pwd', { id: ids.admin, password: 'Hijack@123' })).code).toBe(NOT_FOUND);
  });
});

describe('admin_account/edit', () => {
  it('edits an account and logs before/after', async () => {
    const add = await t.post(admin, '/loanapi/admin_account/add', await newAccountBody({ account: 'toedit' }));
    const body = { id: add.data.id, nickname: 'Edited', name: 'Edited Name', phone: '0911111111', role_id: roles.collector, secondary_role_id: roles.first_review, merchant_ids: [1], privacy_protection: true, allowed_terminals: ['pc', 'mobile'] };
    const res = await t.post(admin, '/loanapi/admin_account/edit', body);
    expect(res.code).toBe(OK);
    expect(res.data).toMatchObject({ nickname: 'Edited', phone: '0911111111', role_name: 'Collector', secondary_role_name: 'First-review reviewer', merchant_ids: [1], privacy_protection: true });
    const [log] = await opRows('admin_account.edit', add.data.id);
    expect(log.before).toMatchObject({ nickname: 'Agent', role_id: roles.first_review });
    expect(log.after).toMatchObject({ nickname: 'Edited', role_id: roles.collector });
  });

  it('refuses a phone used by another account, accepts its own', async () => {
    const dup = await t.post(admin, '/loanapi/admin_account/edit', { id: ids.reviewer2, nickname: 'R2', name: 'Reviewer Two', phone: '0900000002', role_id: roles.second_review });
    expect(dup.code).toBe(CONFLICT);
    expect(dup.msg).toBe(en('error.phoneDuplicate'));
    const own = await t.post(admin, '/loanapi/admin_account/edit', { id: ids.reviewer2, nickname: 'R2', name: 'Reviewer Two', phone: '0900000003', role_id: roles.second_review, merchant_ids: [1, 2] });
    expect(own.code).toBe(OK);
  });

  it('answers not found for an unknown account', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/edit', { id: 99999, nickname: 'X1', name: 'X Y', phone: '0999999999', role_id: roles.collector });
    expect(res.code).toBe(NOT_FOUND);
  });

  it('disabling ends the sessions; the disabled account can no longer sign in', async () => {
    const body = await newAccountBody({ account: 'todisable' });
    const add = await t.post(admin, '/loanapi/admin_account/add', body);
    const token = await t.login('todisable', 'Secret@123');
    expect((await t.get(token, '/loanapi/account/get_userinfo')).code).toBe(OK);
    const res = await t.post(admin, '/loanapi/admin_account/edit', { ...body, id: add.data.id, enabled: false, account: undefined, password: undefined });
    expect(res.code).toBe(OK);
    expect(res.data.enabled).toBe(false);
    const after = await t.get(token, '/loanapi/account/get_userinfo');
    expect(after.status).toBe(412);
    const sessions = await t.db.select().from(adminSession).where(eq(adminSession.accountId, add.data.id));
    expect(sessions.every((s) => s.revokedReason === 'disabled')).toBe(true);
    const login = await t.post(null, '/loanapi/account/login', { account: 'todisable', pwd: 'Secret@123' });
    expect(login.code).toBe(FORBIDDEN);
  });

  it('refuses disabling oneself', async () => {
    const res = await t.post(admin, '/loanapi/admin_account/edit', { id: ids.admin, nickname: 'Administrator', name: 'Administrator', phone: '0900000001', role_id: roles.admin, enabled: false });
    expect(res.code).toBe(VALIDATION);
    expect(res.msg).toBe(en('error.cannotDisableSelf'));
  });
});

describe('admin_account session actions', () => {
  it('forced_login_out: the target’s next request answers HTTP 412, logout time is set', async () => {
    const token = await t.login('reviewer1');
    expect((await t.get(token, '/loanapi/account/get_userinfo')).code).toBe(OK);
    const res = await t.post(admin, '/loanapi/admin_account/forced_login_out', { ids: [ids.reviewer1] });
    expect(res.code).toBe(OK);
    expect(res.data.sessions_ended).toBe(1);
    const next = await t.get(token, '/loanapi/account/get_userinfo');
    expect(next.status).toBe(412);
    const [row] = await t.db.select().from(adminAccount).where(eq(adminAccount.id, ids.reviewer1));
    expect(row.logoutAt).not.toBeNull();
    expect((await opRows('admin_account.forced_login_out', ids.reviewer1)).length).toBe(1);
  });

  it('forced_login_out accepts {id}; forced_session_out ends single sessions', async () => {
    const token = await t.login('reviewer2');
    expect((await t.post(admin, '/loanapi/admin_account/forced_login_out', { id: ids.reviewer2 })).code).toBe(OK);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).status).toBe(412);
    const token2 = await t.login('reviewer2');
    const live = await t.post(admin, '/loanapi/admin_account/get_token_all_list', { account: 'reviewer2' });
    const sid = live.data.rows[0].id;
    expect((await t.post(admin, '/loanapi/admin_account/forced_session_out', { ids: [sid] })).code).toBe(OK);
    expect((await t.get(token2, '/loanapi/account/get_userinfo')).status).toBe(412);
    expect((await t.post(admin, '/loanapi/admin_account/forced_login_out', {})).code).toBe(VALIDATION);
  });

  it('reset_pwd ends the target’s sessions and the new password works', async () => {
    const body = await newAccountBody({ account: 'pwdreset' });
    const add = await t.post(admin, '/loanapi/admin_account/add', body);
    const token = await t.login('pwdreset', 'Secret@123');
    const res = await t.post(admin, '/loanapi/admin_account/reset_pwd', { id: add.data.id, password: 'Newpass@1' });
    expect(res.code).toBe(OK);
    expect(res.data.sessions_ended).toBe(1);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).status).toBe(412);
    expect((await t.post(null, '/loanapi/account/login', { account: 'pwdreset', pwd: 'Secret@123' })).code).not.toBe(OK);
    await expect(t.login('pwdreset', 'Newpass@1')).resolves.toBeTruthy();
    const [log] = await opRows('admin_account.reset_pwd', add.data.id);
    expect(JSON.stringify(log.after)).not.toContain('Newpass@1');
  });

  it('reset_google_bind clears the authenticator', async () => {
    await t.db.update(adminAccount).set({ googleSecret: 'SECRET', googlePendingSecret: 'PENDING', googleBound: true, googleLastStep: 42 }).where(eq(adminAccount.id, ids.collector));
    const res = await t.post(admin, '/loanapi/admin_account/reset_google_bind', { id: ids.collector });
    expect(res.code).toBe(OK);
    const [row] = await t.db.select().from(adminAccount).where(eq(adminAccount.id, ids.collector));
    expect(row).toMatchObject({ googleSecret: null, googlePendingSecret: null, googleBound: false, googleLastStep: 0 });
    const [log] = await opRows('admin_account.reset_google_bind', ids.collector);
    expect(log.before).toEqual({ google_bound: true });
    expect(log.after).toEqual({ google_bound: false });
  });

  it('set_organizer sets and clears the organizer; an unknown merchant is refused', async () => {
    const set = await t.post(admin, '/loanapi/admin_account/set_organizer', { id: ids.reminder, organizer_id: 2 });
    expect(set.code).toBe(OK);
    expect(set.data).toMatchObject({ organizer_id: 2, organizer_name: 'Saigon Credit – Hanoi' });
    expect((await t.post(admin, '/loanapi/admin_account/set_organizer', { id: ids.reminder, organizer_id: null })).data.organizer_id).toBeNull();
    expect((await t.post(admin, '/loanapi/admin_account/set_organizer', { id: ids.reminder, organizer_id: 999 })).code).toBe(VALIDATION);
  });

  it('edit_start_work sets both ends or neither', async () => {
    const ok = await t.post(admin, '/loanapi/admin_account/edit_start_work', { id: ids.marketing, work_start: '08:00', work_end: '18:00' });
    expect(ok.code).toBe(OK);
    expect(ok.data).toMatchObject({ work_start: '08:00', work_end: '18:00' });
    expect((await t.post(admin, '/loanapi/admin_account/edit_start_work', { id: ids.marketing, work_start: '08:00', work_end: null })).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/admin_account/edit_start_work', { id: ids.marketing, work_start: '25:00', work_end: '18:00' })).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/admin_account/edit_start_work', { id: ids.marketing, work_start: null, work_end: null })).data.work_start).toBeNull();
  });

  it('get_token_all_list lists live sessions only', async () => {
    await t.login('registrar');
    const res = await t.post(admin, '/loanapi/admin_account/get_token_all_list', { page: 1, page_size: 50 });
    expect(res.code).toBe(OK);
    const accounts = res.data.rows.map((r: any) => r.account);
    expect(accounts).toContain('registrar');
    expect(accounts).toContain('admin');
    expect(accounts).not.toContain('reviewer1'); // forced out above
    expect(res.data.rows[0]).toHaveProperty('user_agent');
    expect(res.data.rows[0]).not.toHaveProperty('token_hash');
    // An idle session drops out after the idle timeout.
    t.clock.advance(3 * 3600_000);
    const fresh = await t.login('admin');
    const later = await t.post(fresh, '/loanapi/admin_account/get_token_all_list', {});
    expect(later.data.rows.map((r: any) => r.account)).not.toContain('registrar');
    admin = fresh;
  });

  it('get_token_summary_list sums online minutes per account', async () => {
    const base = t.clock.now;
    const [acc] = await t.db.insert(adminAccount).values({ account: 'summary1', nickname: 'S1', name: 'S One', phone: '0977000001', passwordHash: 'x', roleId: roles.collector }).returning();
    await t.db.insert(adminSession).values([
      { tokenHash: 'a'.repeat(64), accountId: acc.id, createdAt: new Date(base.getTime() - 120 * 60_000), lastSeenAt: new Date(base.getTime() - 60 * 60_000), expiresAt: new Date(base.getTime() + 3600_000) },
      // Revoked 10 minutes after it started, although seen later (clock skew): counts 10 minutes.
      { tokenHash: 'b'.repeat(64), accountId: acc.id, createdAt: new Date(base.getTime() - 50 * 60_000), lastSeenAt: new Date(base.getTime() - 30 * 60_000), revokedAt: new Date(base.getTime() - 40 * 60_000), revokedReason: 'logout', expiresAt: new Date(base.getTime() + 3600_000) },
    ]);
    const res = await t.post(admin, '/loanapi/admin_account/get_token_summary_list', { account: 'summary1', page: 1, page_size: 10 });
    expect(res.code).toBe(OK);
    expect(res.data.total).toBe(1);
    expect(res.data.rows[0]).toMatchObject({ account: 'summary1', sessions: 2, online_minutes: 70 });
    expect(res.data.rows[0].first_login_at).toBe(new Date(base.getTime() - 120 * 60_000).toISOString());
    expect(res.data.rows[0].last_seen_at).toBe(new Date(base.getTime() - 40 * 60_000).toISOString());
    const none = await t.post(admin, '/loanapi/admin_account/get_token_summary_list', { account: 'summary1', date_from: '2000-01-01', date_to: '2000-01-02' });
    expect(none.data.total).toBe(0);
    expect((await t.post(admin, '/loanapi/admin_account/get_token_summary_list', { date_from: '2026-02-30' })).code).toBe(VALIDATION);
  });
});

describe('admin_account/del', () => {
  it('soft-deletes, ends the sessions, frees the account name; refuses oneself', async () => {
    const body = await newAccountBody({ account: 'todelete' });
    const add = await t.post(admin, '/loanapi/admin_account/add', body);
    const token = await t.login('todelete', 'Secret@123');
    const res = await t.post(admin, '/loanapi/admin_account/del', { ids: [add.data.id] });
    expect(res.code).toBe(OK);
    const [row] = await t.db.select().from(adminAccount).where(eq(adminAccount.id, add.data.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await t.get(token, '/loanapi/account/get_userinfo')).status).toBe(412);
    const list = await t.get(admin, '/loanapi/admin_account/list', { keyword: 'todelete' });
    expect(list.data.total).toBe(0);
    expect((await t.post(admin, '/loanapi/admin_account/add', body)).code).toBe(OK);
    const self = await t.post(admin, '/loanapi/admin_account/del', { id: ids.admin });
    expect(self.code).toBe(VALIDATION);
    expect(self.msg).toBe(en('error.cannotDeleteSelf'));
    expect((await t.post(admin, '/loanapi/admin_account/del', {})).code).toBe(VALIDATION);
    const [log] = await opRows('admin_account.del', add.data.id);
    expect(log.before).toMatchObject({ account: 'todelete' });
  });
});

describe('permission nodes', () => {
  it('tree lists every node with state and role count', async () => {
    const res = await t.get(admin, '/loanapi/permission_node/tree');
    expect(res.code).toBe(OK);
    const byKey = new Map(res.data.rows.map((r: any) => [r.key, r]));
    expect(byKey.get('ProtocolList')).toMatchObject({ kind: 'root', parent: null, disabled: false });
    expect(byKey.get('SysEmpowerUser')).toMatchObject({ kind: 'page', parent: 'SysEmpower', path: '/empower/user' });
    expect((byKey.get('client_clientUser') as any).role_count).toBeGreaterThanOrEqual(4);
  });

  it('edit disables a node (it leaves the holders’ sessions), the root cannot be disabled', async () => {
    const token = await t.login('supervisor');
    expect((await t.get(token, '/loanapi/account/get_userinfo')).data.node_list).toContain('SysEmpowerUser');
    const res = await t.post(admin, '/loanapi/permission_node/edit', { key: 'SysEmpowerUser', disabled: true, remark: 'audit week' });
    expect(res.code).toBe(OK);
    expect((await t.get(token, '/loanapi/account/get_userinfo')).data.node_list).not.toContain('SysEmpowerUser');
    expect((await t.get(token, '/loanapi/admin_account/list')).code).toBe(FORBIDDEN);
    const tree = await t.get(admin, '/loanapi/permission_node/tree');
    expect(tree.data.rows.find((r: any) => r.key === 'SysEmpowerUser')).toMatchObject({ disabled: true, remark: 'audit week' });
    expect((await t.post(admin, '/loanapi/permission_node/edit', { key: 'SysEmpowerUser', disabled: false })).code).toBe(OK);
    expect((await t.get(token, '/loanapi/admin_account/list')).code).toBe(OK);
    const root = await t.post(admin, '/loanapi/permission_node/edit', { key: 'ProtocolList', disabled: true });
    expect(root.code).toBe(VALIDATION);
    expect(root.msg).toBe(en('error.rootNodeDisable'));
    expect((await t.post(admin, '/loanapi/permission_node/edit', { key: 'nope', disabled: true })).code).toBe(VALIDATION);
    const [log] = await opRows('permission_node.edit', 'SysEmpowerUser');
    expect(log.before).toEqual({ disabled: false, remark: '' });
    expect(log.after).toEqual({ disabled: true, remark: 'audit week' });
  });
});

describe('security', () => {
  const routes: Array<[method: 'GET' | 'POST', url: string]> = [
    ['GET', '/loanapi/admin_account/list'],
    ['POST', '/loanapi/admin_account/add'],
    ['POST', '/loanapi/admin_account/edit'],
    ['POST', '/loanapi/admin_account/del'],
    ['POST', '/loanapi/admin_account/set_organizer'],
    ['POST', '/loanapi/admin_account/reset_pwd'],
    ['POST', '/loanapi/admin_account/reset_google_bind'],
    ['POST', '/loanapi/admin_account/forced_login_out'],
    ['POST', '/loanapi/admin_account/get_token_all_list'],
    ['POST', '/loanapi/admin_account/get_token_summary_list'],
    ['POST', '/loanapi/admin_account/edit_start_work'],
    ['GET', '/loanapi/role/list'],
    ['GET', '/loanapi/role/options'],
    ['POST', '/loanapi/role/add'],
    ['POST', '/loanapi/role/edit'],
    ['POST', '/loanapi/role/del'],
    ['GET', '/loanapi/permission_node/tree'],
    ['POST', '/loanapi/permission_node/edit'],
  ];

  it('reviewer1 gets 40300 on every account, role and node route', async () => {
    const token = await t.login('reviewer1');
    for (const [method, url] of routes) {
      const res = method === 'GET' ? await t.get(token, url) : await t.post(token, url, { id: ids.reviewer2, ids: [ids.reviewer2], password: 'Whatever@1', key: 'client', disabled: true });
      expect(res.code, `${method} ${url}`).toBe(FORBIDDEN);
    }
  });

  it('no token: 50008 and nothing happens', async () => {
    const res = await t.post(null, '/loanapi/admin_account/reset_pwd', { id: ids.reviewer2, password: 'Whatever@1' });
    expect(res.code).toBe(50008);
  });

  it('the supervisor (page SysEmpowerUser only) lists accounts and role options, but cannot add or reset', async () => {
    const token = await t.login('supervisor');
    expect((await t.get(token, '/loanapi/admin_account/list')).code).toBe(OK);
    expect((await t.get(token, '/loanapi/role/options')).code).toBe(OK);
    expect((await t.post(token, '/loanapi/admin_account/add', await newAccountBody())).code).toBe(FORBIDDEN);
    expect((await t.post(token, '/loanapi/admin_account/reset_pwd', { id: ids.reviewer2, password: 'Whatever@1' })).code).toBe(FORBIDDEN);
    expect((await t.post(token, '/loanapi/admin_account/reset_google_bind', { id: ids.reviewer2 })).code).toBe(FORBIDDEN);
    expect((await t.post(token, '/loanapi/admin_account/forced_login_out', { ids: [ids.reviewer2] })).code).toBe(FORBIDDEN);
    expect((await t.get(token, '/loanapi/role/list')).code).toBe(FORBIDDEN);
  });

  it('a merchant-scoped actor sees only accounts of its merchants', async () => {
    // submerchant's merchants: [2]; give it the accounts page.
    await t.db.update(adminAccount).set({ specialNodes: ['SysEmpowerUser'] }).where(eq(adminAccount.id, ids.submerchant));
    const token = await t.login('submerchant');
    const res = await t.get(token, '/loanapi/admin_account/list', { page_size: 500 });
    expect(res.code).toBe(OK);
    const accounts = res.data.rows.map((r: any) => r.account);
    expect(accounts).toContain('submerchant');
    expect(accounts).toContain('merchant');
    expect(accounts).not.toContain('admin'); // no merchants: outside every merchant's scope
    expect(res.data.rows.every((r: any) => r.merchant_ids.includes(2))).toBe(true);
  });

  it('a privacy-protected actor receives masked phone numbers and cannot search by phone', async () => {
    await t.db.update(adminAccount).set({ privacyProtection: true }).where(eq(adminAccount.id, ids.supervisor));
    const token = await t.login('supervisor');
    const res = await t.get(token, '/loanapi/admin_account/list', { page_size: 500 });
    expect(res.code).toBe(OK);
    const collector = res.data.rows.find((r: any) => r.account === 'collector');
    expect(collector.phone).toBe('090*****06');
    expect(res.data.rows.every((r: any) => /^\d{3}\*+\d{2}$/.test(r.phone))).toBe(true);
    expect((await t.get(token, '/loanapi/admin_account/list', { keyword: '0900000006' })).data.total).toBe(0);
    // The same list for a reader without privacy protection shows the number.
    const plain = await t.get(admin, '/loanapi/admin_account/list', { keyword: '0900000006' });
    expect(plain.data.rows[0].phone).toBe('0900000006');
  });

  it('maskPhone keeps the first 3 and the last 2 characters', () => {
    expect(maskPhone('0900000006')).toBe('090*****06');
    expect(maskPhone('+84901234567')).toBe('+84*******67');
    expect(maskPhone('12345')).toBe('*****');
  });
});
