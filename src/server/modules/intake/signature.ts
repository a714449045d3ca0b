import crypto from 'node:crypto';
import { INTAKE_HEADERS, SIGNATURE_WINDOW_MS } from '../../../schemas/intake';

/**
 * The intake signature (docs/intake.md), shared by the server and by clients (the simulator):
 *
 *   x-signature = hex HMAC-SHA256(secret, METHOD \n path \n timestamp \n nonce \n hex SHA-256(body))
 *
 * `path` is the request target as sent (path and query string), `timestamp` the x-timestamp header (ms since the
 * epoch, decimal), the body the exact bytes sent ('' when there is none). The secret is used as its UTF-8 bytes.
 */

export function sha256Hex(body: string | Uint8Array): string {
  return crypto.createHash('sha256').update(body).digest('hex');
}

export interface SignedParts {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  bodySha256: string;
}

export function canonicalString(p: SignedParts): string {
  return `${p.method.toUpperCase()}\n${p.path}\n${p.timestamp}\n${p.nonce}\n${p.bodySha256}`;
}

export function computeSignature(secret: string, p: SignedParts): string {
  return crypto.createHmac('sha256', secret).update(canonicalString(p)).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(secret: string, p: SignedParts, received: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(received)) return false;
  const expected = Buffer.from(computeSignature(secret, p), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex'));
}

export type TimestampCheck = 'ok' | 'invalid' | 'expired';

/** A decimal millisecond timestamp within ±window of `nowMs`. */
export function checkTimestamp(value: string, nowMs: number, windowMs = SIGNATURE_WINDOW_MS): TimestampCheck {
  if (!/^\d{10,16}$/.test(value)) return 'invalid';
  return Math.abs(Number(value) - nowMs) <= windowMs ? 'ok' : 'expired';
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Headers of a signed request: what the borrower app (and the simulator) sends. */
export function signedHeaders(input: {
  appKey: string; secret: string; method: string; path: string; body?: string; now?: number; nonce?: string;
}): Record<string, string> {
  const timestamp = String(input.now ?? Date.now());
  const nonce = input.nonce ?? newNonce();
  const signature = computeSignature(input.secret, {
    method: input.method, path: input.path, timestamp, nonce, bodySha256: sha256Hex(input.body ?? ''),
  });
  return {
    [INTAKE_HEADERS.key]: input.appKey,
    [INTAKE_HEADERS.timestamp]: timestamp,
    [INTAKE_HEADERS.nonce]: nonce,
    [INTAKE_HEADERS.signature]: signature,
  };
}
