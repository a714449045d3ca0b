import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound HTTP to tracking providers, which staff configure by URL: the server must not become a way to reach its
 * own network (SSRF). Only http(s); every address the host resolves to must be public — checked in the socket's own
 * DNS lookup, so the address connected to is the one checked (a name that resolves to a public address for the
 * check and to 127.0.0.1 for the connection cannot slip through); redirects are not followed; the whole exchange
 * has a timeout and the answer is read up to 4 KB.
 */

const BLOCKED = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(a, p, 'ipv4');
for (const [a, p] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64]] as const) {
  BLOCKED.addSubnet(a, p, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local, reserved or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return BLOCKED.check(ip, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
    if (/^::ffff:/i.test(ip)) return true;
    return BLOCKED.check(ip, 'ipv6');
  }
  return true;
}

/** A quick check when a URL is saved: scheme, and no private address or local name written into it. */
export function urlProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'channel.urlFormat';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'channel.urlFormat';
  if (u.username || u.password) return 'channel.urlFormat';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) ? isPrivateAddress(host) : /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host) || !host.includes('.')) return 'channel.urlPrivate';
  return null;
}

export class RefusedAddress extends Error {
  constructor(public readonly address: string) {
    super(`address not allowed: ${address}`);
  }
}

type LookupAll = (hostname: string, options: dns.LookupAllOptions, cb: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;
let resolver: LookupAll = dns.lookup as unknown as LookupAll;
/** Tests put a fake DNS here (a name that resolves to a private address); null restores the system's. */
export function setResolverForTest(r: LookupAll | null): void {
  resolver = r ?? (dns.lookup as unknown as LookupAll);
}

/** The socket's DNS lookup: resolves every address and refuses the connection if any of them is not public. */
function guardedLookup(hostname: string, options: dns.LookupOptions, cb: (...args: unknown[]) => void): void {
  resolver(hostname, { all: true, family: options.family as number | undefined ?? 0 }, (err, addresses) => {
    if (err) return cb(err);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || !addresses.length) return cb(new RefusedAddress(bad?.address ?? hostname));
    if (options.all) return cb(null, addresses);
    cb(null, addresses[0].address, addresses[0].family);
  });
}

export interface PostResult {
  status: number;
  body: string;
}

/**
 * POSTs a JSON body. Throws RefusedAddress for a host that is (or resolves to) a non-public address, an Error on
 * timeout or network failure; answers any HTTP status (3xx included: it is not followed).
 */
export function postJson(rawUrl: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    let u: URL;
    try {
      u = new URL(rawUrl);
    } catch {
      reject(new Error('invalid url'));
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      reject(new Error('invalid url'));
      return;
    }
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host)) {
      reject(new RefusedAddress(host));
      return;
    }
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'lending-console/1', ...headers },
      lookup: guardedLookup as unknown as typeof dns.lookup,
      signal: AbortSignal.timeout(timeoutMs),
      agent: false,
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
      res.on('error', reject);
    });
    req.on('error', (err) => reject((err as { cause?: unknown }).cause instanceof RefusedAddress ? (err as { cause: RefusedAddress }).cause : err));
    req.end(body);
  });
}

/** `X-Signature` of a conversion body: hex HMAC-SHA256 of the raw JSON text under the provider's secret. */
export function signBody(body: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time check of a received signature, as a provider does it (docs/channel.md shows the same in other languages). */
export function verifyBody(body: string, signature: string, secret: string): boolean {
  const sig = signature.replace(/^sha256=/, '');
  if (!/^[0-9a-f]{64}$/i.test(sig) || !secret) return false;
  return crypto.timingSafeEqual(Buffer.from(sig.toLowerCase(), 'hex'), Buffer.from(signBody(body, secret), 'hex'));
}
