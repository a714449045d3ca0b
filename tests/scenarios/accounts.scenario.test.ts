import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands';
import { CommandApiError, CommandError, createNodeCaller, runCommand } from '../../commands/run';
import { buildApp, type App } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_PASSWORD, openTestDatabase } from '../support/testApp';

/**
 * Command sequences run through the same runner as the palette, against a live server on a real port:
 * an administrator creates an account, resets its password and forces it out; a reviewer is refused.
 */
describe('scenario: managing an account by commands', () => {
  let app: App;
  let url: string;
  let drop: () => Promise<void>;

  async function signIn(account: string, pwd = DEMO_PASSWORD): Promise<CommandContext & { token: string }> {
    const anon = createNodeCaller(url, null);
    const { token } = await anon<{ token: string }>({ method: 'POST', path: '/loanapi/account/login' }, { account, pwd });
    const call = createNodeCaller(url, token);
    const me = await call<{ node_list: string[] }>({ method: 'GET', path: '/loanapi/account/get_userinfo' });
    return { call, nodes: me.node_list, token };
  }

  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemo(database.db, DEMO_PASSWORD);
    app = await buildApp({ db: database.db, cfg: testConfig() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    drop = database.drop;
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('add → sign in → reset password → force logout', async () => {
    const admin = await signIn('admin');
    const roles = await admin.call<Array<{ id: number; identifier: string }>>({ method: 'GET', path: '/loanapi/role/options' });
    const reviewerRole = roles.find((r) => r.identifier === 'first_review')!;

    const added = await runCommand<{ id: number }>('empower.user.add', {
      account: 'newreviewer', password: 'Start@123', name: 'New Reviewer', nickname: 'Newbie', phone: '0912345678', role_id: reviewerRole.id,
    }, admin);
    expect(added.id).toBeGreaterThan(0);

    const staff = await signIn('newreviewer', 'Start@123');
    expect(staff.nodes).toContain('review_trial');

    await runCommand('empower.user.resetPwd', { password: 'Other@456' }, { ...admin, selection: [{ id: added.id }] });
    // The reset ended the staff member's session: the server answers HTTP 412.
    const err = await staff.call({ method: 'GET', path: '/loanapi/account/get_userinfo' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandApiError);
    expect((err as CommandApiError).httpStatus).toBe(412);

    const again = await signIn('newreviewer', 'Other@456');
    await runCommand('empower.user.forceLogout', {}, { ...admin, selection: [{ id: added.id }] });
    const forced = await again.call({ method: 'GET', path: '/loanapi/account/get_userinfo' }).catch((e: unknown) => e);
    expect((forced as CommandApiError).httpStatus).toBe(412);
  });

  it('a reviewer is refused by the runner and, going round it, by the server', async () => {
    const reviewer = await signIn('reviewer1');
    const refused = await runCommand('empower.user.add', {}, reviewer).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CommandError);
    expect((refused as CommandError).code).toBe('forbidden');
    const direct = await reviewer.call({ method: 'POST', path: '/loanapi/admin_account/add' }, {}).catch((e: unknown) => e);
    expect((direct as CommandApiError).code).toBe(40300);
  });

  it('bad parameters are refused before any call, in the schema’s terms', async () => {
    const admin = await signIn('admin');
    const bad = await runCommand('empower.user.add', { account: 'x', password: '1', name: 'A', nickname: 'B', phone: 'abc', role_id: 1 }, admin).catch((e: unknown) => e);
    expect((bad as CommandError).code).toBe('invalid');
    expect((bad as CommandError).issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['account', 'password', 'name', 'phone']));
  });
});
