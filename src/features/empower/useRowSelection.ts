import { useCallback, useEffect, useMemo, useState } from 'react';
import { useScreenSelection, type Row } from '../../app/commands';

/**
 * A screen's selection: publishes the selected rows for the registry (palette, hotkeys, toolbar) and keeps them in
 * step with reloads: rows that are gone are dropped, the others are replaced by their fresh copies.
 */
export function useRowSelection<R extends { id: number | string }>(screenId: string, rows: readonly R[]) {
  const publish = useScreenSelection(screenId);
  const [ids, setIds] = useState<ReadonlyArray<R['id']>>([]);

  const selected = useMemo(() => {
    const set = new Set(ids);
    return rows.filter((r) => set.has(r.id));
  }, [rows, ids]);

  useEffect(() => {
    publish(selected as unknown as Row[]);
  }, [selected, publish]);

  const onSelectedChange = useCallback((next: R[]) => setIds(next.map((r) => r.id)), []);
  return { selected, selectedIds: ids, onSelectedChange, clear: () => setIds([]) };
}
