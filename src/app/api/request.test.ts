// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../../schemas/common';
import { currentLang } from '../intl/lang';
import { session } from '../state/session';
import { getUserInfo, logout } from './auth.api';
import { api, ApiError, configureRequestFetch, configureRequestUi, ERROR_MESSAGE_MS, request, REQUEST_TIMEOUT_MS } from './request';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const TOKEN = 'tok-secret-123';
let sent: Sent[];
/** What the next requests answer; a function gets the request and may return a promise that never settles. */
let answer: (req: Sent, signal: AbortSignal) => Promise<Response>;
const ui = { error: vi.fn(), sessionEnded: vi.fn(), reload: vi.fn(), t: (id: string) => `t:${id}` };

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const ok = (data: unknown = null, msg = 'done') => json({ code: CODE.OK, msg, data });

/** Rejects like the browser's fetch when its signal aborts; never answers otherwise. */
const hang = (_: Sent, signal: AbortSignal) =>
  new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

/** A gate the test opens itself: requests answered through it stay pending until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

beforeEach(() => {
  sent = [];
  answer = () => ok();
  for (const f of [ui.error, ui.sessionEnded, ui.reload]) f.mockReset();
  configureRequestUi(ui);
  configureRequestFetch(async (input, init) => {
    const req: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    sent.push(req);
    return answer(req, init!.signal!);
  });
  session.token = TOKEN;
});

afterEach(() => {
  configureRequestFetch();
  session.token = null;
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends the token as Authorization and x-api-token, the time and the language', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z'), toFake: ['Date'] });
    await api.get('/loanapi/admin_account/list', { page: 1 });
    const h = sent[0].headers;
    expect(h.get('authorization')).toBe(TOKEN);
    expect(h.get('x-api-token')).toBe(TOKEN);
    expect(h.get('x-api-st')).toBe(String(Date.parse('2026-03-01T08:00:00Z')));
    expect(h.get('lang-code')).toBe(String(currentLang().id));
    expect(sent[0].url).toBe('/loanapi/admin_account/list?page=1');
  });

  it('sends no token headers when signed out', async () => {
    session.token = null;
    await api.get('/loanapi/open/get_system_name');
    expect(sent[0].headers.has('authorization')).toBe(false);
    expect(sent[0].headers.has('x-api-token')).toBe(false);
  });

  it('never puts the token in a URL: get_userinfo, logout, or a query that names it', async () => {
    await getUserInfo(TOKEN);
    await logout(TOKEN);
    await api.get('/loanapi/admin_account/list', { token: TOKEN, page: 2 });
    await api.call({ method: 'GET', path: '/loanapi/thing/:id' }, { id: 7, token: TOKEN });
    expect(sent).toHaveLength(4);
    for (const r of sent) {
      expect(r.url).not.toContain(TOKEN);
      expect(r.url).not.toMatch(/[?&]token=/);
      expect(r.headers.get('x-api-token')).toBe(TOKEN);
    }
    expect(sent[0].url).toBe('/loanapi/account/get_userinfo');
    expect(sent[1].body).toEqual({});
    expect(sent[2].url).toBe('/loanapi/admin_account/list?page=2');
    expect(sent[3].url).toBe('/loanapi/thing/7?id=7');
  });

  it('the profile load and sign-out send the token they name, not the session one', async () => {
    session.token = null;
    await getUserInfo('tok-other');
    await logout('tok-other');
    expect(sent.map((r) => r.headers.get('x-api-token'))).toEqual(['tok-other', 'tok-other']);
  });
});

describe('identical pending writes', () => {
  it('cancels a second identical POST or PUT with the duplicate message, not a GET or a different body', async () => {
    const first = gate();
    answer = () => first.opened.then(() => ok(1));
    const a = api.post('/loanapi/dict/detail_add', { label: 'x' });
    const dup = api.post('/loanapi/dict/detail_add', { label: 'x' });
    await expect(dup).rejects.toMatchObject({ message: 't:request.duplicate' });
    expect(ui.error).toHaveBeenCalledWith('t:request.duplicate', ERROR_MESSAGE_MS);

    const other = api.post('/loanapi/dict/detail_add', { label: 'y' });
    const put1 = request('PUT', '/loanapi/x', { a: 1 });
    await expect(request('PUT', '/loanapi/x', { a: 1 })).rejects.toMatchObject({ message: 't:request.duplicate' });
    const g1 = api.get('/loanapi/dict/detail_on_list', { dict_name: 'a' });
    const g2 = api.get('/loanapi/dict/detail_on_list', { dict_name: 'a' });
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2);

    first.open();
    await Promise.all([a, other, put1, g1, g2]);
    // Once the first has finished, the same write may go again.
    answer = () => ok(2);
    await expect(api.post('/loanapi/dict/detail_add', { label: 'x' })).resolves.toBe(2);
  });

  it('frees the write when it fails', async () => {
    answer = () => json({ code: 40000, msg: 'bad', data: null });
    await expect(api.post('/loanapi/a', { n: 1 })).rejects.toBeInstanceOf(ApiError);
    answer = () => ok('again');
    await expect(api.post('/loanapi/a', { n: 1 })).resolves.toBe('again');
  });
});

describe('timeout', () => {
  it('rejects with "request timeout" after 60 s', async () => {
    vi.useFakeTimers();
    answer = hang;
    const p = api.get('/loanapi/slow');
    const settled = vi.fn();
    p.catch(settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ message: 't:request.timeout', code: -2 });
    expect(ui.error).toHaveBeenCalledWith('t:request.timeout', ERROR_MESSAGE_MS);
  });

  it('still times out when the caller passes its own signal', async () => {
    vi.useFakeTimers();
    answer = hang;
    const p = api.get('/loanapi/slow', undefined, { signal: new AbortController().signal });
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await caught).toMatchObject({ message: 't:request.timeout' });
  });

  it('a request cancelled by its caller rejects without a message', async () => {
    answer = hang;
    const ctl = new AbortController();
    const p = api.get('/loanapi/slow', undefined, { signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toBeTruthy();
    expect(ui.error).not.toHaveBeenCalled();
  });
});

describe('envelope codes', () => {
  it('code != 20000: shows msg for 5 s and rejects with the code and msg', async () => {
    answer = () => json({ code: 40001, msg: 'Phone already used', data: { field: 'phone' } });
    await expect(api.post('/loanapi/a', {})).rejects.toMatchObject({ code: 40001, message: 'Phone already used', data: { field: 'phone' } });
    expect(ui.error).toHaveBeenCalledTimes(1);
    expect(ui.error).toHaveBeenCalledWith('Phone already used', 5000);
  });

  it('an empty msg shows "Error"; silent calls reject without showing', async () => {
    answer = () => json({ code: 40001, msg: '', data: null });
    await expect(api.post('/loanapi/a', {})).rejects.toMatchObject({ message: 'Error' });
    expect(ui.error).toHaveBeenCalledWith('Error', 5000);
    ui.error.mockReset();
    await expect(api.post('/loanapi/a', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('success hands the data and the msg over', async () => {
    answer = () => ok({ id: 3 }, 'Saved');
    const onMessage = vi.fn();
    await expect(api.post('/loanapi/a', {}, { onMessage })).resolves.toEqual({ id: 3 });
    expect(onMessage).toHaveBeenCalledWith('Saved');
  });

  it.each([CODE.TOKEN_ILLEGAL, CODE.TOKEN_REPLACED, CODE.TOKEN_EXPIRED])('%i resets the token and reloads', async (code) => {
    vi.useFakeTimers();
    answer = () => json({ code, msg: 'Signed in elsewhere', data: null });
    // Even a silent call: the session is over whoever asked.
    await expect(api.get('/loanapi/a', undefined, { silent: true })).rejects.toMatchObject({ code });
    expect(session.token).toBeNull();
    expect(ui.error).toHaveBeenCalledWith('Signed in elsewhere', 5000);
    expect(ui.reload).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(ui.reload).toHaveBeenCalledTimes(1);
  });
});

describe('HTTP errors', () => {
  it('412 resets the token and asks for the session-ended confirm, without an error message', async () => {
    answer = () => json({ code: CODE.FORBIDDEN, msg: 'Outside your work period', data: null }, 412);
    await expect(api.get('/loanapi/a')).rejects.toMatchObject({ httpStatus: 412 });
    expect(session.token).toBeNull();
    expect(ui.sessionEnded).toHaveBeenCalledWith('Outside your work period');
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('404 is silent', async () => {
    answer = () => json({ code: CODE.NOT_FOUND, msg: 'Not found', data: null }, 404);
    await expect(api.get('/loanapi/gone')).rejects.toMatchObject({ httpStatus: 404, code: CODE.NOT_FOUND });
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.sessionEnded).not.toHaveBeenCalled();
    expect(session.token).toBe(TOKEN);
  });

  it('other statuses show the server msg, or "request failed" without one', async () => {
    answer = () => json({ code: CODE.INTERNAL, msg: 'Internal error (req-1)', data: null }, 500);
    await expect(api.post('/loanapi/a', {})).rejects.toMatchObject({ httpStatus: 500, code: CODE.INTERNAL });
    expect(ui.error).toHaveBeenLastCalledWith('Internal error (req-1)', 5000);
    answer = () => Promise.resolve(new Response('bad gateway', { status: 502 }));
    await expect(api.post('/loanapi/a', {})).rejects.toMatchObject({ httpStatus: 502 });
    expect(ui.error).toHaveBeenLastCalledWith('t:request.failed', 5000);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(api.post('/loanapi/a', {})).rejects.toMatchObject({ httpStatus: 0 });
    expect(ui.error).toHaveBeenLastCalledWith('t:request.failed', 5000);
    expect(session.token).toBe(TOKEN);
  });
});
