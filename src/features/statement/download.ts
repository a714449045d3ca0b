import { currentLang } from '../../app/intl/lang';
import { notify, notifyText } from '../../app/lib/notify';
import { session } from '../../app/state/session';

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*=UTF-8''([^;]+)|filename="([^"]+)"/i.exec(disposition ?? '');
  const raw = m ? (m[1] ? decodeURIComponent(m[1]) : m[2]) : '';
  return raw.replace(/[\\/]/g, '_') || fallback;
}

/**
 * Fetches a file with the session in the headers (never in the URL, DESIGN §6c) and saves it. A refusal comes back as
 * the usual JSON envelope and is shown in the user's language; nothing is saved then.
 */
export async function downloadFile(path: string, query: Record<string, string | number>, fallbackName: string): Promise<boolean> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { 'lang-code': String(currentLang().id) };
  if (session.token) {
    headers.Authorization = session.token;
    headers['x-api-token'] = session.token;
  }
  let res: Response;
  try {
    res = await fetch(`${path}?${qs}`, { headers });
  } catch {
    notify('error', 'request.failed');
    return false;
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    const body = await res.json().catch(() => null) as { msg?: string } | null;
    if (body?.msg) notifyText('error', body.msg);
    else notify('error', 'request.failed');
    return false;
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  notify('success', 'statement.downloaded');
  return true;
}
