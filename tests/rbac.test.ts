import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, visibleFor } from '../commands';
import { can } from '../commands/permissions';
import { ROLE_TEMPLATES } from '../commands/roles';
import { merchant } from '../src/server/modules/merchant/merchant.table';
import { operationLog } from '../src/server/modules/log/log.table';
import { createTestApp, type TestApp } from './support/testApp';
import { TEMPLATE_ACTIONS } from './rbac.actions';
import { REPORTS } from '../src/schemas/reports';
import { STAT_API } from '../src/schemas/statistics';

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

  // Every report, tabs included (only a page's first report is a command's api): answered exactly when its page's node is granted.
  it.each(ROLE_TEMPLATES.map((r) => r.identifier))('%s: every report answers exactly when its page is granted', async (id) => {
    const { token, nodes } = sessions.get(id)!;
    const range = { date_from: '2026-01-01', date_to: '2026-01-31' };
    for (const decl of Object.values(REPORTS)) {
      const res = await t.get(token, STAT_API(decl.id), range);
      if (can(nodes, decl.node)) expect(res.code, `${id} → ${decl.id}: ${res.msg}`).toBe(20000);
      else expect(res.code, `${id} → ${decl.id}`).toBe(40300);
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

  // Pinned by hand: a grant added to any template shows up here as a diff to review, not as a silent widening.
  it.each(ROLE_TEMPLATES.filter((r) => r.identifier !== 'admin').map((r) => r.identifier))('%s: runs exactly its pinned actions', (id) => {
    const pinned = TEMPLATE_ACTIONS[id];
    expect(pinned, `pin the actions of ${id} in tests/rbac.actions.ts`).toBeDefined();
    const expected = Object.entries(pinned).flatMap(([screen, verbs]) => verbs.map((v) => `${screen}.${v}`)).sort();
    const actual = visibleFor(sessions.get(id)!.nodes).filter((c) => c.kind === 'action' && c.permission !== null).map((c) => c.id).sort();
    expect(actual).toEqual(expected);
  });

  it('every template is pinned, and every pinned action exists', () => {
    expect(Object.keys(TEMPLATE_ACTIONS).sort()).toEqual(ROLE_TEMPLATES.filter((r) => r.identifier !== 'admin').map((r) => r.identifier).sort());
    const ids = new Set(COMMANDS.map((c) => c.id));
    for (const pinned of Object.values(TEMPLATE_ACTIONS)) {
      for (const [screen, verbs] of Object.entries(pinned)) for (const v of verbs) expect(ids.has(`${screen}.${v}`), `${screen}.${v}`).toBe(true);
    }
  });

  it('the supervisor reaches no write route on the server: every POST it may call is a sign-in chore or a read', () => {
    const nodes = sessions.get('supervisor')!.nodes;
    const granted = [...t.app.routePermissions].filter(([r, perms]) => r.startsWith('POST ') && perms.some((p) => !p.startsWith('@') && can(nodes, p)));
    // Known exception: placing a call from the customer detail logs the call, and the server grants it with reading the
    // detail (customer.routes.ts); it records contact, it changes no order or money.
    const exceptions = ['POST /loanapi/customer/call_log'];
    const writes = granted.map(([r]) => r).filter((r) => !/(list|all_list|\/get_\w+|detail|query|options|summary|export)$/.test(r));
    expect(writes).toEqual(exceptions);
  });

  describe('the supervisor\'s former writes are refused by the server', () => {
    let merchantId: number;
    beforeAll(async () => {
      [{ id: merchantId }] = await t.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
    });

    // Well-formed bodies, so that a 40300 can only come from the permission check.
    const formerWrites = (): [string, string, Record<string, unknown>][] => [
      ['close an order', '/loanapi/review/order/close', { ids: [1], reason: 'Duplicate' }],
      ['close all', '/loanapi/review/order/close_all', { ids: [1] }],
      ['reset an order', '/loanapi/review/order/reset', { ids: [1] }],
      ['return to withdrawal', '/loanapi/review/order/return_withdrawal', { ids: [1] }],
      ['dispatch a review queue', '/loanapi/review/trial/dispatch', { cap: 2 }],
      ['force a session out', '/loanapi/admin_account/forced_session_out', { ids: [1] }],
      ['approve a reduction', '/loanapi/reduction/approve', { id: 1, idempotency_key: 'rbac-approve-0001' }],
      ['run the collection day', '/loanapi/collection/run_day', { merchant_id: merchantId }],
      ['assign cases', '/loanapi/collection/assign', { ids: [1], collector_id: 1 }],
      ['add a stage', '/loanapi/collection/stage/add', { merchant_id: merchantId, name: 'S9', min_day: 200, max_day: 300 }],
      ['release a customer claim', '/loanapi/customer_claim/release', { id: 1 }],
    ];

    it('each answers 40300 and leaves no operation-log row', async () => {
      const { token } = sessions.get('supervisor')!;
      const before = (await t.db.select({ id: operationLog.id }).from(operationLog)).length;
      for (const [what, url, body] of formerWrites()) {
        expect((await t.post(token, url, body)).code, what).toBe(40300);
      }
      expect((await t.db.select({ id: operationLog.id }).from(operationLog)).length).toBe(before);
    });

    it('the collection supervisor runs the collection day but touches neither orders nor money', async () => {
      const { token } = sessions.get('collection_supervisor')!;
      const run = await t.post(token, '/loanapi/collection/run_day', { merchant_id: merchantId });
      expect(run.code, run.msg).toBe(20000);
      for (const [what, url, body] of [
        ['close an order', '/loanapi/review/order/close', { ids: [1], reason: 'Duplicate' }],
        ['approve a reduction', '/loanapi/reduction/approve', { id: 1, idempotency_key: 'rbac-approve-0002' }],
        ['refund customer credit', '/loanapi/collection/refund', { order_id: 1, amount: 100, idempotency_key: 'rbac-refund-0001' }],
        ['add a manual repayment', '/loanapi/repayment/manual/add', { order_id: 1, amount: 100 }],
        ['edit a stage', '/loanapi/collection/stage/edit', { id: 1 }],
      ] as const) {
        expect((await t.post(token, url, body)).code, what).toBe(40300);
      }
    });
  });
});
