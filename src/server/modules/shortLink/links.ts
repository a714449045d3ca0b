import crypto from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ADAPTERS } from './providers';
import { shortLink, shortLinkDomain, shortLinkProvider, shortLinkUse } from './shortLink.table';

/**
 * The built-in short-link service (docs/shortLink.md): `makeShortLink` records a long link under an unguessable code
 * and returns the address to hand out; `/s/<code>` (shortLink.routes.ts) redirects to the recorded long link only.
 */

export const PURPOSES = ['sms_reminder', 'marketing', 'collection', 'promotion'] as const;
export type Purpose = (typeof PURPOSES)[number];
export const CHANNELS = ['sms', 'push', 'web'] as const;
export type LinkChannel = (typeof CHANNELS)[number];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const CODE_LENGTH = 10;

/** A crypto-random base62 code (rejection sampling, so every character is equally likely): ~59 bits for 10 characters. */
export function newCode(len = CODE_LENGTH): string {
  let out = '';
  while (out.length < len) {
    for (const b of crypto.randomBytes(len * 2)) {
      if (b < 248 && out.length < len) out += BASE62[b % 62];
    }
  }
  return out;
}

export const CODE_RE = /^[0-9A-Za-z]{8,16}$/;

/** The product's own address for /s/<code> when no domain is assigned (SHORT_LINK_BASE_URL, else PROMO_BASE_URL). */
export function ownBase(): string {
  return (process.env.SHORT_LINK_BASE_URL || process.env.PROMO_BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
}

/** Purposes other areas use by other names (the SMS area's `reminder`) map onto ours; anything else is `marketing`. */
export function normalizePurpose(p: string): Purpose {
  const s = p.trim().toLowerCase();
  if ((PURPOSES as readonly string[]).includes(s)) return s as Purpose;
  if (s === 'reminder' || s === 'repayment_reminder' || s === 'withdrawal_reminder') return 'sms_reminder';
  if (s === 'collect') return 'collection';
  if (s === 'promo') return 'promotion';
  return 'marketing';
}

export function isValidLongUrl(u: string): boolean {
  if (u.length > 2000 || /[\s\u0000-\u001f\u007f]/.test(u)) return false;
  try {
    const x = new URL(u);
    return (x.protocol === 'https:' || x.protocol === 'http:') && !!x.hostname && !x.username && !x.password;
  } catch {
    return false;
  }
}

/** The LinkUseChannel row for a merchant, purpose and channel: the merchant's own, else the platform's. */
export async function useFor(db: DbOrTx, merchantId: number, purpose: Purpose, channel: LinkChannel) {
  const rows = await db.select().from(shortLinkUse)
    .where(and(eq(shortLinkUse.purpose, purpose), eq(shortLinkUse.channel, channel), eq(shortLinkUse.enabled, true),
      or(eq(shortLinkUse.merchantId, merchantId), isNull(shortLinkUse.merchantId))))
    .orderBy(sql`${shortLinkUse.merchantId} is null`);
  return rows[0] ?? null;
}

export interface MakeInput { merchantId: number; purpose: string; longUrl: string; channel?: LinkChannel; createdBy?: number | null }
export interface MadeLink { id: number; code: string; shortUrl: string; domainId: number | null; providerId: number | null; providerError: string | null }

/** Records the link and returns everything about it (makeShortLink returns only the address). */
export async function createShortLink(db: DbOrTx, input: MakeInput): Promise<MadeLink> {
  if (!Number.isInteger(input.merchantId) || input.merchantId <= 0) throw new Error('makeShortLink: merchantId');
  if (!isValidLongUrl(input.longUrl)) throw new Error('makeShortLink: long link must be an http(s) URL of at most 2000 characters');
  const purpose = normalizePurpose(input.purpose);
  const channel: LinkChannel = input.channel ?? (purpose === 'promotion' ? 'web' : 'sms');
  const use = await useFor(db, input.merchantId, purpose, channel);

  let base = ownBase();
  let domainId: number | null = null;
  if (use?.domainId) {
    const [d] = await db.select().from(shortLinkDomain).where(eq(shortLinkDomain.id, use.domainId));
    if (d && d.state === 'active') {
      base = `${d.https ? 'https' : 'http'}://${d.host}`;
      domainId = d.id;
    }
  }

  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const tracked = `${base}/s/${code}`;
    let shortUrl = tracked;
    let providerId: number | null = null;
    let providerError: string | null = null;
    if (use?.providerId) {
      const [p] = await db.select().from(shortLinkProvider).where(eq(shortLinkProvider.id, use.providerId));
      const adapter = p && ADAPTERS[p.kind];
      if (!p || !p.enabled || !adapter) providerError = 'provider disabled';
      else {
        const r = await adapter.shorten(db, p, tracked);
        if (r.ok) { shortUrl = r.url; providerId = p.id; } else providerError = r.error.slice(0, 200);
      }
    }
    // ON CONFLICT keeps a caller's transaction usable: a code collision (practically never at 59 bits) draws a new one.
    const [row] = await db.insert(shortLink).values({
      merchantId: input.merchantId, code, longUrl: input.longUrl, purpose, channel, domainId, providerId, shortUrl,
      providerError, createdBy: input.createdBy ?? null,
    }).onConflictDoNothing({ target: shortLink.code }).returning({ id: shortLink.id });
    if (row) return { id: row.id, code, shortUrl, domainId, providerId, providerError };
    if (attempt >= 5) throw new Error('makeShortLink: could not draw a free code');
  }
}

/**
 * Contract (docs/areas.md): the full short address for a long link, on the domain LinkUseChannel assigns to the
 * purpose (through its provider when one is set), falling back to the product's own `/s/<code>`.
 */
export async function makeShortLink(db: DbOrTx, input: { merchantId: number; purpose: string; longUrl: string }): Promise<string> {
  return (await createShortLink(db, input)).shortUrl;
}
