import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useScreenSelection, type Row } from '../app/commands';

export interface RowSelection<R extends { id: number | string }> {
  /** The selected rows as the list has them now (fresh copies after a reload), in list order. */
  selected: R[];
  /** Their ids: RecordTable's `selected`. */
  selectedIds: ReadonlyArray<R['id']>;
  /** RecordTable's `onSelectedChange`. */
  onSelectedChange: (rows: readonly R[]) => void;
  clear: () => void;
}

/**
 * A screen's table selection. Marks the screen current and publishes the selected rows for the registry (palette,
 * hotkeys, CommandToolbar, runInteractive). Kept in step with the list: after a reload, a page change or a filter,
 * the rows still listed stay selected as their fresh copies, and rows that are gone are dropped (they do not come
 * back selected if they are listed again).
 *
 *   const sel = useRowSelection('empower.user', rows);
 *   <RecordTable rows={rows} selectable selected={sel.selectedIds} onSelectedChange={sel.onSelectedChange} />
 */
export function useRowSelection<R extends { id: number | string }>(screenId: string, rows: readonly R[]): RowSelection<R> {
  const publish = useScreenSelection(screenId);
  const [ids, setIds] = useState<ReadonlyArray<R['id']>>([]);

  const selected = useMemo(() => {
    const set = new Set(ids);
    return rows.filter((r) => set.has(r.id));
  }, [rows, ids]);
  const selectedIds = useMemo(() => selected.map((r) => r.id), [selected]);

  // Forget the ids of rows that are no longer listed.
  useEffect(() => {
    if (selectedIds.length !== ids.length) setIds(selectedIds);
  }, [selectedIds, ids]);

  // Published at once when the user selects (so the toolbar, the hotkeys and the palette see it in the same render),
  // and again when a reload changes the rows; the same rows are not sent twice.
  const sent = useRef<readonly R[]>([]);
  const send = useCallback(
    (next: readonly R[]) => {
      const prev = sent.current;
      if (prev.length === next.length && prev.every((r, i) => r === next[i])) return;
      sent.current = next;
      publish(next as unknown as Row[]);
    },
    [publish],
  );
  useEffect(() => send(selected), [selected, send]);

  const onSelectedChange = useCallback(
    (next: readonly R[]) => {
      setIds(next.map((r) => r.id));
      send(next);
    },
    [send],
  );
  const clear = useCallback(() => {
    setIds([]);
    send([]);
  }, [send]);
  return { selected, selectedIds, onSelectedChange, clear };
}
