import hotkeys, { type KeyHandler } from 'hotkeys-js';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { COMMANDS, actionsOf, type CommandDef } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive } from '../commands/runInteractive';
import { selectionStore } from '../commands/selection';
import { screenForPath } from '../router/paths';
import { session } from '../state/session';
import { dialogOpen, typingTarget } from './dom';
import { holdForAction, installKeyGate, settle } from './keyGate';
import { PALETTE_HOTKEY } from './keys';
import { useOpenPath } from '../router/openPath';

/** hotkeys-js scope of every binding made here (so unbinding never touches anyone else's). */
export const HOTKEY_SCOPE = 'all';

const PALETTE_TOGGLE_EVENT = 'palette:toggle';

function isPaletteKey(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key?.toLowerCase() === 'k';
}

export { dialogOpen, typingTarget };

/**
 * hotkeys-js filter: command hotkeys are off while a dialog is open or a field has focus; the palette key
 * (Ctrl/Cmd+K) always works.
 */
export function hotkeyFilter(e: KeyboardEvent): boolean {
  if (isPaletteKey(e)) return true;
  if (typingTarget((e.target as Element) ?? null) || typingTarget(document.activeElement)) return false;
  return !dialogOpen();
}

/**
 * The commands whose hotkeys are live: screens (they navigate) and global actions everywhere, a screen's actions
 * only on that screen.
 */
export function liveHotkeyCommands(nodes: readonly string[], screenId: string | null): CommandDef[] {
  const globals = COMMANDS.filter((c) => c.hotkey && (c.kind === 'screen' || c.scope === 'global') && can(nodes, c.permission));
  const screen = screenId ? actionsOf(screenId, nodes).filter((c) => c.hotkey) : [];
  return [...globals, ...screen];
}

/**
 * Binds the registry's hotkeys (DESIGN §3) with hotkeys-js: Ctrl/Cmd+K toggles the palette; global commands work
 * everywhere; a screen's actions only while it is the current screen (the selection store, else the route).
 * Re-bound when the screen or the permissions change; unbound on unmount. Mount once in the signed-in layout.
 * A hotkey holds the keys typed after it (the key gate, keyGate.ts) until its action has run and the dialog it opens
 * has a focused field, so that fast typing lands in that field, or on the page once the action is done.
 */
export function CommandHotkeys() {
  const intl = useIntl();
  const [location] = useLocation();
  const navigate = useOpenPath();
  const { nodes } = useSnapshot(session);
  const { screen } = useSnapshot(selectionStore);
  const screenId = screen ?? screenForPath(location)?.id ?? null;
  const live = useMemo(() => liveHotkeyCommands(nodes as string[], screenId), [nodes, screenId]);

  useEffect(() => installKeyGate(window), []);

  useEffect(() => {
    const prevFilter = hotkeys.filter;
    hotkeys.filter = hotkeyFilter;
    const togglePalette: KeyHandler = (e) => {
      e.preventDefault();
      window.dispatchEvent(new CustomEvent(PALETTE_TOGGLE_EVENT));
    };
    hotkeys(PALETTE_HOTKEY, { scope: HOTKEY_SCOPE }, togglePalette);
    return () => {
      hotkeys.unbind(PALETTE_HOTKEY, HOTKEY_SCOPE, togglePalette);
      hotkeys.filter = prevFilter;
    };
  }, []);

  useEffect(() => {
    const bound: Array<[string, KeyHandler]> = [];
    // One handler per key string: two commands sharing a key on one screen would be a registry error.
    const byKey = new Map<string, CommandDef>();
    for (const c of live) if (!byKey.has(c.hotkey!)) byKey.set(c.hotkey!, c);
    for (const [key, c] of byKey) {
      const handler: KeyHandler = (e) => {
        if (e.repeat) return;
        e.preventDefault();
        const gate = holdForAction();
        if (c.kind === 'screen') {
          navigate(c.route!);
          settle(gate);
          return;
        }
        void runInteractive(c.id, { intl, navigate, selection: c.scope === 'global' ? [] : undefined }).finally(() => settle(gate));
      };
      hotkeys(key, { scope: HOTKEY_SCOPE }, handler);
      bound.push([key, handler]);
    }
    return () => {
      for (const [key, handler] of bound) hotkeys.unbind(key, HOTKEY_SCOPE, handler);
    };
  }, [live, intl, navigate]);

  return null;
}
