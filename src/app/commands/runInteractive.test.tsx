// @vitest-environment jsdom
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZodObject, ZodRawShape } from 'zod';
import { byId } from '../../../commands';
import { SUPER_KEY } from '../../../commands/permissions';
import { Providers, renderUi, testMessages } from '../../ui/testing';
import { api } from '../api/request';
import { setNotifier, type Notifier } from '../lib/notify';
import { session } from '../state/session';
import { registerClientHandler } from './clientHandlers';
import { executeCommand, openCommandForm, runInteractive } from './runInteractive';
import { setCurrentScreen, setSelection } from './selection';
import { useCommandUi } from './uiOverrides';
import { registerParamChoices } from './paramChoices';
import { useCommandDone } from './useCommandDone';
import { createIntl } from 'react-intl';

const intl = createIntl({ locale: 'en-US', messages: testMessages('en'), onError: () => undefined });
let notes: Array<[string, string]>;
let prev: Notifier;
let call: ReturnType<typeof vi.spyOn>;
let done: Array<{ id: string }>;
const onDone = (e: Event) => done.push((e as CustomEvent).detail);

beforeEach(() => {
  notes = [];
  done = [];
  prev = setNotifier((k, m) => notes.push([k, m]));
  call = vi.spyOn(api, 'call').mockImplementation((async () => ({ ok: 1 })) as never);
  session.nodes = [SUPER_KEY];
  window.addEventListener('command:done', onDone);
  renderUi(<div />);
});
afterEach(() => {
  setNotifier(prev);
  call.mockRestore();
  session.nodes = [];
  setCurrentScreen(null);
  window.removeEventListener('command:done', onDone);
});

describe('runInteractive', () => {
  it('refuses what the session may not do', async () => {
    session.nodes = ['SysEmpowerUser'];
    await act(() => runInteractive('empower.user.resetGoogle', { intl, selection: [{ id: 1 }] }));
    expect(notes).toEqual([['error', 'You do not have permission for this operation']]);
    expect(call).not.toHaveBeenCalled();
  });

  it('checks the scope against the selection', async () => {
    await act(() => runInteractive('empower.user.resetGoogle', { intl }));
    expect(notes.at(-1)).toEqual(['warning', 'Select exactly one row first']);
    await act(() => runInteractive('empower.user.forceLogout', { intl, selection: [] }));
    expect(notes.at(-1)).toEqual(['warning', 'Select one or more rows first']);
    expect(call).not.toHaveBeenCalled();
  });

  it('a mounted UI override wins', async () => {
    const fn = vi.fn(() => 'mine');
    const { unmount } = renderHook(() => useCommandUi('empower.user.edit', fn), { wrapper: Providers });
    setSelection([{ id: 4 }], 'empower.user');
    await expect(runInteractive('empower.user.edit', { intl })).resolves.toBe('mine');
    expect(fn).toHaveBeenCalledWith(expect.objectContaining({ selection: [{ id: 4 }] }));
    unmount();
  });

  it('a client handler runs commands without api', async () => {
    const fn = vi.fn(() => 'dark');
    const off = registerClientHandler('settings.theme.toggle', fn);
    await expect(runInteractive('settings.theme.toggle', { intl })).resolves.toBe('dark');
    off();
    expect(call).not.toHaveBeenCalled();
  });

  it('danger: asks, then calls with {ids}, notifies and emits command:done', async () => {
    setSelection([{ id: 1 }, { id: 2 }], 'empower.user');
    const p = runInteractive('empower.user.forceLogout', { intl });
    await screen.findByText('Force logout for 2 selected rows: are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await act(() => p);
    expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/admin_account/forced_login_out' }, { ids: [1, 2] }, expect.anything());
    expect(notes).toEqual([['success', 'Done']]);
    expect(done.map((d) => d.id)).toEqual(['empower.user.forceLogout']);
  });

  it('danger: cancel does nothing', async () => {
    const p = runInteractive('empower.user.resetGoogle', { intl, selection: [{ id: 1 }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(p).resolves.toBeUndefined();
    expect(call).not.toHaveBeenCalled();
  });

  it('params: the generated form, prefilled from the row, validated, then run', async () => {
    const p = runInteractive('empower.user.editWork', { intl, selection: [{ id: 9, work_start: '09:00', work_end: null }] });
    const start = (await screen.findByLabelText('Work start')) as HTMLInputElement;
    expect(start.value).toBe('09:00');
    fireEvent.change(start, { target: { value: '08:30' } });
    fireEvent.change(screen.getByLabelText('Work end'), { target: { value: '17:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => p);
    expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/admin_account/edit_start_work' }, { work_start: '08:30', work_end: '17:30', id: 9 }, expect.anything());
    expect(done.map((d) => d.id)).toEqual(['empower.user.editWork']);
  });

  it('params: field errors from the schema, worded', async () => {
    const p = runInteractive('empower.role.add', { intl });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Auditors' } });
    fireEvent.change(screen.getByLabelText(/^Role identifier/), { target: { value: 'bad id!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('may contain letters, digits and _ only');
    expect(call).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Role identifier/), { target: { value: 'auditors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => p);
    expect(call.mock.calls[0][1]).toMatchObject({ name: 'Auditors', identifier: 'auditors', is_template: false });
  });

  it('generated forms use registered choices; useCommandDone hears the result', async () => {
    const off = registerParamChoices({ parent_id: [{ value: '5', label: 'Supervisors' }] });
    const heard = vi.fn();
    const hook = renderHook(() => useCommandDone(heard, 'empower.role.'), { wrapper: Providers });
    const p = runInteractive('empower.role.edit', { intl, selection: [{ id: 3, name: 'Auditors', identifier: 'auditors', parent_id: 5 }] });
    const parent = (await screen.findAllByLabelText(/^Parent role/))[0] as HTMLInputElement;
    expect(parent.value).toBe('Supervisors');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => p);
    expect(call.mock.calls[0][1]).toMatchObject({ id: 3, parent_id: 5, name: 'Auditors' });
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ id: 'empower.role.edit' }));
    off();
    hook.unmount();
  });

  it('a form opened while its choices load takes no keys until they arrive, then gets them and the focus', async () => {
    const loading = registerParamChoices({ reason: [] });
    // As the review screen opens it: the reason first (the version goes with the call, not in the form).
    const cmd = byId.get('review.trial.reject')!;
    const p = openCommandForm({ ...cmd, params: (cmd.params as unknown as ZodObject<ZodRawShape>).omit({ version: true } as never) }, [{ id: 7, version: 3 }], { intl });
    const waiting = (await screen.findAllByLabelText(/^Rejection reason/))[0] as HTMLInputElement;
    expect(waiting.disabled).toBe(true);
    expect(waiting.placeholder).toBe('Loading choices…');
    let ready = () => {};
    act(() => {
      loading();
      ready = registerParamChoices({ reason: [{ value: '3', label: 'Income too low' }] });
    });
    await waitFor(() => expect((screen.getAllByLabelText(/^Rejection reason/)[0] as HTMLInputElement).disabled).toBe(false));
    const reason = screen.getAllByLabelText(/^Rejection reason/)[0] as HTMLInputElement;
    expect(reason.placeholder).not.toBe('Loading choices…');
    expect(document.activeElement).toBe(reason);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await p).toBeUndefined();
    expect(call).not.toHaveBeenCalled();
    ready();
  });

  it('screens navigate', async () => {
    const navigate = vi.fn();
    await runInteractive('system.dict', { intl, navigate });
    expect(navigate).toHaveBeenCalledWith('/system/dict');
  });
});

describe('executeCommand', () => {
  it('reports validation issues worded', async () => {
    await expect(executeCommand('empower.role.add', { name: 'x', identifier: 'abc' }, { intl })).rejects.toMatchObject({ code: 'invalid' });
    expect(notes[0][0]).toBe('error');
    expect(notes[0][1]).toMatch(/^Name: /);
  });
});
