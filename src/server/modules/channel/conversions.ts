import crypto from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { ConversionEvent, ConversionKind } from '../../../schemas/channel';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { withJobLock } from '../../jobs/lock';
import type { JobDef } from '../../jobs/scheduler';
import { openSecret } from '../intake/secrets';
import { channel } from '../merchant/channel.table';
import { channelConversion, channelDeliveryAttempt, channelProvider } from './channelAdmin.table';
import { postJson, RefusedAddress, signBody, verifyBody, type PostResult } from './outbound';

/**
 * Conversion events for tracking providers (docs/channel.md "Providers"): `emitConversion` writes one outbox row per
 * provider that wants the event, inside the transaction of what happened, so an event exists exactly when its cause
 * does; the `channel.deliver` job sends them — signed, with a timeout — retrying with exponential backoff until the
 * provider's attempt limit, and logs every attempt.
 */

export const DELIVER_JOB = 'channel.deliver';
/** First retry after 30 s, then doubling, at most an hour apart. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 3_600_000;
export const backoffMs = (attempt: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));

export interface ConversionInput {
  merchantId: number;
  channelId: number | null | undefined;
  kind: ConversionKind;
  customerId: number;
  orderId?: number | null;
  at: Date;
}

/**
 * Queues an event for every enabled provider of the merchant that takes this kind of event from this channel.
 * An event is queued once per provider (the same registration emitted twice is one event). No channel: nothing.
 */
export async function emitConversion(tx: DbOrTx, e: ConversionInput): Promise<number> {
  if (e.channelId == null) return 0;
  const providers = await tx.select({ id: channelProvider.id }).from(channelProvider).where(and(
    eq(channelProvider.merchantId, e.merchantId), eq(channelProvider.enabled, true),
    sql`${e.kind} = any(${channelProvider.events})`,
    sql`(cardinality(${channelProvider.channelIds}) = 0 or ${e.channelId} = any(${channelProvider.channelIds}))`,
  ));
  if (!providers.length) return 0;
  const [c] = await tx.select({ code: channel.code }).from(channel).where(eq(channel.id, e.channelId));
  const eventKey = `${e.kind}:${e.customerId}:${e.orderId ?? 0}`;
  const rows = providers.map((p) => {
    const payload: ConversionEvent = {
      event_id: `cv_${crypto.createHash('sha256').update(`${p.id}:${eventKey}`).digest('hex').slice(0, 24)}`,
      kind: e.kind, merchant_id: e.merchantId, channel_id: e.channelId!, channel_code: c?.code ?? '', customer_id: e.customerId,
      order_id: e.orderId ?? null, at: e.at.toISOString(),
    };
    return {
      providerId: p.id, merchantId: e.merchantId, channelId: e.channelId!, kind: e.kind, eventKey, customerId: e.customerId,
      orderId: e.orderId ?? null, occurredAt: e.at, payload, nextAttemptAt: e.at, createdAt: e.at,
    };
  });
  const inserted = await tx.insert(channelConversion).values(rows).onConflictDoNothing().returning({ id: channelConversion.id });
  return inserted.length;
}

// ------------------------------------------------------------------------------------------------ delivery

type Provider = typeof channelProvider.$inferSelect;
type Conversion = typeof channelConversion.$inferSelect;

export interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}
/** How an HTTP provider is reached; tests put a recorder here. */
export type Transport = (d: Delivery) => Promise<PostResult>;
export const httpTransport: Transport = (d) => postJson(d.url, d.body, d.headers, d.timeoutMs);

/**
 * The sandbox provider: it checks the signature as a real receiver would (a bad one is answered 401), and refuses
 * a share of deliveries (`failure_rate`, deterministic per event and attempt) with 503 so that retries can be watched.
 */
export function sandboxReceive(d: Delivery, secret: string, failureRate: number, attempt: number): PostResult {
  if (!verifyBody(d.body, d.headers['x-signature'] ?? '', secret)) return { status: 401, body: '{"error":"bad signature"}' };
  const { event_id: eventId } = JSON.parse(d.body) as ConversionEvent;
  const roll = crypto.createHash('sha256').update(`${eventId}:${attempt}`).digest()[0] % 100;
  if (roll < failureRate) return { status: 503, body: '{"error":"sandbox: try later"}' };
  return { status: 200, body: `{"ok":true,"received":"${eventId}"}` };
}

/** What delivery needs of the server's dependencies (the demo seed runs it without a server). */
export type DeliverDeps = Pick<Deps, 'db' | 'now'>;

export interface DeliverRun {
  ran: boolean;
  attempted: number;
  delivered: number;
  failed: number;
}

async function attemptOne(deps: DeliverDeps, p: Provider, secret: string | null, cv: Conversion, transport: Transport): Promise<'delivered' | 'retry' | 'failed'> {
  const attempt = cv.attempts + 1;
  const body = JSON.stringify({ ...(cv.payload as object), attempt, sent_at: deps.now().toISOString() });
  const started = Date.now();
  let status: 'ok' | 'error' | 'refused' = 'error';
  let code: number | null = null;
  let error = '';
  if (!secret) {
    error = 'provider secret cannot be opened';
  } else {
    const d: Delivery = {
      url: p.url, body, timeoutMs: p.timeoutMs,
      headers: { 'x-signature': `sha256=${signBody(body, secret)}`, 'x-event-id': String((cv.payload as ConversionEvent).event_id), 'x-event-kind': cv.kind },
    };
    try {
      const res = p.kind === 'sandbox' ? sandboxReceive(d, secret, p.failureRate, attempt) : await transport(d);
      code = res.status;
      if (res.status >= 200 && res.status < 300) status = 'ok';
      else error = `HTTP ${res.status}`;
    } catch (err) {
      if (err instanceof RefusedAddress) {
        status = 'refused';
        error = `address not allowed (${err.address})`;
      } else {
        error = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError' ? 'timeout' : String((err as Error).message ?? err);
      }
    }
  }
  const now = deps.now();
  // A refused address does not become allowed by waiting: no retry until staff change the URL and retry.
  const outcome = status === 'ok' ? 'delivered' : status === 'refused' || attempt >= p.maxAttempts ? 'failed' : 'retry';
  await deps.db.transaction(async (tx) => {
    await tx.insert(channelDeliveryAttempt).values({
      conversionId: cv.id, providerId: p.id, attempt, status, responseCode: code, error: error.slice(0, 300), durationMs: Date.now() - started, at: now,
    });
    await tx.update(channelConversion).set({
      attempts: attempt, lastCode: code,
      status: outcome === 'retry' ? 'pending' : outcome,
      deliveredAt: outcome === 'delivered' ? now : null,
      nextAttemptAt: outcome === 'retry' ? new Date(now.getTime() + backoffMs(attempt)) : now,
    }).where(and(eq(channelConversion.id, cv.id), eq(channelConversion.attempts, cv.attempts)));
  });
  return outcome;
}

/** One run of the delivery job: the due events, oldest first. Providers that are disabled keep their events pending. */
export async function deliverDue(deps: DeliverDeps, opts: { limit?: number; transport?: Transport } = {}): Promise<DeliverRun> {
  const out: DeliverRun = { ran: false, attempted: 0, delivered: 0, failed: 0 };
  const transport = opts.transport ?? httpTransport;
  out.ran = await withJobLock(deps.db, DELIVER_JOB, async () => {
    const due = await deps.db.select({ cv: channelConversion, p: channelProvider }).from(channelConversion)
      .innerJoin(channelProvider, eq(channelProvider.id, channelConversion.providerId))
      .where(and(eq(channelConversion.status, 'pending'), lte(channelConversion.nextAttemptAt, deps.now()), eq(channelProvider.enabled, true)))
      .orderBy(asc(channelConversion.nextAttemptAt), asc(channelConversion.id)).limit(opts.limit ?? 200);
    const secrets = new Map<number, string | null>();
    for (const { cv, p } of due) {
      if (!secrets.has(p.id)) secrets.set(p.id, await openSecret(deps.db, p.secretSealed));
      out.attempted++;
      const r = await attemptOne(deps, p, secrets.get(p.id)!, cv, transport);
      if (r === 'delivered') out.delivered++;
      if (r === 'failed') out.failed++;
    }
  });
  return out;
}

/** The delivery job for the scheduler (src/server/jobs). */
export const channelDeliverJob: JobDef = { name: DELIVER_JOB, everyMs: 15_000, run: (deps) => deliverDue(deps) };
