import { useEffect, useRef, useState } from 'react';

/** Keys that decide or move on in the review details (approve, limit, reject, claim, release, customer service, next). */
export const DECISION_KEYS: ReadonlySet<string> = new Set(['a', 'A', 'r', 'R', 'c', 'u', 's', 'n']);

function typingOrDialog(el: Element | null): boolean {
  if (!el) return false;
  const h = el as HTMLElement;
  if (h.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(h.tagName)) return true;
  return !!el.closest?.('[role="dialog"], [role="alertdialog"], [aria-modal="true"]');
}

/**
 * Whether a keydown must be dropped: a decision key aimed at the page (not typed into a field or a dialog) that did
 * not go down on the order now shown — either the order is not on screen yet (loading, or being moved on from), or the
 * key was held back by the key gate while something ran and is replayed now (a synthetic, untrusted event: the user
 * pressed it before this order was there).
 */
export function staleDecisionKey(e: Pick<KeyboardEvent, 'key' | 'isTrusted' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>, ready: boolean): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || !DECISION_KEYS.has(e.key)) return false;
  if (typingOrDialog(e.target instanceof Element ? e.target : null)) return false;
  return !ready || !e.isTrusted;
}

/**
 * While `active`, decision keys that were not pressed on the order shown are dropped before any hotkey sees them
 * (capture phase on the window). Answers how many were dropped (shown on the panel for tests and diagnostics).
 */
export function useStaleKeyGuard(active: boolean, ready: boolean): number {
  const readyRef = useRef(ready);
  readyRef.current = ready;
  const [dropped, setDropped] = useState(0);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!staleDecisionKey(e, readyRef.current)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      setDropped((n) => n + 1);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active]);
  return dropped;
}
