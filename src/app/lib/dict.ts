import { useCallback, useEffect, useState } from 'react';
import type { DictItem } from '../../schemas/system';
import type { ListResult } from '../../schemas/common';
import { api } from '../api/request';
import { ResponseCache, cacheKey } from './cache';

/**
 * Dictionary and list fetches with the response cache (spec §7, §9): dictionaries by code from
 * GET /loanapi/dict/detail_on_list?dict_name=X&page=0&size=9999 → data.rows; generic lists by url plus filter →
 * data.rows. Both cached by default; identical requests in flight share one promise.
 */
export const DICT_PATH = '/loanapi/dict/detail_on_list';
export const DICT_PAGE = 0;
export const DICT_SIZE = 9999;
/** Spec §7 async loader: page 1, page_size 100. */
export const ASYNC_PAGE = 1;
export const ASYNC_PAGE_SIZE = 100;

export type DictEntry = Pick<DictItem, 'value' | 'label'> & Partial<DictItem>;

export type Getter = <T>(path: string, query: Record<string, unknown>) => Promise<T>;

export const responseCache = new ResponseCache<unknown>();
const inflight = new Map<string, Promise<unknown>>();
let getter: Getter = (path, query) => api.get(path, query, { silent: true });

/** Test seam: how GETs are made. Pass nothing to restore. */
export function setDictGetter(next?: Getter): void {
  getter = next ?? ((path, query) => api.get(path, query, { silent: true }));
}

export interface CacheOptions {
  /** Use the response cache (default true). */
  cache?: boolean;
  /** Skip a cached answer but store the fresh one. */
  refresh?: boolean;
}

async function cached<T>(key: string, load: () => Promise<T>, opts: CacheOptions): Promise<T> {
  const cache = opts.cache ?? true;
  if (cache && !opts.refresh) {
    const hit = responseCache.get(key);
    if (hit !== undefined) return hit as T;
  }
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const p = load()
    .then((v) => {
      if (cache) responseCache.set(key, v);
      return v;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

const dictKeyPrefix = (name: string) => `dict:${name}|`;

export function fetchDict(name: string, opts: CacheOptions = {}): Promise<DictEntry[]> {
  const filter = { dict_name: name, page: DICT_PAGE, size: DICT_SIZE };
  return cached(
    `dict:${cacheKey(name, {})}`,
    async () => (await getter<ListResult<DictEntry>>(DICT_PATH, filter))?.rows ?? [],
    opts,
  );
}

/** A list by url plus filter → data.rows (cached). */
export function fetchList<T>(url: string, filter: Record<string, unknown> = {}, opts: CacheOptions = {}): Promise<T[]> {
  return cached(`list:${cacheKey(url, filter)}`, async () => (await getter<ListResult<T>>(url, filter))?.rows ?? [], opts);
}

/** The async option loader: page 1, page_size 100, never cached (it follows what is typed). */
export async function loadOptions<T>(url: string, query: Record<string, unknown> = {}): Promise<T[]> {
  return (await getter<ListResult<T>>(url, { ...query, page: ASYNC_PAGE, page_size: ASYNC_PAGE_SIZE }))?.rows ?? [];
}

/** Forgets one dictionary, or every cached dictionary and list. */
export function invalidateDict(name?: string): void {
  if (name) responseCache.deletePrefix(dictKeyPrefix(name));
  else responseCache.clear();
}

// Dictionary edits made through the registry drop the cached dictionaries; "clear cache" drops everything.
if (typeof window !== 'undefined') {
  window.addEventListener('cache:clear', () => responseCache.clear());
  window.addEventListener('command:done', (e) => {
    const id = (e as CustomEvent<{ id?: string }>).detail?.id ?? '';
    if (id.startsWith('system.dict.')) invalidateDict();
  });
}

export interface DictState {
  items: DictEntry[];
  loading: boolean;
  error: unknown;
  /** The label of a value ('' when unknown values are shown as they are). */
  label: (value: unknown) => string;
  item: (value: unknown) => DictEntry | undefined;
  reload: () => void;
}

/** A dictionary for a screen: loads once (cached), labels values, reloads on demand. */
export function useDict(name: string | null | undefined): DictState {
  const [items, setItems] = useState<DictEntry[]>(() => {
    const hit = name ? responseCache.get(`dict:${cacheKey(name, {})}`) : undefined;
    return (hit as DictEntry[] | undefined) ?? [];
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    if (!name) return;
    let live = true;
    setLoading(true);
    fetchDict(name, { refresh: nonce > 0 })
      .then((rows) => live && (setItems(rows), setError(null)))
      .catch((e) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [name, nonce]);

  const item = useCallback((value: unknown) => items.find((i) => String(i.value) === String(value)), [items]);
  const label = useCallback((value: unknown) => item(value)?.label ?? (value === null || value === undefined ? '' : String(value)), [item]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { items, loading, error, label, item, reload };
}
