import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from './command.types';
import { SUPER_KEY } from './permissions';
import { CommandApiError, CommandError, createNodeCaller, fillPath, preparePayload, runCommand, scopeSatisfied } from './run';
import { byId } from './index';

const noReject = (): never => {
  throw new Error('expected a rejection');
};

type Call = { api: ApiCall; payload?: Record<string, unknown> };

function fakeCall(result: unknown = { ok: true }) {
  const calls: Call[] = [];
  const call = vi.fn(async (api: ApiCall, payload?: Record<string, unknown>) => {
    calls.push({ api, payload });
    return result;
  }) as unknown as <T>(api: ApiCall, payload?: Record<string, unknown>) => Promise<T>;
  return { call, calls };
}

describe('runCommand', () => {
  it('refuses an unknown command', async () => {
    const { call } = fakeCall();
    await expect(runCommand('nope.nothing', {}, { call, nodes: [SUPER_KEY] })).rejects.toMatchObject({ code: 'unknown' });
  });

  it('re-checks the permission', async () => {
    const { call, calls } = fakeCall();
    const err = await runCommand('empower.user.resetGoogle', {}, { call, nodes: ['SysEmpowerUser'], selection: [{ id: 3 }] }).then(noReject, (e: CommandError) => e);
    expect(err).toBeInstanceOf(CommandError);
    expect(err.code).toBe('forbidden');
    expect(calls).toHaveLength(0);
  });

  it('single scope sends {…params, id} of the one selected row', async () => {
    const { call, calls } = fakeCall();
    await runCommand('empower.user.resetPwd', { password: 'secret12' }, { call, nodes: ['SysEmpowerUser_resetPwd'], selection: [{ id: 7, account: 'x' }] });
    expect(calls[0].api).toEqual({ method: 'POST', path: '/loanapi/admin_account/reset_pwd' });
    expect(calls[0].payload).toEqual({ password: 'secret12', id: 7 });
  });

  it('single scope accepts params.id when nothing is selected, refuses two rows', async () => {
    const { call, calls } = fakeCall();
    await runCommand('empower.user.resetGoogle', { id: 9 }, { call, nodes: [SUPER_KEY] });
    expect(calls[0].payload).toEqual({ id: 9 });
    await expect(runCommand('empower.user.resetGoogle', {}, { call, nodes: [SUPER_KEY], selection: [{ id: 1 }, { id: 2 }] }))
      .rejects.toMatchObject({ code: 'selection' });
    await expect(runCommand('empower.user.resetGoogle', {}, { call, nodes: [SUPER_KEY] })).rejects.toMatchObject({ code: 'selection' });
  });

  it('validates the id carried by an edit schema together with the rest', async () => {
    const { call, calls } = fakeCall();
    await runCommand('system.dict.edit', { dict_name: 'reject_reason', value: ' 1 ', label: 'Too young' }, { call, nodes: [SUPER_KEY], selection: [{ id: 4 }] });
    expect(calls[0].payload).toMatchObject({ id: 4, dict_name: 'reject_reason', value: '1', label: 'Too young', sort: 0, enabled: true });
  });

  it('bulk scope sends {ids}', async () => {
    const { call, calls } = fakeCall();
    await runCommand('empower.user.forceLogout', {}, { call, nodes: [SUPER_KEY], selection: [{ id: 1 }, { id: '2' }] });
    expect(calls[0].payload).toEqual({ ids: [1, 2] });
    await expect(runCommand('empower.user.forceLogout', {}, { call, nodes: [SUPER_KEY], selection: [] })).rejects.toMatchObject({ code: 'selection' });
  });

  it('screen scope validates params with zod and reports issues', async () => {
    const { call, calls } = fakeCall();
    const err = await runCommand('empower.role.add', { name: 'x', identifier: 'ok_id' }, { call, nodes: [SUPER_KEY] }).then(noReject, (e: CommandError) => e);
    expect(err.code).toBe('invalid');
    expect(err.issues[0].path).toEqual(['name']);
    expect(calls).toHaveLength(0);
    await runCommand('empower.role.add', { name: 'Auditor', identifier: 'auditor' }, { call, nodes: [SUPER_KEY] });
    expect(calls[0].payload).toMatchObject({ name: 'Auditor', identifier: 'auditor', is_template: false, node_keys: [] });
  });

  it('client-only commands need a handler', async () => {
    const { call } = fakeCall();
    await expect(runCommand('settings.theme.toggle', {}, { call, nodes: [] })).rejects.toMatchObject({ code: 'no handler' });
    const handler = vi.fn(() => 'dark');
    await expect(runCommand('settings.theme.toggle', {}, { call, nodes: [] }, { handler: (id) => (id === 'settings.theme.toggle' ? handler : undefined) })).resolves.toBe('dark');
  });

  it('scopeSatisfied', () => {
    expect(scopeSatisfied(byId.get('empower.user.edit')!, [{ id: 1 }])).toBe(true);
    expect(scopeSatisfied(byId.get('empower.user.edit')!, [{ id: 1 }, { id: 2 }])).toBe(false);
    expect(scopeSatisfied(byId.get('empower.user.del')!, [])).toBe(false);
    expect(scopeSatisfied(byId.get('empower.user.add')!, [])).toBe(true);
  });

  it('fillPath', () => {
    expect(fillPath('/api/dictItem/:id', { id: 12 })).toBe('/api/dictItem/12');
  });
});

describe('createNodeCaller against a tiny server', () => {
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        if (req.url!.startsWith('/loanapi/fail')) return res.end(JSON.stringify({ code: 40300, msg: 'no access', data: null }));
        if (req.url!.startsWith('/loanapi/gone')) {
          res.statusCode = 412;
          return res.end(JSON.stringify({ code: 41200, msg: 'session ended', data: null }));
        }
        res.end(JSON.stringify({ code: 20000, msg: 'Saved', data: { echo: body ? JSON.parse(body) : null } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the browser headers, unwraps the envelope and reports msg', async () => {
    const msgs: string[] = [];
    const call = createNodeCaller(url, 'tok123', 200, { onMessage: (m) => msgs.push(m) });
    const data = await call<{ echo: unknown }>({ method: 'POST', path: '/loanapi/admin_account/reset_pwd' }, { id: 1 });
    expect(data.echo).toEqual({ id: 1 });
    expect(msgs).toEqual(['Saved']);
    const h = seen.at(-1)!.headers;
    expect(h.authorization).toBe('tok123');
    expect(h['x-api-token']).toBe('tok123');
    expect(h['lang-code']).toBe('200');
    expect(Number(h['x-api-st'])).toBeGreaterThan(Date.now() - 60_000);
  });

  it('GET sends the payload as query and fills path params', async () => {
    const call = createNodeCaller(url, null);
    await call({ method: 'GET', path: '/loanapi/dict/detail_on_list' }, { dict_name: 'x', page: 0 });
    expect(seen.at(-1)!.url).toBe('/loanapi/dict/detail_on_list?dict_name=x&page=0');
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
    await call({ method: 'POST', path: '/api/dictItem/:id' }, { id: 5 });
    expect(seen.at(-1)!.url).toBe('/api/dictItem/5');
  });

  it('throws on code ≠ 20000 and on HTTP errors', async () => {
    const call = createNodeCaller(url, 't');
    await expect(call({ method: 'POST', path: '/loanapi/fail' })).rejects.toMatchObject({ code: 40300, message: 'no access' });
    const e = await call({ method: "POST", path: "/loanapi/gone" }).then(noReject, (x: CommandApiError) => x);
    expect(e).toBeInstanceOf(CommandApiError);
    expect(e.httpStatus).toBe(412);
    expect(e.code).toBe(41200);
  });

  it('scripts a command against the live server', async () => {
    const call = createNodeCaller(url, 't');
    const res = await runCommand<{ echo: unknown }>('empower.user.forceLogout', {}, { call, nodes: [SUPER_KEY], selection: [{ id: 3 }, { id: 4 }] });
    expect(res.echo).toEqual({ ids: [3, 4] });
  });
});
