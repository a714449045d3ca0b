import dayjs from 'dayjs';
import { api } from '../api/request';
import { session } from '../state/session';
import { notify } from './notify';

/**
 * Copy helper and copy/cut audit (spec §3 copy audit record, §5 copy helper, §7 copy_records_event, §9 constants).
 *
 * copied_type: 1 = copied by the helper (a copy button), 2 = a user copy (Ctrl/Cmd+C, context menu), 3 = a cut.
 * An event is reported only when the text is non-empty and not identical to the previous one within 1000 ms.
 * Events are queued and sent one at a time; the response is ignored and errors are only logged.
 */
export const COPY_DEDUP_MS = 1000;
export const PROGRAMMATIC_RESET_MS = 200;
export const COPY_EVENT_PATH = '/loanapi/admin_account/copy_records_event';
export const COPY_TYPE = { helper: 1, copy: 2, cut: 3 } as const;
export type CopyType = (typeof COPY_TYPE)[keyof typeof COPY_TYPE];
/** The server accepts copied_info up to 5000 characters. */
const MAX_INFO = 5000;

export interface CopyEvent {
  token: string;
  page_title: string;
  page_url: string;
  page_domain: string;
  operation_time: string;
  copied_info: string;
  copied_type: CopyType;
}

export interface CopyAuditDeps {
  send: (event: CopyEvent) => Promise<unknown>;
  token: () => string | null;
  now: () => number;
}

const defaults: CopyAuditDeps = {
  send: (event) => api.post(COPY_EVENT_PATH, event, { silent: true }),
  token: () => session.token,
  now: () => Date.now(),
};
let deps: CopyAuditDeps = { ...defaults };

/** Test seam: replace how events are sent, where the token comes from, the clock. Pass nothing to restore. */
export function configureCopyAudit(next?: Partial<CopyAuditDeps>): void {
  deps = { ...defaults, ...next };
  last = null;
  queue.length = 0;
  programmatic = false;
}

let last: { text: string; at: number } | null = null;
const queue: CopyEvent[] = [];
let draining: Promise<void> | null = null;

async function drain(): Promise<void> {
  while (queue.length) {
    const ev = queue.shift()!;
    try {
      await deps.send(ev);
    } catch (e) {
      console.error('copy_records_event failed', e);
    }
  }
  draining = null;
}

/** Resolves when every queued event has been sent. */
export function flushCopyEvents(): Promise<void> {
  return draining ?? Promise.resolve();
}

/** Queues a copy/cut event; false when skipped (empty, duplicate within 1 s, or signed out). */
export function reportCopy(text: string, type: CopyType): boolean {
  if (!text) return false;
  const now = deps.now();
  if (last && last.text === text && now - last.at < COPY_DEDUP_MS) return false;
  last = { text, at: now };
  const token = deps.token();
  if (!token) return false;
  const loc = typeof location === 'undefined' ? null : location;
  queue.push({
    token,
    page_title: typeof document === 'undefined' ? '' : document.title,
    page_url: loc?.href ?? '',
    page_domain: loc?.host ?? '',
    operation_time: dayjs(now).format('YYYY-MM-DD HH:mm:ss'),
    copied_info: text.slice(0, MAX_INFO),
    copied_type: type,
  });
  draining ??= drain();
  return true;
}

// ---------------------------------------------------------------- programmatic copy

let programmatic = false;
let programmaticTimer: ReturnType<typeof setTimeout> | undefined;

function markProgrammatic(): void {
  programmatic = true;
  clearTimeout(programmaticTimer);
  programmaticTimer = setTimeout(() => {
    programmatic = false;
  }, PROGRAMMATIC_RESET_MS);
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the textarea route (insecure origin, permission refused)
  }
  if (typeof document === 'undefined') return false;
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}

/**
 * Copies text (spec §5): empty text → 没有可复制的信息 (`copy.empty`); success → 复制成功 (`copy.success`),
 * and the copy is reported with copied_type 1. The document listener does not report it a second time.
 */
export async function copyText(text: string | number | null | undefined): Promise<boolean> {
  const s = text === null || text === undefined ? '' : String(text);
  if (!s) {
    notify('warning', 'copy.empty');
    return false;
  }
  markProgrammatic();
  const ok = await writeClipboard(s);
  if (!ok) {
    notify('error', 'copy.failed');
    return false;
  }
  notify('success', 'copy.success');
  reportCopy(s, COPY_TYPE.helper);
  return true;
}

function selectedText(doc: Document): string {
  const el = doc.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
  if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && typeof el.selectionStart === 'number') {
    return el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0);
  }
  return doc.getSelection?.()?.toString() ?? '';
}

/**
 * Reports the user's own copies and cuts (copied_type 2 and 3). Install once after start; returns the uninstaller.
 * Copies made by `copyText` within the last 200 ms are skipped (they are reported as type 1).
 */
export function installCopyAudit(doc: Document = document): () => void {
  const onCopy = (type: CopyType) => () => {
    if (programmatic) return;
    reportCopy(selectedText(doc), type);
  };
  const copy = onCopy(COPY_TYPE.copy);
  const cut = onCopy(COPY_TYPE.cut);
  doc.addEventListener('copy', copy);
  doc.addEventListener('cut', cut);
  return () => {
    doc.removeEventListener('copy', copy);
    doc.removeEventListener('cut', cut);
  };
}
