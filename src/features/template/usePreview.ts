import { useEffect, useState } from 'react';
import { api } from '../../app/api/request';
import { TEMPLATE_API, type TemplateKind, type TemplatePreview } from '../../schemas/template';

/**
 * The server's rendering of a body with the sample values (the same code that renders the real page and SMS), asked
 * 250 ms after the last keystroke; an older answer never replaces a newer one.
 */
export function usePreview(kind: TemplateKind | null, body: string): { preview: TemplatePreview | null; failed: boolean } {
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!kind || !body.trim()) {
      setPreview(null);
      return undefined;
    }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      api.post<TemplatePreview>(TEMPLATE_API.preview, { kind, body }, { silent: true, signal: ctl.signal })
        .then((p) => { setPreview(p); setFailed(false); })
        .catch(() => { if (!ctl.signal.aborted) setFailed(true); });
    }, 250);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [kind, body]);
  return { preview, failed };
}
