import { useLayoutEffect, useState, type RefObject } from 'react';

/** The least height a grid shrinks to; below it the page scrolls rather than the grid becoming a slit. */
export const MIN_GRID_HEIGHT = 360;

/** The height that makes a box starting at `top` end `below` px above the window's bottom edge. */
export function fitHeight(innerHeight: number, top: number, below: number, min = MIN_GRID_HEIGHT): number {
  return Math.max(min, Math.floor(innerHeight - top - below));
}

const px = (v: string) => Number.parseFloat(v) || 0;

/**
 * What the page lays out under a box: for it and each ancestor up to <body>, its bottom margin, the siblings after
 * it (stacked in a column) and the parent's bottom padding and border. Measured from the elements rather than the
 * document's scroll height, which never reports less than the window and would pin the grid at its first height.
 */
export function spaceBelow(el: HTMLElement): number {
  let total = 0;
  for (let cur: HTMLElement | null = el; cur && cur !== document.body && cur.parentElement; cur = cur.parentElement) {
    const style = getComputedStyle(cur);
    if (style.position === 'fixed' || style.position === 'absolute') break;
    const bottom = cur.getBoundingClientRect().bottom;
    let last = bottom + px(style.marginBottom);
    for (let s = cur.nextElementSibling as HTMLElement | null; s; s = s.nextElementSibling as HTMLElement | null) {
      const ss = getComputedStyle(s);
      if (ss.position === 'fixed' || ss.position === 'absolute' || ss.display === 'none') continue;
      last = Math.max(last, s.getBoundingClientRect().bottom + px(ss.marginBottom));
    }
    const ps = getComputedStyle(cur.parentElement);
    total += last - bottom + px(ps.paddingBottom) + px(ps.borderBottomWidth);
  }
  return total;
}

/**
 * A grid's height when the screen gives none: filling the window from where the grid starts, measured after layout
 * and again when the window or the page above the grid changes size. `null` until measured (then the CSS guess).
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [h, setH] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!enabled || typeof window === 'undefined') return;
    let frame = 0;
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const next = fitHeight(window.innerHeight, el.getBoundingClientRect().top + window.scrollY, spaceBelow(el));
      setH((cur) => (cur !== null && Math.abs(cur - next) < 1 ? cur : next));
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('resize', schedule);
    // The filter bar above may grow (more filters shown) and push the grid down.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    const above = ref.current?.closest('[data-testid="data-grid"]')?.parentElement;
    if (ro && above) ro.observe(above);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      ro?.disconnect();
    };
  }, [ref, enabled]);
  return h;
}
