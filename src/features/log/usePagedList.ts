import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRemote } from '../../ui/useRemote';
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

/** What a failed load shows: nothing stale. */
const NOTHING: Page<never> = { rows: [], total: 0 };

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
  const [state, setState] = useState<Kept<F>>(() => (kept.get(key) as Kept<F> | undefined) ?? { filters: initial, page: 1, pageSize: DEFAULT_PAGE_SIZE });

  useEffect(() => {
    kept.set(key, state);
  }, [key, state]);

  // intl: the server words its answers in the user's language, so a language switch loads again.
  const remote = useRemote(
    (signal) => load(pageQuery(state.filters, state.page, state.pageSize), signal)
      .then((res): Page<T> => ({ rows: res?.rows ?? [], total: res?.total ?? 0, total_capped: res?.total_capped ?? false })),
    [state, intl],
  );
  const data = remote.error ? NOTHING : (remote.data ?? NOTHING);

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
    loading: remote.loading,
    error: remote.error,
    reload: remote.reload,
  };
}
