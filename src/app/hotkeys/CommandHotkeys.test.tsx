// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SUPER_KEY } from '../../../commands/permissions';
import { renderUi } from '../../ui/testing';
import { registerClientHandler } from '../commands/clientHandlers';
import { setCurrentScreen } from '../commands/selection';
import { session } from '../state/session';
import { CommandHotkeys, hotkeyFilter, liveHotkeyCommands } from './CommandHotkeys';

const KEYCODES: Record<string, number> = { n: 78, t: 84, k: 75, e: 69 };

function press(key: string, mods: { altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}, target: Element = document.body) {
  const keyCode = KEYCODES[key];
  fireEvent.keyDown(target, { key, code: `Key${key.toUpperCase()}`, keyCode, which: keyCode, ...mods });
  fireEvent.keyUp(target, { key, code: `Key${key.toUpperCase()}`, keyCode, which: keyCode, ...mods });
}

function mount(path: string, nodes: string[] = [SUPER_KEY]) {
  session.nodes = nodes;
  const mem = memoryLocation({ path });
  return renderUi(
    <Router hook={mem.hook}>
      <CommandHotkeys />
    </Router>,
  );
}

const offs: Array<() => void> = [];
function handle(id: string) {
  const fn = vi.fn();
  offs.push(registerClientHandler(id, fn));
  return fn;
}

afterEach(() => {
  offs.splice(0).forEach((f) => f());
  session.nodes = [];
  setCurrentScreen(null);
  document.querySelectorAll('[data-test-dialog], input').forEach((el) => el.remove());
});

describe('liveHotkeyCommands', () => {
  it('screens and globals everywhere, screen actions on their screen, by permission', () => {
    const ids = (s: string | null, nodes = [SUPER_KEY]) => liveHotkeyCommands(nodes, s).map((c) => c.id);
    expect(ids(null)).toEqual(expect.arrayContaining(['settings.theme.toggle', 'dashboard.home', 'empower.user']));
    expect(ids(null)).not.toContain('empower.user.add');
    expect(ids('empower.user')).toEqual(expect.arrayContaining(['settings.theme.toggle', 'empower.user.add', 'empower.user.edit', 'empower.user.forceLogout']));
    expect(ids('empower.user')).not.toContain('system.dict.add');
    // A supervisor reads accounts: the screen's key works, its actions' keys do not; the roles screen's key is not theirs.
    expect(ids('empower.user', ['SysEmpowerUser']).sort()).toEqual(['dashboard.home', 'empower.user', 'settings.theme.toggle']);
  });
});

describe('CommandHotkeys', () => {
  it('runs the current screen’s action and the global ones', async () => {
    const addUser = handle('empower.user.add');
    const addDict = handle('system.dict.add');
    const theme = handle('settings.theme.toggle');
    mount('/empower/user');
    await act(async () => press('n'));
    expect(addUser).toHaveBeenCalledTimes(1);
    expect(addDict).not.toHaveBeenCalled();
    // The key gate holds keys for a moment after a hotkey's action (a dialog may be opening): type after it.
    await act(() => new Promise((r) => setTimeout(r, 150)));
    await act(async () => press('t', { altKey: true }));
    expect(theme).toHaveBeenCalledTimes(1);
  });

  it('follows the screen published in the selection store', async () => {
    const addUser = handle('empower.user.add');
    const addDict = handle('system.dict.add');
    mount('/empower/user');
    await act(async () => setCurrentScreen('system.dict'));
    await act(async () => press('n'));
    expect(addDict).toHaveBeenCalledTimes(1);
    expect(addUser).not.toHaveBeenCalled();
  });

  it('is off while an input has focus or a dialog is open; Ctrl+K still toggles the palette', async () => {
    const addUser = handle('empower.user.add');
    const toggled = vi.fn();
    window.addEventListener('palette:toggle', toggled);
    mount('/empower/user');
    const input = document.createElement('input');
    document.body.appendChild(input);
    input.focus();
    await act(async () => press('n', {}, input));
    expect(addUser).not.toHaveBeenCalled();
    await act(async () => press('k', { ctrlKey: true }, input));
    expect(toggled).toHaveBeenCalledTimes(1);
    input.blur();
    input.remove();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-test-dialog', '');
    document.body.appendChild(dialog);
    await act(async () => press('n'));
    expect(addUser).not.toHaveBeenCalled();
    dialog.remove();
    await act(async () => press('n'));
    expect(addUser).toHaveBeenCalledTimes(1);
    window.removeEventListener('palette:toggle', toggled);
  });

  it('binds nothing the session may not use, and unbinds on unmount', async () => {
    const addUser = handle('empower.user.add');
    const { unmount } = mount('/empower/user', ['SysEmpowerUser']);
    await act(async () => press('n'));
    expect(addUser).not.toHaveBeenCalled();
    unmount();
    const addUser2 = handle('empower.user.add');
    session.nodes = [SUPER_KEY];
    await act(async () => press('n'));
    expect(addUser2).not.toHaveBeenCalled();
  });

  it('hotkeyFilter', () => {
    const input = document.createElement('textarea');
    expect(hotkeyFilter(new KeyboardEvent('keydown', { key: 'n' }))).toBe(true);
    const e = new KeyboardEvent('keydown', { key: 'n' });
    Object.defineProperty(e, 'target', { value: input });
    expect(hotkeyFilter(e)).toBe(false);
    const k = new KeyboardEvent('keydown', { key: 'k', metaKey: true });
    Object.defineProperty(k, 'target', { value: input });
    expect(hotkeyFilter(k)).toBe(true);
  });
});
