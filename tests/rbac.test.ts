import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, visibleFor } from '../commands';
import { can } from '../commands/permissions';
import { ROLE_TEMPLATES } from '../commands/roles';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Role × command, both sides: the console shows a command exactly when the role's nodes grant it, and the
 * server refuses (40300) exactly the calls the role is not granted. Calls carry an empty payload, so a
 * permitted write stops at validation and changes nothing.
 */
describe('RBAC matrix', () => {
  let t: TestApp;
  const sessions = new Map<string, { token: string; nodes: string[] }>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const r of ROLE_TEMPLATES) {
      const token = await t.login(r.demoAccount);
      const me = await t.get(token, '/loanapi/account/get_userinfo');
      sessions.set(r.identifier, { token, nodes: me.data.node_list });
    }
  });
  afterAll(() => t.close());

  it.each(ROLE_TEMPLATES.map((r) => r.identifier))('%s: the profile carries the template nodes', (id) => {
    const tpl = ROLE_TEMPLATES.find((r) => r.identifier === id)!;
    expect(sessions.get(id)!.nodes).toEqual([...tpl.nodeKeys].sort());
  });

  it.each(ROLE_TEMPLATES.map((r) => r.identifier))('%s: UI visibility and server refusal agree with the grants', async (id) => {
    const { token, nodes } = sessions.get(id)!;
    const visible = new Set(visibleFor(nodes).map((c) => c.id));
    for (const c of COMMANDS) {
      const granted = can(nodes, c.permission);
      expect(visible.has(c.id), `${id} sees ${c.id}`).toBe(granted);
      if (!c.api || c.api.path.endsWith('/logout')) continue;
      const path = c.api.path.replace(/:(\w+)/g, '0');
      const res = c.api.method === 'GET' ? await t.get(token, path) : await t.post(token, path, {});
      if (granted) expect(res.code, `${id} → ${c.id}: ${res.msg}`).not.toBe(40300);
      else expect(res.code, `${id} → ${c.id}`).toBe(40300);
    }
  });

  it('the administrator sees every command and the first reviewer sees no administration', () => {
    expect(visibleFor(sessions.get('admin')!.nodes).length).toBe(COMMANDS.length);
    const reviewer = visibleFor(sessions.get('first_review')!.nodes).map((c) => c.area);
    expect(reviewer).not.toContain('empower');
    expect(reviewer).not.toContain('system');
  });

  it('a supervisor may read accounts but not change them', () => {
    const nodes = sessions.get('supervisor')!.nodes;
    expect(can(nodes, 'SysEmpowerUser')).toBe(true);
    expect(can(nodes, 'SysEmpowerUser_resetPwd')).toBe(false);
    expect(can(nodes, 'log_admin_login')).toBe(true);
  });
});
