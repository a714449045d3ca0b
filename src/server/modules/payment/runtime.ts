import type { FastifyInstance } from 'fastify';
import type { ChannelConfig } from '../../../schemas/payment';
import { REPAYMENT_API } from '../../../schemas/repayment';
import type { Deps } from '../../deps';
import { createHttpProvider } from './providers/http';
import { createSandboxProvider, type SandboxCallback } from './providers/sandbox';
import type { PaymentProvider } from './providers/types';
import type { paymentChannel } from './payment.table';

type ChannelRow = typeof paymentChannel.$inferSelect;

/** The webhook a channel's callbacks arrive at. */
export const notifyPath = (channelCode: string) => `/loanapi/payment/notify/${encodeURIComponent(channelCode)}`;
/** The webhook a channel's pay-in callbacks (money coming in) arrive at. */
export const payInNotifyPath = (channelCode: string) => `${REPAYMENT_API.notify}/${encodeURIComponent(channelCode)}`;

export interface DeliveryResult {
  status: number;
  body: unknown;
}

/**
 * What the payment area keeps per running server (one per `deps`): the providers built from channel rows, and how
 * sandbox callbacks reach the webhook. They go through the server itself (`app.inject`), so a callback takes the
 * same public route, signature check and idempotency as one from outside, with no network; tests switch
 * `delivery` to 'manual' to hold them in `pending`, then `flush()` (or replay, or forge) them when they choose.
 */
export interface PaymentRuntime {
  delivery: 'timer' | 'manual';
  pending: SandboxCallback[];
  /** Sends one callback to the webhook. */
  deliver(cb: SandboxCallback): Promise<DeliveryResult>;
  /** Delivers the held callbacks in order and returns what the webhook answered. */
  flush(): Promise<DeliveryResult[]>;
  provider(channel: ChannelRow): PaymentProvider;
  /** The HTTP adapter's fetch (tests point it at a local server). */
  fetchImpl: typeof fetch;
  close(): void;
}

const runtimes = new WeakMap<Deps, PaymentRuntime>();

export function paymentRuntime(deps: Deps): PaymentRuntime {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = createRuntime(deps);
    runtimes.set(deps, rt);
  }
  return rt;
}

/** Called by the routes: callbacks are injected into this server; timers stop when it closes. */
export function attachApp(deps: Deps, app: FastifyInstance): void {
  const rt = paymentRuntime(deps) as PaymentRuntime & { inject?: FastifyInstance['inject'] };
  rt.inject = app.inject.bind(app);
  app.addHook('onClose', async () => rt.close());
}

export function channelConfig(row: Pick<ChannelRow, 'config'>): ChannelConfig {
  const c = (row.config ?? {}) as Partial<ChannelConfig>;
  return {
    latency_ms: c.latency_ms ?? 2000, failure_rate: c.failure_rate ?? 10, seed: c.seed ?? '', url: c.url ?? '', merchant_no: c.merchant_no ?? '',
    callback_url: c.callback_url ?? '', field_map: c.field_map ?? {}, success_values: c.success_values ?? 'SUCCESS',
    failure_values: c.failure_values ?? 'FAIL,FAILED', timeout_ms: c.timeout_ms ?? 15_000,
  };
}

const words = (s: string) => s.split(',').map((w) => w.trim()).filter(Boolean);

function createRuntime(deps: Deps): PaymentRuntime {
  const cache = new Map<number, { stamp: string; provider: PaymentProvider }>();
  const timers = new Set<NodeJS.Timeout>();
  const rt: PaymentRuntime & { inject?: FastifyInstance['inject'] } = {
    delivery: 'timer',
    pending: [],
    fetchImpl: (...args) => fetch(...args),
    async deliver(cb) {
      if (!rt.inject) return { status: 0, body: 'no server to deliver to' };
      const url = cb.target === 'payin' ? payInNotifyPath(cb.channelCode) : notifyPath(cb.channelCode);
      const res = await rt.inject({ method: 'POST', url, payload: cb.body });
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch { /* a plain-text answer */ }
      return { status: res.statusCode, body };
    },
    async flush() {
      const out: DeliveryResult[] = [];
      while (rt.pending.length) out.push(await rt.deliver(rt.pending.shift()!));
      return out;
    },
    provider(ch) {
      const stamp = `${ch.updatedAt.getTime()}:${ch.provider}`;
      const hit = cache.get(ch.id);
      if (hit && hit.stamp === stamp) return hit.provider;
      const cfg = channelConfig(ch);
      const provider = ch.provider === 'http'
        ? createHttpProvider({
          url: cfg.url, merchantNo: cfg.merchant_no, apiKey: ch.apiKey, secret: ch.signSecret, callbackUrl: cfg.callback_url,
          fieldMap: cfg.field_map, successValues: words(cfg.success_values), failureValues: words(cfg.failure_values),
          timeoutMs: cfg.timeout_ms, fetchImpl: (...args) => rt.fetchImpl(...args),
        })
        : createSandboxProvider(
          { code: ch.code, secret: ch.signSecret, latencyMs: cfg.latency_ms, failureRate: cfg.failure_rate, seed: cfg.seed },
          {
            now: deps.now,
            schedule: (cb, delayMs) => {
              if (rt.delivery === 'manual') {
                rt.pending.push(cb);
                return;
              }
              const timer = setTimeout(() => {
                timers.delete(timer);
                rt.deliver(cb).catch(() => undefined); // a lost callback is found by the re-check job
              }, delayMs);
              timer.unref();
              timers.add(timer);
            },
          },
        );
      cache.set(ch.id, { stamp, provider });
      return provider;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      rt.inject = undefined;
    },
  };
  return rt;
}
