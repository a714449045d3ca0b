import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { screenForPath } from './paths';
import { SCREENS } from './screens';

/** Past this wait for a screen's chunk (a slow network), the navigation goes ahead and the screen shows its loader. */
const CHUNK_WAIT_MS = 250;

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let opening: { to: string; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * While a screen's code is on its way, keys are held back: the screen the user sees is about to go, and a key typed
 * now must act neither on it nor on a screen not yet drawn (the same rule as the screens' own key guards).
 */
function holdKeys(e: KeyboardEvent): void {
  if (!opening) return;
  e.preventDefault();
  e.stopImmediatePropagation();
}

function cancel(): void {
  if (!opening) return;
  clearTimeout(opening.timer);
  opening = null;
  window.removeEventListener('keydown', holdKeys, true);
}

function finish(to: string, replace: boolean, navigate: Navigate): void {
  if (!opening || opening.to !== to) return; // a later navigation took over
  cancel();
  navigate(to, { replace });
}

/**
 * Goes to a path of the console, fetching its screen's chunk first when it is not here yet, so the screen is drawn in
 * the navigation's own render: no loading state, and no wait of React's fallback throttle (up to 300 ms) before it
 * shows. Every in-app navigation (sidebar, tabs, palette, top-bar search, hotkeys) goes through here.
 */
export function openPath(to: string, opts: { replace?: boolean } = {}, navigate: Navigate = browserNavigate): void {
  const replace = !!opts.replace;
  const cmd = screenForPath(to);
  const screen = cmd ? SCREENS[cmd.id] : undefined;
  if (!screen || screen.isLoaded()) {
    cancel();
    navigate(to, { replace });
    return;
  }
  if (opening) clearTimeout(opening.timer);
  else window.addEventListener('keydown', holdKeys, true);
  opening = { to, timer: setTimeout(() => finish(to, replace, navigate), CHUNK_WAIT_MS) };
  screen.preload().then(() => finish(to, replace, navigate), () => finish(to, replace, navigate));
}

/**
 * openPath through the router's own location (components: a test's memory location, the app's browser one). Stable
 * while the router's navigate is, so effects that bind keys to it (CommandHotkeys) are not redone on every render.
 */
export function useOpenPath(): (to: string, opts?: { replace?: boolean }) => void {
  const [, navigate] = useLocation();
  return useCallback((to: string, opts?: { replace?: boolean }) => openPath(to, opts, navigate), [navigate]);
}
