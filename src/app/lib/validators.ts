/**
 * Spec §5 validators: a mainland-style mobile number pattern and an external link check.
 */

/** Mainland China mobile numbers: 11 digits starting 13–19 (optionally with +86 / 86). */
export const MOBILE_PATTERN = /^(?:\+?86)?1[3-9]\d{9}$/;

export function isMobile(value: string | null | undefined): boolean {
  return typeof value === 'string' && MOBILE_PATTERN.test(value.replace(/[\s-]/g, ''));
}

/** Links that leave the console: http, https, mailto, tel. */
export function isExternal(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^(https?:|mailto:|tel:)/i.test(path.trim());
}

/** An http(s) URL with a host. */
export function isHttpUrl(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}
