import { useCallback, useEffect, useState } from 'react';
import { useScreenSelection, type Row } from '../../app/commands';

/**
 * The selected rows of a screen's table, published for the palette, hotkeys and toolbar. After a reload only the
 * rows still listed stay selected.
 */
export function useRowSelection<R extends { id: number | string }>(screen: string, rows: readonly R[]) {
  const publish = useScreenSelection(screen);
  const [selected, setSelected] = useState<Array<R['id']>>([]);

  useEffect(() => {
    setSelected((cur) => {
      const keep = cur.filter((id) => rows.some((r) => r.id === id));
      return keep.length === cur.length ? cur : keep;
    });
  }, [rows]);

  useEffect(() => {
    publish(rows.filter((r) => selected.includes(r.id)) as unknown as Row[]);
  }, [rows, selected, publish]);

  const onSelectedChange = useCallback((next: R[]) => setSelected(next.map((r) => r.id)), []);
  return { selected, onSelectedChange, clear: useCallback(() => setSelected([]), []) };
}
