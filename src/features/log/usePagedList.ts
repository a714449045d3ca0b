import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Page, Query } from './log.api';
import { DEFAULT_PAGE_SIZE, pageQuery } from './logQuery';

interface Kept<F> {
  filters: F;
  page: number;
  pageSize: number;
}

/** Applied filters and paging per screen, so a tab left and opened again shows what it showed. */
const kept = new Map<string, Kept<unknown>>();

/** Test seam: forget what the screens kept. */
export function resetKeptLists(): void {
  kept.clear();
}

export interface PagedList<T, F> {
  filters: F;
  /** Apply new filters (back to page 1). */
  apply: (filters: F) => void;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  rows: T[];
  total: number;
  capped: boolean;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * A server-paged list: loads `load(query)` for the applied filters, page and page size; keeps the rows shown while
 * the next page loads; a failed load keeps nothing stale and says why.
 */
export function usePagedList<T, F extends Record<string, unknown>>(
  key: string,
  load: (q: Query, signal: AbortSignal) => Promise<Page<T>>,
  initial: F,
): PagedList<T, F> {
  const intl = useIntl();
  const start = (kept.get(key) as Kept<F> | undefined) ?? { filters: initial, page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const [state, setState] = useState<Kept<F>>(start);
  const [data, setData] = useState<Page<T>>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    kept.set(key, state);
  }, [key, state]);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    loadRef.current(pageQuery(state.filters, state.page, state.pageSize), ctl.signal)
      .then((res) => {
        setData({ rows: res?.rows ?? [], total: res?.total ?? 0, total_capped: res?.total_capped ?? false });
        setError(null);
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setData({ rows: [], total: 0 });
        setError(e instanceof Error && e.message ? e.message : intl.formatMessage({ id: 'shell.screen.loadFailed' }));
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
  }, [state, nonce, intl]);

  return {
    filters: state.filters,
    apply: useCallback((filters: F) => setState((s) => ({ ...s, filters, page: 1 })), []),
    page: state.page,
    setPage: useCallback((page: number) => setState((s) => ({ ...s, page })), []),
    pageSize: state.pageSize,
    setPageSize: useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []),
    rows: data.rows,
    total: data.total,
    capped: !!data.total_capped,
    loading,
    error,
    reload: useCallback(() => setNonce((n) => n + 1), []),
  };
}
