import { FetchError, ofetch, type $Fetch } from 'ofetch';
import type { ApiCall } from '../../../commands/command.types';
import { CODE, HTTP_SESSION_ENDED, type Envelope } from '../../schemas/common';
import { resetToken, session } from '../state/session';
import { keepAhead, prefetchKey, takeAhead, takeArrived } from './prefetch';
import { currentLang } from '../intl/lang';

/** Spec §9: request timeout 60000 ms. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §9: error message duration 5000 ms. */
export const ERROR_MESSAGE_MS = 5000;
/** Token errors: long enough to read the message before the reload. */
const TOKEN_RELOAD_DELAY_MS = 600;
const TOKEN_CODES: number[] = [CODE.TOKEN_ILLEGAL, CODE.TOKEN_REPLACED, CODE.TOKEN_EXPIRED];

export class ApiError extends Error {
  constructor(public readonly code: number, message: string, public readonly data: unknown = null, public readonly httpStatus = 200) {
    super(message);
  }
}

/** What the request layer shows; the shell plugs in Mantine notifications and the 412 dialog. */
export interface RequestUi {
  /** Shows an error for `durationMs` (always ERROR_MESSAGE_MS: spec §9 error message duration). */
  error(message: string, durationMs: number): void;
  /** Spec §8 HTTP 412: confirm with "go to login" / "cancel"; both log out and reload. */
  sessionEnded(message: string): void;
  /** Message text for the layer's own errors. */
  t(id: 'request.timeout' | 'request.duplicate' | 'request.failed' | 'request.error'): string;
  reload(): void;
}

let ui: RequestUi = {
  error: (m) => console.error(m),
  sessionEnded: (m) => console.error(m),
  t: (id) => id,
  reload: () => location.reload(),
};

export function configureRequestUi(next: Partial<RequestUi>): void {
  ui = { ...ui, ...next };
}

/** A call that failed on the server's side (HTTP 5xx) or never got an answer (network error, timeout). */
export interface ApiFailure {
  method: string;
  path: string;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  /** The server's request id, when the answer named one (x-request-id header, or the id quoted in a 500's message). */
  requestId: string;
  message: string;
}

let failureListener: ((f: ApiFailure) => void) | null = null;

/** Who hears about failed calls (src/app/errorReporting.ts); null to stop. */
export function onApiFailure(listener: ((f: ApiFailure) => void) | null): void {
  failureListener = listener;
}

function tellFailure(f: ApiFailure): void {
  try {
    failureListener?.(f);
  } catch { /* a listener never breaks the call's own error handling */ }
}

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let client: $Fetch = ofetch;

/** Test seam: the fetch the layer sends with (omit to restore the browser's). */
export function configureRequestFetch(impl?: typeof globalThis.fetch): void {
  client = impl ? ofetch.create({}, { fetch: impl }) : ofetch;
}

export interface RequestOptions {
  /** Don't show the error message (the caller shows it inline, e.g. a form). The promise still rejects. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Receives the envelope's msg on success (the server words it in the user's language). */
  onMessage?: (msg: string) => void;
  /** Sent as the Idempotency-Key header (money writes: commands flagged `idempotent`). */
  idempotencyKey?: string;
  /** The token to send instead of the session's (the profile load and sign-out name theirs). */
  token?: string | null;
}

/** Spec §5: identical POST or PUT requests (same path and body) while one is pending are cancelled. */
const pendingWrites = new Set<string>();

function headers(opts: RequestOptions = {}): Record<string, string> {
  const h: Record<string, string> = { 'x-api-st': String(Date.now()), 'lang-code': String(currentLang().id) };
  if (opts.idempotencyKey) h['Idempotency-Key'] = opts.idempotencyKey;
  // Headers only: a URL ends up in logs, proxies and browser history, so the token never goes in one.
  const token = opts.token || session.token;
  if (token) {
    h.Authorization = token;
    h['x-api-token'] = token;
  }
  return h;
}

function fail(err: ApiError, opts: RequestOptions): never {
  if (!opts.silent) ui.error(err.message || ui.t('request.error'), ERROR_MESSAGE_MS);
  throw err;
}

/** A GET query without a `token` key, whoever put it there (see headers()). */
function queryOf(payload: unknown): Record<string, unknown> | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const { token: _dropped, ...rest } = payload as Record<string, unknown>;
  return rest;
}

export async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, opts: RequestOptions = {}): Promise<T> {
  const isWrite = method !== 'GET';
  const isForm = typeof FormData !== 'undefined' && payload instanceof FormData;
  const dedupKey = isWrite && !isForm ? `${method} ${path} ${JSON.stringify(payload ?? null)}` : null;
  if (dedupKey && pendingWrites.has(dedupKey)) fail(new ApiError(-1, ui.t('request.duplicate')), opts);
  if (dedupKey) pendingWrites.add(dedupKey);
  // Our own timeout rather than ofetch's: ofetch drops its timeout whenever the caller passes a signal, so a
  // cancellable request (grids, look-ups) could hang for ever. The caller's signal still cancels.
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => ctl.abort(opts.signal?.reason);
  if (opts.signal?.aborted) cancel();
  else opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const res = await client<Envelope<T>>(path, {
      method,
      headers: headers(opts),
      signal: ctl.signal,
      retry: 0,
      ...(method === 'GET' ? { query: queryOf(payload) } : { body: payload as BodyInit }),
    });
    if (res?.code !== CODE.OK) {
      const code = typeof res?.code === 'number' ? res.code : -3;
      const msg = res?.msg || 'Error';
      if (TOKEN_CODES.includes(code)) {
        resetToken();
        ui.error(msg, ERROR_MESSAGE_MS);
        setTimeout(() => ui.reload(), TOKEN_RELOAD_DELAY_MS);
        throw new ApiError(code, msg, res.data);
      }
      fail(new ApiError(code, msg, res?.data ?? null), opts);
    }
    opts.onMessage?.(res.msg);
    return res.data;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timedOut) {
      tellFailure({ method, path, status: 0, requestId: '', message: 'timeout' });
      fail(new ApiError(-2, ui.t('request.timeout'), null, 0), opts);
    }
    // Cancelled by the caller (a newer search, a closed screen): nothing to tell the user.
    if (opts.signal?.aborted) throw e;
    if (e instanceof FetchError) {
      const status = e.response?.status ?? 0;
      const body = e.data as Partial<Envelope> | undefined;
      if (status >= 500 || status === 0) {
        const requestId = e.response?.headers.get('x-request-id') ?? (typeof body?.msg === 'string' ? body.msg.match(UUID_RE)?.[0] : undefined) ?? '';
        tellFailure({ method, path, status, requestId, message: (typeof body?.msg === 'string' && body.msg) || e.message || 'network error' });
      }
      if (status === HTTP_SESSION_ENDED) {
        resetToken();
        ui.sessionEnded(body?.msg ?? '');
        throw new ApiError(body?.code ?? status, body?.msg ?? '', null, status);
      }
      if (status === 404) throw new ApiError(CODE.NOT_FOUND, body?.msg ?? '', null, 404);
      fail(new ApiError(body?.code ?? status, body?.msg || ui.t('request.failed'), null, status), opts);
    }
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', cancel);
    if (dedupKey) pendingWrites.delete(dedupKey);
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>, opts?: RequestOptions) => {
    // An answer fetched ahead (prefetch.ts) serves the first read; if that fetch failed, the read asks again.
    const ahead = takeAhead<T>(prefetchKey(session.token, path, queryOf(query)));
    return ahead ? ahead.catch(() => request<T>('GET', path, query, opts)) : request<T>('GET', path, query, opts);
  },
  /** A GET's answer fetched ahead that has already arrived (taken), for a first render; undefined otherwise. */
  arrived: <T>(path: string, query?: Record<string, unknown>): T | undefined =>
    takeArrived<T>(prefetchKey(session.token, path, queryOf(query)))?.value,
  /** Fetches a GET now for a read expected soon (quiet: a failure is for that read to show). */
  prefetch: (path: string, query?: Record<string, unknown>) =>
    keepAhead(prefetchKey(session.token, path, queryOf(query)), () => request('GET', path, query, { silent: true })),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  /** Calls a registry ApiCall; `:id`-style path parameters are filled from the payload. */
  call: <T>(call: ApiCall, payload: Record<string, unknown> = {}, opts?: RequestOptions) => {
    const path = call.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(payload[k] ?? '')));
    return request<T>(call.method, path, payload, opts);
  },
};
