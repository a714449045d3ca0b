import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../../commands';
import { can } from '../../../commands/permissions';
import { SCREENS } from '../router/screens';
import { preloadHotkeyScreens } from './preloadScreens';

afterEach(() => vi.restoreAllMocks());

describe('preloadHotkeyScreens', () => {
  it('fetches the chunks of the screens the account can open by a hotkey, and no other', () => {
    const hotkeyed = COMMANDS.filter((c) => c.kind === 'screen' && c.hotkey && SCREENS[c.id]);
    expect(hotkeyed.length).toBeGreaterThan(1);
    // An account allowed the first of them only.
    const [first, ...others] = hotkeyed;
    const nodes = [first.permission].flat().filter((p): p is string => typeof p === 'string');
    expect(can(nodes, first.permission)).toBe(true);
    const spies = new Map(Object.entries(SCREENS).map(([id, s]) => [id, vi.spyOn(s, 'preload').mockResolvedValue(undefined)]));
    preloadHotkeyScreens(nodes);
    expect(spies.get(first.id)).toHaveBeenCalledTimes(1);
    for (const c of others.filter((o) => !can(nodes, o.permission))) expect(spies.get(c.id), c.id).not.toHaveBeenCalled();
    const called = [...spies].filter(([, s]) => s.mock.calls.length).map(([id]) => id);
    expect(called.every((id) => hotkeyed.some((c) => c.id === id))).toBe(true);
  });
});
