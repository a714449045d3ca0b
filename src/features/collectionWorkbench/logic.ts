import type { MyCaseRow } from '../../schemas/collectionWorkbench';

/**
 * The workbench's pure rules: the list keeps its working order while the collector works it (a reload updates the
 * rows in place and appends new cases at the end; cases that left the list drop out), the cursor moves within it,
 * and the call timer's words.
 */

/** Rows of a reload laid out in the order already on screen; new rows after them, in the server's order. */
export function mergeRows(current: readonly MyCaseRow[], fresh: readonly MyCaseRow[]): MyCaseRow[] {
  if (!current.length) return [...fresh];
  const byId = new Map(fresh.map((r) => [r.id, r]));
  const kept = current.filter((r) => byId.has(r.id)).map((r) => byId.get(r.id)!);
  const seen = new Set(kept.map((r) => r.id));
  return [...kept, ...fresh.filter((r) => !seen.has(r.id))];
}

/** The cursor moved by `delta` rows, within the list (null for an empty list). */
export function moveCursor(cursor: number | null, delta: number, count: number): number | null {
  if (count <= 0) return null;
  if (cursor === null) return delta >= 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, cursor + delta));
}

/** Where the cursor goes after a reload: onto the same case if it is still listed, else the same place. */
export function followCursor(rows: readonly MyCaseRow[], id: number | null, fallback: number | null): number | null {
  if (!rows.length) return null;
  const at = id === null ? -1 : rows.findIndex((r) => r.id === id);
  if (at >= 0) return at;
  return fallback === null ? 0 : Math.min(fallback, rows.length - 1);
}

/** mm:ss (h:mm:ss past an hour) of a call's seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** Whole seconds from `start` to `now`. */
export function secondsSince(start: number, now: number): number {
  return Math.max(0, Math.round((now - start) / 1000));
}

/**
 * A softphone link: sip: (and tel:) hand over to the registered application; web links open in a new tab. Calling
 * must not take the keyboard from the workbench. A sip: link followed in the page itself leaves Chromium with a
 * navigation to an external protocol that swallows every later key (seen in Chromium: no keydown reaches the page
 * after it); followed with target=_blank, the hand-over happens outside the page and the keys keep coming. The element
 * that had the focus keeps it, and if the window blurs for the hand-over, the focus is asked back.
 */
export function openLink(link: string, win: Pick<Window, 'open' | 'focus' | 'addEventListener' | 'removeEventListener'> = window, doc: Document = document): void {
  const had = doc.activeElement as HTMLElement | null;
  if (/^https?:/i.test(link)) {
    win.open(link, '_blank', 'noopener');
  } else {
    const a = doc.createElement('a');
    a.href = link;
    a.target = '_blank';
    a.rel = 'noopener';
    a.click();
  }
  keepFocus(had, win, doc);
}

/** How long after the hand-over a blur of the window is taken as caused by it. */
export const HANDOVER_MS = 1500;

function keepFocus(had: HTMLElement | null, win: Pick<Window, 'focus' | 'addEventListener' | 'removeEventListener'>, doc: Document): void {
  const restore = () => {
    win.focus();
    if (had && had !== doc.activeElement && doc.contains(had)) had.focus({ preventScroll: true });
  };
  restore();
  const onBlur = () => setTimeout(restore, 0);
  win.addEventListener('blur', onBlur);
  setTimeout(() => win.removeEventListener('blur', onBlur), HANDOVER_MS);
}
