import { useEffect } from 'react';

/**
 * Screens whose grid behaves as a queue (DataGridProps.autoFocus) without passing the prop: a screen's component
 * marks its id while mounted. Kept for screens that asked for it by hook before the grid had the prop.
 */
const marked = new Map<string, number>();

export function autoFocusMarked(screenId: string): boolean {
  return (marked.get(screenId) ?? 0) > 0;
}

/** While the calling component is mounted, the grid of `screenId` opens on its first row with the keyboard on it. */
export function useAutoFocusScreen(screenId: string): void {
  useEffect(() => {
    marked.set(screenId, (marked.get(screenId) ?? 0) + 1);
    return () => {
      const n = (marked.get(screenId) ?? 1) - 1;
      if (n > 0) marked.set(screenId, n);
      else marked.delete(screenId);
    };
  }, [screenId]);
}
