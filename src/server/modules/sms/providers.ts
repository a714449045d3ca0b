import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { smsCallbackPath, type SmsParams, type SmsProviderKind } from '../../../schemas/sms';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { smsSandboxInbox } from './sms.table';

/**
 * SMS gateways behind one interface (docs/sms.md "Providers"). A gateway takes a batch of messages, each named by our
 * message id (a gateway sees a repeat of an id as the same message, which is what makes a resend after a crash safe),
 * and answers per message: accepted with its reference, or refused (the sender then fails over to the next
 * configuration). Delivery reports come back later on the signed callback route.
 */

export interface OutMessage {
  /** Our message id: the gateway's idempotency key and the `ref` of its delivery report. */
  id: number;
  /** The number as the gateway dials it (the configuration's prefix applied). */
  to: string;
  content: string;
}

export interface SendOutcome {
  id: number;
  accepted: boolean;
  providerRef?: string;
  error?: string;
}

export interface ProviderConfig {
  id: number;
  provider: SmsProviderKind;
  params: SmsParams;
  /** The opened secret (signs callbacks; sent to an HTTP gateway as `secret_field`). */
  secret: string | null;
}

export interface SmsProvider {
  send(db: DbOrTx, cfg: ProviderConfig, msgs: OutMessage[]): Promise<SendOutcome[]>;
}

/** A delivery report as the callback route takes it: `{reports: [{ref, status, provider_ref?, error?}]}`. */
export interface DeliveryReport {
  ref: string;
  status: 'delivered' | 'failed';
  provider_ref?: string;
  error?: string;
}

/** HMAC-SHA256 (hex) of the callback's JSON body under the configuration's secret: the `x-sms-signature` header. */
export function signReport(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

export function verifyReport(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const want = Buffer.from(signReport(secret, body), 'hex');
  return crypto.timingSafeEqual(want, Buffer.from(signature, 'hex'));
}

// ------------------------------------------------------------------------------------------------ runtime

interface PendingCallback { configId: number; body: string; signature: string }

/**
 * Where sandbox delivery reports go: through the server itself (`app.inject`) after the gateway's latency, like the
 * payment sandbox. Tests set `delivery` to 'manual' to hold them, then `flush()` (or forge) them.
 */
export interface SmsRuntime {
  delivery: 'timer' | 'manual';
  pending: PendingCallback[];
  inject?: FastifyInstance['inject'];
  schedule(cb: PendingCallback, delayMs: number): void;
  flush(): Promise<number[]>;
  close(): void;
}

const runtimes = new WeakMap<object, SmsRuntime>();

export function smsRuntime(db: object): SmsRuntime {
  let rt = runtimes.get(db);
  if (rt) return rt;
  const timers = new Set<NodeJS.Timeout>();
  const deliver = async (cb: PendingCallback): Promise<number> => {
    if (!rt!.inject) return 0;
    const res = await rt!.inject({
      method: 'POST', url: smsCallbackPath(cb.configId), payload: cb.body,
      headers: { 'content-type': 'application/json', 'x-sms-signature': cb.signature },
    });
    return res.statusCode;
  };
  rt = {
    delivery: 'timer',
    pending: [],
    schedule(cb, delayMs) {
      if (rt!.delivery === 'manual') {
        rt!.pending.push(cb);
        return;
      }
      const t = setTimeout(() => {
        timers.delete(t);
        deliver(cb).catch(() => undefined);
      }, delayMs);
      t.unref();
      timers.add(t);
    },
    async flush() {
      const out: number[] = [];
      while (rt!.pending.length) out.push(await deliver(rt!.pending.shift()!));
      return out;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      rt!.inject = undefined;
    },
  };
  runtimes.set(db, rt);
  return rt;
}

// ------------------------------------------------------------------------------------------------ sandbox

/** A number in [0, 1) fixed by the configuration, the message and what is drawn. */
function draw(cfgId: number, msgId: number, what: string): number {
  return crypto.createHash('sha256').update(`${cfgId}:${msgId}:${what}`).digest().readUInt32BE(0) / 2 ** 32;
}

function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The built-in sandbox gateway: waits its latency, refuses `reject_rate` of the messages at once, accepts the rest into
 * its inbox (once per message id) and reports each accepted message delivered, or failed for `failure_rate` of them,
 * by a signed callback after the latency. Outcomes are drawn from the message id, so a resend gets the same answer.
 */
export const sandboxProvider: SmsProvider = {
  async send(db, cfg, msgs) {
    const p = cfg.params;
    if (p.latency_ms) await sleep(p.latency_ms);
    const out: SendOutcome[] = [];
    const take: { m: OutMessage; ref: string; outcome: string }[] = [];
    for (const m of msgs) {
      if (draw(cfg.id, m.id, 'reject') < (p.reject_rate ?? 0)) out.push({ id: m.id, accepted: false, error: 'sandbox: refused' });
      else take.push({ m, ref: `SBX${cfg.id}-${m.id}`, outcome: draw(cfg.id, m.id, 'fail') < (p.failure_rate ?? 0) ? 'failed' : 'delivered' });
    }
    if (take.length) {
      const res = await db.execute(sql`insert into ${smsSandboxInbox} (message_id, config_id, phone, content, provider_ref, outcome)
        select * from unnest(${pgTextArray(take.map((t) => String(t.m.id)))}::bigint[], ${pgTextArray(take.map(() => String(cfg.id)))}::int[],
          ${pgTextArray(take.map((t) => t.m.to))}::text[], ${pgTextArray(take.map((t) => t.m.content))}::text[],
          ${pgTextArray(take.map((t) => t.ref))}::text[], ${pgTextArray(take.map((t) => t.outcome))}::text[])
        on conflict (message_id) do update set repeats = ${smsSandboxInbox}.repeats + 1
        returning message_id::text as id, provider_ref, outcome, repeats`);
      const rows = rowsOf<{ id: string; provider_ref: string; outcome: 'delivered' | 'failed'; repeats: number }>(res);
      const reports: DeliveryReport[] = [];
      for (const r of rows) {
        out.push({ id: Number(r.id), accepted: true, providerRef: r.provider_ref });
        reports.push({ ref: r.id, status: r.outcome, provider_ref: r.provider_ref, ...(r.outcome === 'failed' ? { error: 'sandbox: undeliverable' } : {}) });
      }
      if (reports.length && cfg.secret) {
        const body = JSON.stringify({ reports });
        smsRuntime(db).schedule({ configId: cfg.id, body, signature: signReport(cfg.secret, body) }, Math.max(p.latency_ms ?? 0, 1));
      }
    }
    return out;
  },
};

// ------------------------------------------------------------------------------------------------ http

/** A value at a dotted path of a JSON answer (`data.code`). */
function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/**
 * A generic HTTP gateway configured on the screen: one request per message to `url` (GET with a query string or POST
 * with JSON), the number, text and our reference under the configured field names, constant `extra` fields and the
 * secret under `secret_field`. Accepted when the answer is 2xx and, if `ok_path` is set, the value there equals
 * `ok_value`; the gateway's reference is read at `ref_path`. Its delivery reports go to /loanapi/sms/callback/<id>
 * signed like the sandbox's.
 */
export const httpProvider: SmsProvider = {
  async send(_db, cfg, msgs) {
    const p = cfg.params;
    const out: SendOutcome[] = [];
    for (const m of msgs) {
      if (!p.url) {
        out.push({ id: m.id, accepted: false, error: 'http: no url' });
        continue;
      }
      const fields: Record<string, string> = { ...(p.extra ?? {}) };
      fields[p.phone_field || 'phone'] = m.to;
      fields[p.content_field || 'content'] = m.content;
      fields[p.ref_field || 'ref'] = String(m.id);
      if (p.secret_field && cfg.secret) fields[p.secret_field] = cfg.secret;
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), p.timeout_ms ?? 10_000);
      try {
        const method = p.method ?? 'POST';
        const url = method === 'GET' ? `${p.url}${p.url.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}` : p.url;
        const res = await fetch(url, {
          method, signal: ctl.signal,
          ...(method === 'POST' ? { body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } } : {}),
        });
        const textBody = await res.text();
        let json: unknown = null;
        try { json = JSON.parse(textBody); } catch { json = null; }
        const ok = res.ok && (!p.ok_path || String(at(json, p.ok_path)) === (p.ok_value ?? ''));
        const ref = p.ref_path ? at(json, p.ref_path) : undefined;
        out.push(ok
          ? { id: m.id, accepted: true, providerRef: ref === undefined || ref === null ? undefined : String(ref).slice(0, 80) }
          : { id: m.id, accepted: false, error: `http ${res.status}: ${textBody.slice(0, 120)}` });
      } catch (err) {
        out.push({ id: m.id, accepted: false, error: `http: ${(err as Error).name === 'AbortError' ? 'timeout' : (err as Error).message}`.slice(0, 200) });
      } finally {
        clearTimeout(timer);
      }
    }
    return out;
  },
};

const PROVIDERS: Record<SmsProviderKind, SmsProvider> = { sandbox: sandboxProvider, http: httpProvider };

export function providerOf(kind: SmsProviderKind): SmsProvider {
  return PROVIDERS[kind];
}

export { pgTextArray };
