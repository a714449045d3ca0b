// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SUPER_KEY } from '../../../commands/permissions';
import { renderUi } from '../../ui/testing';
import { registerClientHandler } from '../commands/clientHandlers';
import { setCurrentScreen, setSelection } from '../commands/selection';
import { session } from '../state/session';
import { CommandPalette, openPalette } from './CommandPalette';
import { registerLookup } from './lookups';

function setup(path = '/empower/user', nodes: string[] = [SUPER_KEY]) {
  session.nodes = nodes;
  const mem = memoryLocation({ path, record: true });
  const utils = renderUi(
    <Router hook={mem.hook}>
      <CommandPalette />
    </Router>,
  );
  act(() => openPalette());
  return { ...utils, mem };
}

const input = () => screen.getByPlaceholderText('Type a command or search…') as HTMLInputElement;
const items = () => [...document.querySelectorAll('[cmdk-item]')].map((el) => el.getAttribute('data-command') ?? el.textContent);

beforeEach(() => {
  setCurrentScreen(null);
  localStorage.setItem('language', 'en');
});
afterEach(() => {
  session.nodes = [];
  setCurrentScreen(null);
});

describe('CommandPalette', () => {
  it('opens on palette:open with actions of the current screen, screens and settings', async () => {
    setup();
    await screen.findByText('Actions');
    expect(screen.getByText('Go to')).toBeTruthy();
    expect(screen.getByText('Settings')).toBeTruthy();
    const list = items();
    expect(list).toContain('empower.user.add');
    expect(list).toContain('empower.user.resetPwd');
    expect(list).not.toContain('system.dict.add');
    expect(list).toContain('system.dict');
    expect(list).toContain('settings.theme.toggle');
    // hotkey shown
    const add = document.querySelector('[data-command="empower.user.add"]')!;
    expect(within(add as HTMLElement).getByText('N')).toBeTruthy();
  });

  it('single and bulk actions are disabled until rows are selected', async () => {
    setup();
    await screen.findByText('Actions');
    const edit = () => document.querySelector('[data-command="empower.user.edit"]')!;
    expect(edit().getAttribute('data-disabled')).toBe('true');
    act(() => setSelection([{ id: 1 }], 'empower.user'));
    await waitFor(() => expect(edit().getAttribute('data-disabled')).toBe('false'));
  });

  it('is role-filtered', async () => {
    setup('/empower/user', ['SysEmpowerUser']);
    await screen.findByText('Go to');
    const list = items();
    expect(list).toContain('empower.user');
    expect(list).not.toContain('empower.user.add');
    expect(list).not.toContain('system.dict');
  });

  it('searches translated titles and keywords', async () => {
    setup();
    await screen.findByText('Actions');
    fireEvent.change(input(), { target: { value: 'Reset password' } });
    await waitFor(() => expect(items()[0]).toBe('empower.user.resetPwd'));
    fireEvent.change(input(), { target: { value: 'staff' } }); // a keyword of the accounts screen
    await waitFor(() => expect(items()).toContain('empower.user'));
    fireEvent.change(input(), { target: { value: 'zzzzqqq' } });
    await screen.findByText('No results');
  });

  it('lists close matches only, ranked by the shared matcher', async () => {
    setup('/');
    await screen.findByText('Go to');
    fireEvent.change(input(), { target: { value: 'dictio' } });
    // cmdk's fuzzy filter listed 28 screens for this.
    await waitFor(() => expect(items()).toEqual(['system.dict', 'client.clientDict']));
    fireEvent.change(input(), { target: { value: 'vietnam' } });
    await waitFor(() => expect(items()).toEqual(['settings.language.vi']));
    fireEvent.change(input(), { target: { value: '' } });
    // An empty query lists everything again.
    await waitFor(() => expect(items().length).toBeGreaterThan(20));
  });

  it('navigates to a screen and closes', async () => {
    const { mem } = setup();
    await screen.findByText('Go to');
    fireEvent.change(input(), { target: { value: 'dictionary' } });
    await waitFor(() => expect(items()[0]).toBe('system.dict'));
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(mem.history.at(-1)).toBe('/system/dict'));
    await waitFor(() => expect(document.querySelector('[cmdk-root]')).toBeNull());
  });

  it('language page: nested, current language disabled, Backspace goes back', async () => {
    const switched = vi.fn();
    const off = registerClientHandler('settings.language.vi', switched);
    setup();
    await screen.findByText('Settings');
    fireEvent.change(input(), { target: { value: 'Change language' } });
    await waitFor(() => expect(items()[0]).toContain('Change language'));
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(items()).toContain('settings.language.vi'));
    expect(items()).not.toContain('empower.user.add');
    expect(document.querySelector('[data-command="settings.language.en"]')!.getAttribute('data-disabled')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    await waitFor(() => expect(items()).toContain('empower.user.add'));
    // choose Vietnamese from the nested page
    fireEvent.change(input(), { target: { value: 'Change language' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(items()).toContain('settings.language.vi'));
    fireEvent.click(document.querySelector('[data-command="settings.language.vi"]')!);
    await waitFor(() => expect(switched).toHaveBeenCalledTimes(1));
    off();
  });

  it('shows look-up results from registered providers', async () => {
    const off = registerLookup({ id: 'customer', search: async (q) => [{ id: '7', label: `Customer ${q}`, route: '/client/detail?id=7' }] });
    const { mem } = setup();
    await screen.findByText('Go to');
    fireEvent.change(input(), { target: { value: '1380' } });
    const hit = await screen.findByText('Customer 1380', undefined, { timeout: 2000 });
    fireEvent.click(hit);
    await waitFor(() => expect(mem.history.at(-1)).toBe('/client/detail?id=7'));
    off();
  });
});
