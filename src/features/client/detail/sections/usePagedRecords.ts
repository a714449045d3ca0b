import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged, RecordKind } from '../../../../schemas/customer';
import { customerApi } from '../customerDetail.api';

export interface PagedRecords<T> {
  rows: T[];
  total: number;
  capped: boolean;
  loading: boolean;
  /** Loads the next page; undefined when there is none. */
  more?: () => void;
}

/** A capped child list of the detail (first page from the detail answer), extended page by page with its cursor. */
export function usePagedRecords<T>(customerId: number, kind: RecordKind, first: Paged<T>): PagedRecords<T> {
  const [state, setState] = useState({ rows: first.rows, cursor: first.next_cursor });
  const [loading, setLoading] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    setState({ rows: first.rows, cursor: first.next_cursor });
    return () => {
      live.current = false;
    };
  }, [first]);
  const more = useCallback(() => {
    if (!state.cursor || loading) return;
    setLoading(true);
    customerApi.records<T>(customerId, kind, state.cursor)
      .then((p) => live.current && setState((s) => ({ rows: [...s.rows, ...p.rows], cursor: p.next_cursor })))
      .catch(() => undefined)
      .finally(() => live.current && setLoading(false));
  }, [customerId, kind, state.cursor, loading]);
  return { rows: state.rows, total: first.total, capped: first.capped, loading, more: state.cursor ? more : undefined };
}
