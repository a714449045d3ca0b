import { useEffect, useRef, useState } from 'react';
import { pressedAt } from '../../app/hotkeys/keyGate';

/** Keys that decide or move on in the review details (approve, limit, reject, claim, release, customer service, next). */
export const DECISION_KEYS: ReadonlySet<string> = new Set(['a', 'A', 'r', 'R', 'c', 'u', 's', 'n']);

function typingOrDialog(el: Element | null): boolean {
  if (!el) return false;
  const h = el as HTMLElement;
  if (h.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(h.tagName)) return true;
  return !!el.closest?.('[role="dialog"], [role="alertdialog"], [aria-modal="true"]');
}

/**
 * No one reacts to what appears on screen faster than this (a simple visual reaction takes 200–250 ms): a decision key
 * that goes down sooner after an order is shown was aimed at the order before it (a double tap, a held key, a key
 * typed ahead while the next order opened).
 */
export const REACTION_MS = 200;

/**
 * Whether a keydown must be dropped: a decision key aimed at the page (not typed into a field or a dialog) that did
 * not go down on the order now shown — either the order is not on screen yet (loading, or being moved on from), or the
 * key went down less than REACTION_MS after it was (`timeStamp` of a real key; for a key the key gate held back while
 * something ran and replays now as an untrusted event, when it was really pressed). `readySince` is when the order
 * shown became ready (performance.now(), the clock of event time stamps); `pressed` is keyGate's `pressedAt`.
 */
export function staleDecisionKey(e: Pick<KeyboardEvent, 'key' | 'isTrusted' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'timeStamp'>, ready: boolean,
  readySince: number | null = null, pressed: number | undefined = undefined): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || !DECISION_KEYS.has(e.key)) return false;
  if (typingOrDialog(e.target instanceof Element ? e.target : null)) return false;
  if (!ready) return true;
  if (readySince === null) return !e.isTrusted;
  const at = e.isTrusted ? e.timeStamp : pressed;
  return at === undefined || at < readySince + REACTION_MS;
}

/**
 * While `active`, decision keys that were not pressed on the order shown are dropped before any hotkey sees them
 * (capture phase on the window). Answers how many were dropped (shown on the panel for tests and diagnostics).
 */
export function useStaleKeyGuard(active: boolean, ready: boolean): number {
  const readyRef = useRef(ready);
  readyRef.current = ready;
  // Set while rendering, before the order can be on screen: a key pressed after it is a key pressed on it.
  const readySince = useRef<number | null>(null);
  if (!ready) readySince.current = null;
  else if (readySince.current === null) readySince.current = performance.now();
  const [dropped, setDropped] = useState(0);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!staleDecisionKey(e, readyRef.current, readySince.current, pressedAt(e))) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      setDropped((n) => n + 1);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active]);
  return dropped;
}
