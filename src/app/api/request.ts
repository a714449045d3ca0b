import { FetchError, ofetch } from 'ofetch';
import type { ApiCall } from '../../../commands/command.types';
import { CODE, HTTP_SESSION_ENDED, type Envelope } from '../../schemas/common';
import { resetToken, session } from '../state/session';
import { currentLang } from '../intl/lang';

/** Spec §9: request timeout 60000 ms. */
export const REQUEST_TIMEOUT_MS = 60_000;
const TOKEN_CODES: number[] = [CODE.TOKEN_ILLEGAL, CODE.TOKEN_REPLACED, CODE.TOKEN_EXPIRED];

export class ApiError extends Error {
  constructor(public readonly code: number, message: string, public readonly data: unknown = null, public readonly httpStatus = 200) {
    super(message);
  }
}

/** What the request layer shows; the shell plugs in Mantine notifications and the 412 dialog. */
export interface RequestUi {
  /** Shows an error for 5 s (spec §9 error message duration). */
  error(message: string): void;
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

export interface RequestOptions {
  /** Don't show the error message (the caller shows it inline, e.g. a form). The promise still rejects. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Receives the envelope's msg on success (the server words it in the user's language). */
  onMessage?: (msg: string) => void;
  /** Sent as the Idempotency-Key header (money writes: commands flagged `idempotent`). */
  idempotencyKey?: string;
}

/** Spec §5: identical POST or PUT requests (same path and body) while one is pending are cancelled. */
const pendingWrites = new Set<string>();

function headers(opts: RequestOptions = {}): Record<string, string> {
  const h: Record<string, string> = { 'x-api-st': String(Date.now()), 'lang-code': String(currentLang().id) };
  if (opts.idempotencyKey) h['Idempotency-Key'] = opts.idempotencyKey;
  if (session.token) {
    h.Authorization = session.token;
    h['x-api-token'] = session.token;
  }
  return h;
}

function fail(err: ApiError, opts: RequestOptions): never {
  if (!opts.silent) ui.error(err.message || ui.t('request.error'));
  throw err;
}

export async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, opts: RequestOptions = {}): Promise<T> {
  const isWrite = method !== 'GET';
  const isForm = typeof FormData !== 'undefined' && payload instanceof FormData;
  const dedupKey = isWrite && !isForm ? `${method} ${path} ${JSON.stringify(payload ?? null)}` : null;
  if (dedupKey && pendingWrites.has(dedupKey)) fail(new ApiError(-1, ui.t('request.duplicate')), opts);
  if (dedupKey) pendingWrites.add(dedupKey);
  try {
    const res = await ofetch<Envelope<T>>(path, {
      method,
      headers: headers(opts),
      timeout: REQUEST_TIMEOUT_MS,
      signal: opts.signal,
      retry: 0,
      ...(method === 'GET' ? { query: payload as Record<string, unknown> } : { body: payload as BodyInit }),
    });
    if (res.code !== CODE.OK) {
      if (TOKEN_CODES.includes(res.code)) {
        resetToken();
        ui.error(res.msg || 'Error');
        setTimeout(() => ui.reload(), 600);
        throw new ApiError(res.code, res.msg || 'Error', res.data);
      }
      fail(new ApiError(res.code, res.msg || 'Error', res.data), opts);
    }
    opts.onMessage?.(res.msg);
    return res.data;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof FetchError) {
      const status = e.response?.status ?? 0;
      const body = e.data as Partial<Envelope> | undefined;
      if (status === HTTP_SESSION_ENDED) {
        resetToken();
        ui.sessionEnded(body?.msg ?? '');
        throw new ApiError(body?.code ?? status, body?.msg ?? '', null, status);
      }
      if (status === 404) throw new ApiError(CODE.NOT_FOUND, body?.msg ?? '', null, 404);
      const timedOut = e.name === 'AbortError' || /timeout|aborted/i.test(String(e.message)) && !opts.signal?.aborted;
      if (timedOut) fail(new ApiError(-2, ui.t('request.timeout'), null, 0), opts);
      fail(new ApiError(body?.code ?? status, body?.msg ?? ui.t('request.failed'), null, status), opts);
    }
    throw e;
  } finally {
    if (dedupKey) pendingWrites.delete(dedupKey);
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>, opts?: RequestOptions) => request<T>('GET', path, query, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  /** Calls a registry ApiCall; `:id`-style path parameters are filled from the payload. */
  call: <T>(call: ApiCall, payload: Record<string, unknown> = {}, opts?: RequestOptions) => {
    const path = call.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(payload[k] ?? '')));
    return request<T>(call.method, path, payload, opts);
  },
};
