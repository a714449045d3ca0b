import { stripSensitive } from '../schemas/log';
import { onApiFailure, type ApiFailure } from './api/request';
import { session } from './state/session';
import { currentLang } from './intl/lang';

/**
 * The console reports its own errors (spec /log/vue_and_query_log) to POST /loanapi/log/client_error: window errors,
 * unhandled promise rejections and failed API calls (5xx, no answer). docs/client-log.md.
 *
 * - Throttled: the same message at most once a minute, at most 20 reports a minute in all.
 * - No loop: a report is sent with a bare fetch, not through the request layer, its failure is swallowed, and a
 *   failure of the report's own path is never reported.
 * - Nothing secret: values of sensitive query keys are replaced by `***`, and the session token, wherever it
 *   appears in a message or stack, too. Only sent with a session (the route is for signed-in accounts).
 */
export { stripSensitive };
export const CLIENT_ERROR_PATH = '/loanapi/log/client_error';
export const SAME_MESSAGE_MS = 60_000;
export const PER_MINUTE = 20;

export type ReportKind = 'error' | 'rejection' | 'api' | 'other';

export interface ClientReport {
  kind: ReportKind;
  message: string;
  url: string;
  method?: string;
  path?: string;
  status?: number;
  request_id?: string;
  detail?: { stack?: string };
}

export interface ReporterDeps {
  /** Sends one report; may reject (swallowed). */
  send: (report: ClientReport) => Promise<unknown>;
  now?: () => number;
  /** The current session token: reports are sent only with one, and it is blanked out of what is sent. */
  token?: () => string | null | undefined;
  sameMessageMs?: number;
  perMinute?: number;
}

export interface Reporter {
  /** Reports unless throttled or looping; true when a report was sent. */
  report: (r: ClientReport) => boolean;
}

function redact(text: string, token: string | null | undefined): string {
  let out = text;
  if (token && token.length >= 8) out = out.split(token).join('***');
  // Bearer-like values and `password=` / `token=` pairs written into messages.
  return out.replace(/\b(token|password|pwd|secret)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi, '$1$2***');
}

export function createReporter(deps: ReporterDeps): Reporter {
  const now = deps.now ?? (() => Date.now());
  const sameMs = deps.sameMessageMs ?? SAME_MESSAGE_MS;
  const perMinute = deps.perMinute ?? PER_MINUTE;
  const lastByKey = new Map<string, number>();
  let sentAt: number[] = [];
  let sending = 0;

  return {
    report(r) {
      // The report's own failure (or an error thrown while one is being built) is never reported again.
      if (r.path && r.path.split('?')[0] === CLIENT_ERROR_PATH) return false;
      if (sending > 0) return false;
      const token = deps.token?.();
      if (deps.token && !token) return false;
      const t = now();
      const key = `${r.kind}|${r.message}`;
      const last = lastByKey.get(key);
      if (last !== undefined && t - last < sameMs) return false;
      sentAt = sentAt.filter((x) => t - x < 60_000);
      if (sentAt.length >= perMinute) return false;
      sentAt.push(t);
      lastByKey.set(key, t);
      if (lastByKey.size > 500) for (const [k, v] of lastByKey) if (t - v >= sameMs) lastByKey.delete(k);

      const clean: ClientReport = {
        kind: r.kind,
        message: redact(r.message || 'Error', token).slice(0, 1000),
        url: stripSensitive(r.url).slice(0, 1000),
        ...(r.method ? { method: r.method } : {}),
        ...(r.path ? { path: stripSensitive(r.path).slice(0, 500) } : {}),
        ...(r.status ? { status: r.status } : {}),
        ...(r.request_id ? { request_id: r.request_id.slice(0, 64) } : {}),
        ...(r.detail?.stack ? { detail: { stack: redact(r.detail.stack, token).slice(0, 8000) } } : {}),
      };
      sending++;
      try {
        void Promise.resolve().then(() => deps.send(clean)).catch(() => undefined);
      } catch { /* never */ } finally {
        sending--;
      }
      return true;
    },
  };
}

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  if (typeof reason === 'string') return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/** Sends a report with a bare fetch (not the request layer: its failures must not come back here). */
async function sendReport(report: ClientReport): Promise<void> {
  const token = session.token;
  if (!token) return;
  await fetch(CLIENT_ERROR_PATH, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', Authorization: token, 'x-api-token': token, 'lang-code': String(currentLang().id), 'x-api-st': String(Date.now()) },
    body: JSON.stringify(report),
  });
}

/** Browser noise that is not an error of ours. */
const IGNORED = /ResizeObserver loop|Script error\.?$/;

let installed: (() => void) | null = null;

/** Wires the reporter at app start (idempotent); returns the uninstaller. */
export function installErrorReporting(deps: Partial<ReporterDeps> = {}): () => void {
  if (installed) return installed;
  const reporter = createReporter({ send: sendReport, token: () => session.token, ...deps });
  const here = () => location.pathname + location.search;
  const onError = (e: ErrorEvent) => {
    const msg = e.message || describe(e.error).message;
    if (IGNORED.test(msg)) return;
    reporter.report({ kind: 'error', message: msg, url: here(), detail: { stack: e.error instanceof Error ? e.error.stack : `${e.filename}:${e.lineno}:${e.colno}` } });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const d = describe(e.reason);
    reporter.report({ kind: 'rejection', message: d.message, url: here(), detail: { stack: d.stack } });
  };
  const onFailure = (f: ApiFailure) => {
    reporter.report({
      kind: 'api', message: `${f.method} ${f.path.split('?')[0]} ${f.status || 'network'}: ${f.message}`, url: here(),
      method: f.method, path: f.path, status: f.status, request_id: f.requestId,
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  onApiFailure(onFailure);
  installed = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    onApiFailure(null);
    installed = null;
  };
  return installed;
}
