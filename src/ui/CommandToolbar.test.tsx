// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byId } from '../../commands';
import { SUPER_KEY } from '../../commands/permissions';
import { api } from '../app/api/request';
import { setCurrentScreen, setSelection } from '../app/commands';
import { setNotifier, type Notifier } from '../app/lib/notify';
import { session } from '../app/state/session';
import { ariaKeyShortcuts, CommandToolbar, selectedFor } from './CommandToolbar';
import { renderUi } from './testing';

let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
});
afterEach(() => {
  act(() => setCurrentScreen(null));
  setNotifier(prev);
  session.nodes = [];
  vi.restoreAllMocks();
});

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('CommandToolbar', () => {
  it('enables a single action on one row named by its rowKey (a permission node has no numeric id)', async () => {
    act(() => setCurrentScreen('empower.empower'));
    renderUi(<CommandToolbar screen="empower.empower" />);
    expect(button('Edit permission node').disabled).toBe(true);
    act(() => setSelection([{ id: 'SysEmpowerUser', key: 'SysEmpowerUser' }], 'empower.empower'));
    await waitFor(() => expect(button('Edit permission node').disabled).toBe(false));
    act(() => setSelection([{ id: 'A', key: 'A' }, { id: 'B', key: 'B' }], 'empower.empower'));
    await waitFor(() => expect(button('Edit permission node').disabled).toBe(true));
  });

  it('single needs exactly one row, bulk one or more and shows the count, screen actions need none', async () => {
    act(() => setCurrentScreen('empower.user'));
    renderUi(<CommandToolbar screen="empower.user" />);
    expect(button('Add account').disabled).toBe(false);
    expect(button('Edit account').disabled).toBe(true);
    expect(button('Delete accounts').disabled).toBe(true);

    act(() => setSelection([{ id: 3 }], 'empower.user'));
    await waitFor(() => expect(button('Edit account').disabled).toBe(false));
    expect(button('Delete accounts (1)').disabled).toBe(false);

    act(() => setSelection([{ id: 3 }, { id: 4 }], 'empower.user'));
    await waitFor(() => expect(button('Delete accounts (2)').disabled).toBe(false));
    expect(button('Edit account').disabled).toBe(true);
  });

  it('ignores the selection of another screen', async () => {
    act(() => setSelection([{ id: 3 }], 'empower.role'));
    renderUi(<CommandToolbar screen="empower.user" />);
    expect(button('Edit account').disabled).toBe(true);
    expect(button('Delete accounts').disabled).toBe(true);
  });

  it('shows the hotkey as key caps, outside the accessible name, and as aria-keyshortcuts', () => {
    renderUi(<CommandToolbar screen="log.admin_token_login" />);
    const b = button('Force logout');
    expect(b.getAttribute('aria-keyshortcuts')).toBe('Shift+L');
    const caps = within(b).getByTestId('hotkey-caps');
    expect(caps.getAttribute('aria-hidden')).toBe('true');
    expect(caps.textContent).toMatch(/L$/);
  });

  it('leaves out excluded actions and adds the children', () => {
    renderUi(
      <CommandToolbar screen="empower.user" exclude={['empower.user.del']}>
        <button type="button">Refresh</button>
      </CommandToolbar>,
    );
    expect(screen.queryByRole('button', { name: /Delete accounts/ })).toBeNull();
    expect(within(screen.getByTestId('command-toolbar')).getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows only the actions the session may run', () => {
    session.nodes = [byId.get('empower.user.edit')!.permission!];
    renderUi(<CommandToolbar screen="empower.user" />);
    expect(screen.getByRole('button', { name: 'Edit account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
  });

  it('runs through runInteractive on the published selection (confirmation of a danger action first)', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ sessions_ended: 2 });
    act(() => setSelection([{ id: 11 }, { id: 12 }], 'log.admin_token_login'));
    renderUi(<CommandToolbar screen="log.admin_token_login" />);
    fireEvent.click(button('Force logout (2)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(byId.get('log.admin_token_login.forceLogout')!.api, { ids: [11, 12] }, expect.anything()));
  });
});

describe('selectedFor / ariaKeyShortcuts', () => {
  it('counts rows by rowKey or by numeric id', () => {
    expect(selectedFor(byId.get('empower.empower.edit')!, [{ id: 'a', key: 'a' }, { id: 'b' }])).toBe(1);
    expect(selectedFor(byId.get('empower.user.del')!, [{ id: 1 }, { id: 'x' }, { id: 2 }])).toBe(2);
  });

  it('words hotkeys for aria-keyshortcuts', () => {
    expect(ariaKeyShortcuts('shift+l')).toBe('Shift+L');
    expect(ariaKeyShortcuts('ctrl+k, command+k')).toBe('Control+K Meta+K');
    expect(ariaKeyShortcuts('e')).toBe('E');
  });
});
