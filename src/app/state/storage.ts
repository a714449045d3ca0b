/**
 * Local storage and cookie helpers of the shell, and the list of keys a "clear cache" keeps.
 * Every access is guarded: private windows and full quotas must not break the console.
 */

/** localStorage keys owned by the shell. `language` is the key src/app/intl/lang.ts stores the preference under. */
export const STORAGE_KEYS = {
  language: 'language',
  settings: 'shell.settings',
  colorScheme: 'shell.colorScheme',
  keepTabs: 'shell.keepTabs',
  views: 'shell.views',
  system: 'shell.system',
  deviceId: 'shell.deviceId',
} as const;

/**
 * What "clear cache" keeps (brief: language, token, settings). The token is a cookie and is untouched anyway.
 * Kept too: the tab list when the user chose to keep tabs, and the device id (it identifies the browser to the
 * server's terminal checks; a new one would look like a new device).
 */
const PRESERVED: ReadonlySet<string> = new Set([
  STORAGE_KEYS.language, STORAGE_KEYS.settings, STORAGE_KEYS.colorScheme, STORAGE_KEYS.keepTabs, STORAGE_KEYS.views,
  STORAGE_KEYS.deviceId,
]);

/** Fired on window after a cache clear, so in-memory caches (response cache, page cache) can drop too. */
export const CACHE_CLEAR_EVENT = 'cache:clear';

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or privacy mode: the preference lasts for this page only.
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = readLocal(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeLocal(key, JSON.stringify(value));
}

/** Clears local caches except the preserved keys, and session storage; returns how many keys were removed. */
export function clearLocalCaches(): number {
  let removed = 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k !== null && !PRESERVED.has(k)) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
    removed = keys.length;
    sessionStorage.clear();
  } catch {
    // nothing to clear
  }
  window.dispatchEvent(new CustomEvent(CACHE_CLEAR_EVENT));
  return removed;
}

/** A device id kept in localStorage and sent with the login (terminal checks, audit). */
export function deviceId(): string {
  let id = readLocal(STORAGE_KEYS.deviceId);
  if (!id) {
    id = typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    writeLocal(STORAGE_KEYS.deviceId, id);
  }
  return id;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export function writeCookie(name: string, value: string, days = 365): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; samesite=strict`;
}
