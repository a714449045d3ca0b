import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

export interface Remote<T> {
  /** The last answer that arrived (kept while reloading and after a failed reload). */
  data: T | undefined;
  loading: boolean;
  /** Why the last load failed (the request layer's words, else the catalogue's "failed to load"), or null. */
  error: string | null;
  reload: () => void;
}

/**
 * Loads `fn(signal)` now, whenever `deps` change and on `reload()`. A newer load (or unmounting) aborts the one
 * in flight, and an answer that arrives after that is dropped. The previous data stays while reloading; what a
 * screen shows after a failure (the stale data or nothing) is the screen's choice.
 *
 *   const list = useRemote((signal) => getDictItems(name, signal), [name]);
 *
 * `initial`, when it gives an answer (one fetched ahead that has arrived), is the data of the first render, and the
 * first load is skipped: the screen is drawn with it at once.
 */
export function useRemote<T>(fn: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], initial?: () => T | undefined): Remote<T> {
  const intl = useIntl();
  const [first] = useState(() => initial?.());
  const skipFirst = useRef(first !== undefined);
  const [data, setData] = useState<T | undefined>(first);
  const [loading, setLoading] = useState(first === undefined);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const intlRef = useRef(intl);
  intlRef.current = intl;

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const ctl = new AbortController();
    setLoading(true);
    fnRef.current(ctl.signal).then(
      (d) => {
        if (ctl.signal.aborted) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(e instanceof Error && e.message ? e.message : intlRef.current.formatMessage({ id: 'shell.screen.loadFailed' }));
        setLoading(false);
      },
    );
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, ...deps]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}
