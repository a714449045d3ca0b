import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  data: T | undefined;
  loading: boolean;
  /** The failure's message (the request layer words it), or null. */
  error: string | null;
  reload: () => void;
}

/**
 * Loads `fn()` now and whenever `deps` change or `reload()` is called; an answer that arrives after a newer
 * request started is dropped. The previous data stays shown while reloading.
 */
export function useRemote<T>(fn: () => Promise<T>, deps: readonly unknown[]): Remote<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    fnRef.current().then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== seq.current) return;
        setError(e instanceof Error && e.message ? e.message : String(e));
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, ...deps]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}
