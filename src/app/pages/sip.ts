/** A dialable number for a sip: link: digits with an optional leading +, the usual separators removed; '' if not one. */
export function sipNumber(raw: string | null | undefined): string {
  if (!raw) return '';
  const v = raw.trim().replace(/[\s().-]/g, '');
  return /^\+?\d{3,20}$/.test(v) ? v : '';
}
