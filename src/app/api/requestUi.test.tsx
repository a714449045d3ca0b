// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
const openConfirmModal = vi.fn();
const endLocalSession = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show: (o: unknown) => show(o) } }));
vi.mock('@mantine/modals', () => ({ modals: { openConfirmModal: (o: unknown) => openConfirmModal(o) } }));
vi.mock('../state/auth', () => ({ endLocalSession: () => endLocalSession() }));
vi.mock('../intl/intl', () => ({ t: (id: string) => `t:${id}` }));

const { installRequestUi } = await import('./requestUi');
const { api, configureRequestFetch } = await import('./request');
const { session } = await import('../state/session');

interface ConfirmOptions {
  labels: { confirm: string; cancel: string };
  onConfirm(): void;
  onCancel(): void;
}

const reload = vi.fn();
const answer412 = async () =>
  new Response(JSON.stringify({ code: 40300, msg: 'Session ended by an administrator', data: null }), {
    status: 412,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  for (const f of [show, openConfirmModal, endLocalSession, reload]) f.mockReset();
  installRequestUi(reload);
  session.token = 'tok';
});
afterEach(() => configureRequestFetch());

describe('installRequestUi', () => {
  it('shows envelope errors as a red notification for 5000 ms', async () => {
    configureRequestFetch(async () => new Response(JSON.stringify({ code: 40001, msg: 'Nope', data: null }), { headers: { 'content-type': 'application/json' } }));
    await expect(api.post('/loanapi/a', {})).rejects.toThrow('Nope');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Nope', autoClose: 5000 }));
  });

  it('HTTP 412: one confirm "go to login" / "cancel" however many requests fail; both sign out and reload', async () => {
    configureRequestFetch(answer412);
    await Promise.allSettled([api.get('/loanapi/a'), api.get('/loanapi/b')]);
    expect(session.token).toBeNull();
    expect(show).not.toHaveBeenCalled();
    expect(openConfirmModal).toHaveBeenCalledTimes(1);
    const opts = openConfirmModal.mock.calls[0][0] as ConfirmOptions;
    expect(opts.labels).toEqual({ confirm: 't:shell.session.goLogin', cancel: 't:shell.common.cancel' });
    expect(reload).not.toHaveBeenCalled();
    opts.onCancel();
    expect(endLocalSession).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    opts.onConfirm();
    expect(endLocalSession).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('token codes reload through the same reload', async () => {
    vi.useFakeTimers();
    configureRequestFetch(async () => new Response(JSON.stringify({ code: 50014, msg: 'Expired', data: null }), { headers: { 'content-type': 'application/json' } }));
    await expect(api.get('/loanapi/a')).rejects.toThrow('Expired');
    await vi.runAllTimersAsync();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
