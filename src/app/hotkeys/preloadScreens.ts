import { SCREENS } from '../router/screens';
import { liveHotkeyCommands } from './CommandHotkeys';

/**
 * Fetches the chunks of the screens one key away (a global screen hotkey the account may use): the shell calls it
 * once the browser is idle after sign-in, so that such a key opens its screen without waiting for code. The other
 * screens keep loading on first use (a handful of hotkeys, dozens of screens).
 */
export function preloadHotkeyScreens(nodes: readonly string[]): void {
  for (const c of liveHotkeyCommands(nodes, null)) {
    const screen = c.kind === 'screen' ? SCREENS[c.id] : undefined;
    if (screen && !screen.isLoaded()) void screen.preload().catch(() => undefined);
  }
}
