import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { LANG_BY_CODE } from '../../../schemas/i18n';
import { translate } from '../../i18n';
import { operationLog } from '../log/log.table';
import { adminAccount, role } from './empower.table';

const OK = 20000;
const FORBIDDEN = 40300;
const VALIDATION = 40000;
const CONFLICT = 40900;
const NOT_FOUND = 40400;
const en = (id: string, values: Record<string, string | number> = {}) => translate(LANG_BY_CODE.en, id, values);

let t: TestApp;
let admin: string;
let roles: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  roles = Object.fromEntries((await t.db.select().from(role)).map((r) => [r.identifier, r.id]));
});
afterAll(async () => t?.close());

const body = (over: Record<string, unknown> = {}) => ({ name: 'Team lead', identifier: 'team_lead', node_keys: ['review', 'client_clientUser'], ...over });

describe('role/list and options', () => {
  it('lists roles with parent, children and account counts', async () => {
    const res = await t.get(admin, '/loanapi/role/list');
    expect(res.code).toBe(OK);
    const main = res.data.rows.find((r: any) => r.identifier === 'main_merchant');
    const sub = res.data.rows.find((r: any) => r.identifier === 'sub_merchant');
    expect(sub).toMatchObject({ parent_id: main.id, parent_name: 'Main merchant operator', account_count: 1, is_template: true });
    expect(main.children).toEqual([sub.id]);
    expect(res.data.rows.find((r: any) => r.identifier === 'admin').node_keys).toEqual(['admin_y']);
  });

  it('options give id, name, identifier and whether the caller may grant the role', async () => {
    const res = await t.get(admin, '/loanapi/role/options');
    expect(res.code).toBe(OK);
    expect(res.data[0]).toEqual({ id: roles.admin, name: 'Administrator', identifier: 'admin', grantable: true });
    const sup = await t.login('supervisor');
    const forSupervisor = await t.get(sup, '/loanapi/role/options');
    expect(forSupervisor.data.find((r: any) => r.identifier === 'admin').grantable).toBe(false);
    expect(forSupervisor.data.find((r: any) => r.identifier === 'supervisor').grantable).toBe(true);
  });
});

describe('role/add, edit, del', () => {
  let leadId: number;

  it('adds a role and logs it', async () => {
    const res = await t.post(admin, '/loanapi/role/add', body({ node_keys: ['review', 'client_clientUser', 'review'] }));
    expect(res.code).toBe(OK);
    expect(res.data).toMatchObject({ identifier: 'team_lead', node_keys: ['review', 'client_clientUser'], parent_id: null });
    leadId = res.data.id;
    const [log] = await t.db.select().from(operationLog).where(sql`${operationLog.action} = 'role.add' and ${operationLog.targetId} = ${String(leadId)}`);
    expect(log.after).toMatchObject({ identifier: 'team_lead' });
  });

  it('refuses a duplicate identifier, unknown nodes, an unknown parent and bad lengths', async () => {
    const dup = await t.post(admin, '/loanapi/role/add', body());
    expect(dup.code).toBe(CONFLICT);
    expect(dup.msg).toBe(en('error.roleIdentifierDuplicate', { identifier: 'team_lead' }));
    const unknown = await t.post(admin, '/loanapi/role/add', body({ identifier: 'x_role', node_keys: ['no_such'] }));
    expect(unknown.code).toBe(VALIDATION);
    expect(unknown.msg).toBe(en('error.nodeUnknown', { key: 'no_such' }));
    expect((await t.post(admin, '/loanapi/role/add', body({ identifier: 'x_role', parent_id: 9999 }))).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/role/add', body({ identifier: 'x_role', name: 'A' }))).code).toBe(VALIDATION);
    expect((await t.post(admin, '/loanapi/role/add', body({ identifier: 'x y' }))).code).toBe(VALIDATION);
  });

  it('a sub-role may hold only what its parent grants', async () => {
    const within = await t.post(admin, '/loanapi/role/add', body({ name: 'Trial only', identifier: 'trial_only', parent_id: leadId, node_keys: ['review_trial'] }));
    expect(within.code).toBe(OK);
    const beyond = await t.post(admin, '/loanapi/role/add', body({ name: 'Too much', identifier: 'too_much', parent_id: leadId, node_keys: ['review_trial', 'collection'] }));
    expect(beyond.code).toBe(VALIDATION);
    expect(beyond.msg).toBe(en('error.roleExceedsParent', { key: 'collection', parent: 'Team lead' }));
  });

  it('narrowing a parent below a sub-role is refused; cycles are refused', async () => {
    const narrowed = await t.post(admin, '/loanapi/role/edit', { id: leadId, ...body({ node_keys: ['client_clientUser'] }) });
    expect(narrowed.code).toBe(CONFLICT);
    expect(narrowed.msg).toBe(en('error.roleChildExceeds', { name: 'Trial only', key: 'review_trial' }));
    const child = roles.trial_only ?? (await t.db.select().from(role).where(eq(role.identifier, 'trial_only')))[0].id;
    const cycle = await t.post(admin, '/loanapi/role/edit', { id: leadId, ...body({ parent_id: child }) });
    expect(cycle.code).toBe(VALIDATION);
    expect(cycle.msg).toBe(en('error.roleCycle'));
    expect((await t.post(admin, '/loanapi/role/edit', { id: leadId, ...body({ parent_id: leadId }) })).code).toBe(VALIDATION);
  });

  it('edits a role and logs before/after', async () => {
    const res = await t.post(admin, '/loanapi/role/edit', { id: leadId, ...body({ name: 'Review lead', node_keys: ['review', 'client'] }) });
    expect(res.code).toBe(OK);
    expect(res.data).toMatchObject({ name: 'Review lead', node_keys: ['review', 'client'] });
    const [log] = await t.db.select().from(operationLog).where(sql`${operationLog.action} = 'role.edit' and ${operationLog.targetId} = ${String(leadId)}`);
    expect(log.before).toMatchObject({ name: 'Team lead', node_keys: ['review', 'client_clientUser'] });
    expect(log.after).toMatchObject({ name: 'Review lead' });
    expect((await t.post(admin, '/loanapi/role/edit', { id: 9999, ...body({ identifier: 'ghost' }) })).code).toBe(NOT_FOUND);
  });

  it('a role used by accounts, or with sub-roles, cannot be deleted', async () => {
    const inUse = await t.post(admin, '/loanapi/role/del', { id: roles.collector });
    expect(inUse.code).toBe(CONFLICT);
    expect(inUse.msg).toBe(en('error.roleInUse', { count: 1 }));
    const hasChildren = await t.post(admin, '/loanapi/role/del', { id: leadId });
    expect(hasChildren.code).toBe(CONFLICT);
    expect(hasChildren.msg).toBe(en('error.roleHasChildren', { count: 1 }));
    // A secondary role counts as a use too.
    const [extra] = await t.db.insert(role).values({ name: 'Extra', identifier: 'extra', nodeKeys: [] }).returning();
    await t.db.update(adminAccount).set({ secondaryRoleId: extra.id }).where(eq(adminAccount.account, 'reminder'));
    expect((await t.post(admin, '/loanapi/role/del', { id: extra.id })).code).toBe(CONFLICT);
  });

  it('deletes an unused role (soft) and frees its identifier', async () => {
    const child = (await t.db.select().from(role).where(eq(role.identifier, 'trial_only')))[0];
    const res = await t.post(admin, '/loanapi/role/del', { id: child.id });
    expect(res.code).toBe(OK);
    const [row] = await t.db.select().from(role).where(eq(role.id, child.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await t.get(admin, '/loanapi/role/list')).data.rows.some((r: any) => r.id === child.id)).toBe(false);
    expect((await t.post(admin, '/loanapi/role/del', { id: child.id })).code).toBe(NOT_FOUND);
    expect((await t.post(admin, '/loanapi/role/add', body({ name: 'Trial again', identifier: 'trial_only', parent_id: leadId, node_keys: ['review_trial'] }))).code).toBe(OK);
    const [log] = await t.db.select().from(operationLog).where(sql`${operationLog.action} = 'role.del' and ${operationLog.targetId} = ${String(child.id)}`);
    expect(log.before).toMatchObject({ identifier: 'trial_only' });
  });
});

describe('the grant rule on roles', () => {
  let token: string;
  beforeAll(async () => {
    // A role manager holding the role page actions and the review group, nothing else.
    const [r] = await t.db.insert(role).values({ name: 'Role clerk', identifier: 'role_clerk', nodeKeys: ['SysEmpowerRole_add', 'SysEmpowerRole_edit', 'SysEmpowerRole_del', 'review'] }).returning();
    await t.db.insert(adminAccount).values({ account: 'roleclerk', nickname: 'RC', name: 'Role Clerk', phone: '0988000001', passwordHash: (await t.db.select().from(adminAccount).where(eq(adminAccount.account, 'admin')))[0].passwordHash, roleId: r.id });
    token = await t.login('roleclerk');
  });

  it('refuses nodes the actor does not hold', async () => {
    const res = await t.post(token, '/loanapi/role/add', body({ identifier: 'sneaky', node_keys: ['review_trial', 'SysEmpowerUser'] }));
    expect(res.code).toBe(FORBIDDEN);
    expect(res.msg).toBe(en('error.cannotGrantNode', { key: 'SysEmpowerUser' }));
    expect((await t.post(token, '/loanapi/role/add', body({ identifier: 'sneaky', node_keys: ['admin_y'] }))).code).toBe(FORBIDDEN);
    expect((await t.post(token, '/loanapi/role/add', body({ identifier: 'fine_role', node_keys: ['review_trial'] }))).code).toBe(OK);
  });

  it('refuses changing or deleting a role holding more than the actor', async () => {
    const edit = await t.post(token, '/loanapi/role/edit', { id: roles.admin, name: 'Administrator', identifier: 'admin', node_keys: [] });
    expect(edit.code).toBe(FORBIDDEN);
    expect(edit.msg).toBe(en('error.roleAbovePrivilege', { name: 'Administrator', key: 'admin_y' }));
    expect((await t.post(token, '/loanapi/role/del', { id: roles.supervisor })).code).toBe(FORBIDDEN);
  });

  it('a holder of the role page only can list but not change', async () => {
    await t.db.update(adminAccount).set({ specialNodes: ['SysEmpowerRole'] }).where(eq(adminAccount.account, 'reviewer2'));
    const viewer = await t.login('reviewer2');
    expect((await t.get(viewer, '/loanapi/role/list')).code).toBe(OK);
    expect((await t.post(viewer, '/loanapi/role/add', body({ identifier: 'nope_role' }))).code).toBe(FORBIDDEN);
    expect((await t.post(viewer, '/loanapi/role/del', { id: roles.collector })).code).toBe(FORBIDDEN);
  });
});
