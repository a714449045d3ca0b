import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * CSP hashes of the classic inline scripts of the built console's index.html (the colour-scheme script that must
 * run before the first paint). A hash admits exactly that text and nothing injected beside it; with no inline
 * script left in index.html the list is empty and script-src is 'self' alone.
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2].trim()) continue;
    out.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The policy of every response: the console and the public pages (sandbox checkout, /sip) run under it. */
export function cspDirectives(scriptHashes: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    // Mantine and the data grid inject <style> elements and style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * Security headers for the console and the API (CSP, frame-ancestors, nosniff, referrer policy, HSTS over HTTPS).
 * helmet's middleware is built once: the Fastify plugin built it again on every request (parsing the policy each
 * time, in two hooks), a measurable part of a list page's server time.
 */
export async function securityPlugin(app: FastifyInstance, cfg: Config): Promise<void> {
  const index = path.join(cfg.distDir, 'index.html');
  const hashes = fs.existsSync(index) ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [];
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(hashes) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Over plain HTTP an HSTS header is ignored at best and pins a wrong promise at worst: set below, per request.
    strictTransportSecurity: false,
    // /auth-redirect hands an external sign-in back through window.opener, which any COOP would sever.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // On the raw response, before routing's outcome is known, so error and not-found answers carry them too.
  app.addHook('onRequest', (req, reply, done) => {
    // trustProxy is on, so a TLS-terminating proxy's X-Forwarded-Proto counts.
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
