import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws its children right after the first paint, in a transition that any input interrupts, unless `now`: what is
 * below the fold of a page that is opened again and again (the review details) does not hold back what is above it,
 * nor the keys for it. Until then a blank block of `placeholderHeight` keeps the page from jumping.
 */
export function Later({ now = false, placeholderHeight = 48, children }: { now?: boolean; placeholderHeight?: number; children: ReactNode }) {
  const drawn = useDeferredValue(true, now);
  return drawn ? <>{children}</> : <div style={{ minHeight: placeholderHeight }} aria-busy="true" data-later />;
}
