import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { translate } from '../../i18n';
import { signingSecret } from '../../list/secret';
import { CODE_RE } from './links';
import { shortLink, shortLinkClick } from './shortLink.table';

/**
 * GET /s/<code>: the built-in short-link service. The target is the long link recorded for the code — nothing in
 * the request (query, headers, path beyond the code) can change where it goes, so it is no open redirect. Every
 * click is logged (time, a keyed hash of the address, the user agent) and counted on the link; an unknown code is
 * a small 404 page. The redirect is 302 and `no-store`, so each visit comes back and is counted.
 */

function page(title: string, body: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>`
    + `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#333"><h1 style="font-size:1.4rem">${esc(title)}</h1><p>${esc(body)}</p></body></html>`;
}

async function ipHash(deps: Deps, ip: string): Promise<string> {
  const key = await signingSecret(deps.db);
  return crypto.createHmac('sha256', key).update(`short-link-ip:${ip}`).digest('hex').slice(0, 32);
}

export async function followShortLink(deps: Deps, req: FastifyRequest, reply: FastifyReply, code: string) {
  const notFound = () => reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store')
    .send(page(translate(req.lang, 'shortLink.page.notFoundTitle'), translate(req.lang, 'shortLink.page.notFoundBody')));
  if (!CODE_RE.test(code)) return notFound();
  const [l] = await deps.db.select({ id: shortLink.id, longUrl: shortLink.longUrl }).from(shortLink).where(eq(shortLink.code, code));
  if (!l) return notFound();
  const now = deps.now();
  const ua = String(req.headers['user-agent'] ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 300);
  const hash = await ipHash(deps, req.ip);
  await deps.db.transaction(async (tx) => {
    await tx.insert(shortLinkClick).values({ linkId: l.id, at: now, ipHash: hash, userAgent: ua });
    await tx.update(shortLink).set({ clicks: sql`${shortLink.clicks} + 1`, lastClickAt: now }).where(eq(shortLink.id, l.id));
  });
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(l.longUrl, 302);
}
