import crypto from 'node:crypto';

/**
 * The signature both built-in providers use (and most payment gateways): the fields other than the signature,
 * empty ones left out, sorted by name as `k=v&k2=v2`, HMAC-SHA256 with the channel's secret, hex.
 */
export function signText(fields: Record<string, unknown>, signField = 'sign'): string {
  return Object.keys(fields)
    .filter((k) => k !== signField && fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${typeof fields[k] === 'object' ? JSON.stringify(fields[k]) : String(fields[k])}`)
    .join('&');
}

export function sign(fields: Record<string, unknown>, secret: string, signField = 'sign'): string {
  return crypto.createHmac('sha256', secret).update(signText(fields, signField)).digest('hex');
}

/** Constant-time check of a received hex signature. */
export function verifySign(fields: Record<string, unknown>, secret: string, signField = 'sign'): boolean {
  const got = fields[signField];
  if (typeof got !== 'string' || !/^[0-9a-f]{64}$/i.test(got) || !secret) return false;
  const want = Buffer.from(sign(fields, secret, signField), 'hex');
  return crypto.timingSafeEqual(Buffer.from(got.toLowerCase(), 'hex'), want);
}
