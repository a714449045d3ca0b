import { useCallback, useEffect } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';

export type Row = Record<string, unknown>;

export interface SelectionState {
  /** Command id of the screen being shown (set by the screen itself, see useScreenSelection). */
  screen: string | null;
  /** The rows selected on that screen; each row has an `id`. Kept as a plain (unproxied) array. */
  rows: Row[];
}

/**
 * The current screen and its selected rows. Screens publish here so that the palette, the hotkeys and
 * `runInteractive` act on what the user has selected.
 */
export const selectionStore = proxy<SelectionState>({ screen: null, rows: ref([]) });

export function setCurrentScreen(screen: string | null): void {
  if (selectionStore.screen !== screen) selectionStore.rows = ref([]);
  selectionStore.screen = screen;
}

export function setSelection(rows: readonly Row[], screen?: string): void {
  if (screen !== undefined && selectionStore.screen !== screen) selectionStore.screen = screen;
  selectionStore.rows = ref([...rows]);
}

export function clearSelection(): void {
  selectionStore.rows = ref([]);
}

/** The rows an action of `screenId` applies to: the selection when it belongs to that screen, else none. */
export function selectionFor(screenId: string | undefined): Row[] {
  return screenId && selectionStore.screen === screenId ? selectionStore.rows : [];
}

/**
 * For a screen component: marks the screen current while mounted and returns the setter it calls whenever its
 * grid selection changes.
 *
 *   const publish = useScreenSelection('empower.user');
 *   <DataGrid onSelectionChange={(rows) => publish(rows)} />
 */
export function useScreenSelection(screenId: string): (rows: readonly Row[]) => void {
  useEffect(() => {
    setCurrentScreen(screenId);
    return () => {
      if (selectionStore.screen === screenId) setCurrentScreen(null);
    };
  }, [screenId]);
  return useCallback((rows: readonly Row[]) => setSelection(rows, screenId), [screenId]);
}

/** Reads the current screen and selection (re-renders on change). */
export function useSelection(): { screen: string | null; rows: readonly Row[] } {
  const snap = useSnapshot(selectionStore);
  return { screen: snap.screen, rows: snap.rows as readonly Row[] };
}
