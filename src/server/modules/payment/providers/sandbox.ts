import crypto from 'node:crypto';
import { sign, verifySign } from './sign';
import type { CallbackNotice, PaymentProvider, PayoutRequest, ProviderStatus } from './types';

/**
 * The built-in sandbox provider (DESIGN §1): behaves like a real gateway, on this machine. It accepts a payout at
 * once, decides its outcome (failure with probability `failureRate` percent), and after `latencyMs` calls our
 * webhook back with an HMAC-signed body; it can also be queried.
 *
 * It keeps no state: the reference it hands out carries the time it accepted the payout and a nonce, and the
 * outcome is an HMAC of the payment number and that nonce. So a query after a restart answers what the callback
 * said (or would have said), and with a `seed` the nonces, hence the outcomes, are the same on every run.
 */
export interface SandboxSettings {
  /** Channel code: the webhook path the callbacks go to. */
  code: string;
  /** Signs callbacks (the channel's sign_secret). */
  secret: string;
  latencyMs: number;
  /** Percent of payouts that fail (0–100). */
  failureRate: number;
  /** Same seed, same outcomes ('' = unpredictable). */
  seed: string;
}

export interface SandboxCallback {
  channelCode: string;
  body: Record<string, unknown>;
}

export interface SandboxHooks {
  now(): Date;
  /** Delivers a callback after `delayMs` (the runtime: a timer, or a queue tests flush). */
  schedule(cb: SandboxCallback, delayMs: number): void;
}

const REF_RE = /^SBX-([0-9a-z]{1,11})-([0-9a-f]{12})$/;
const FAILURES = ['Account name does not match the card', 'Card frozen by the bank', 'Bank rejected the transfer'];

export function createSandboxProvider(s: SandboxSettings, hooks: SandboxHooks): PaymentProvider {
  const outcomeKey = s.seed || s.secret;
  const mac = (text: string) => crypto.createHmac('sha256', outcomeKey).update(text).digest();

  const outcome = (paymentNo: string, nonce: string): { status: ProviderStatus; message: string } => {
    const h = mac(`outcome:${paymentNo}:${nonce}`);
    const fails = (h.readUInt32BE(0) / 0x1_0000_0000) * 100 < s.failureRate;
    return fails ? { status: 'failure', message: FAILURES[h[4] % FAILURES.length] } : { status: 'success', message: 'Paid' };
  };

  const callbackBody = (paymentNo: string, ref: string, req: Pick<PayoutRequest, 'amountMinor' | 'currency'>, o: { status: ProviderStatus; message: string }) => {
    const body: Record<string, unknown> = {
      payment_no: paymentNo, provider_ref: ref, status: o.status === 'success' ? 'SUCCESS' : 'FAILED',
      amount: req.amountMinor, currency: req.currency, message: o.message, timestamp: hooks.now().getTime(),
    };
    body.sign = sign(body, s.secret);
    return body;
  };

  return {
    kind: 'sandbox',
    callbackAnswer: null,
    async payout(req) {
      const request = { payment_no: req.paymentNo, amount: req.amountMinor, currency: req.currency, account_no: req.account.number, bank_code: req.account.bankCode };
      if (!req.account.number || req.amountMinor <= 0) {
        return { accepted: false, status: 'failure', providerRef: '', message: 'Invalid account or amount', request, response: { code: 'REJECTED' } };
      }
      const nonce = s.seed ? mac(`nonce:${req.paymentNo}`).toString('hex').slice(0, 12) : crypto.randomBytes(6).toString('hex');
      const ref = `SBX-${hooks.now().getTime().toString(36)}-${nonce}`;
      hooks.schedule({ channelCode: s.code, body: callbackBody(req.paymentNo, ref, req, outcome(req.paymentNo, nonce)) }, s.latencyMs);
      return { accepted: true, status: 'in_progress', providerRef: ref, message: 'Accepted', request, response: { code: 'ACCEPTED', provider_ref: ref } };
    },
    async query(paymentNo, providerRef) {
      const m = REF_RE.exec(providerRef);
      if (!m) return { found: false, status: 'in_progress', providerRef, message: 'Unknown payment', response: { code: 'NOT_FOUND' } };
      const acceptedAt = parseInt(m[1], 36);
      if (hooks.now().getTime() < acceptedAt + s.latencyMs) {
        return { found: true, status: 'in_progress', providerRef, message: 'Processing', response: { code: 'PROCESSING' } };
      }
      const o = outcome(paymentNo, m[2]);
      return { found: true, status: o.status, providerRef, message: o.message, response: { code: o.status === 'success' ? 'SUCCESS' : 'FAILED', message: o.message } };
    },
    verifyCallback(body): CallbackNotice | null {
      if (!verifySign(body, s.secret)) return null;
      const status = body.status === 'SUCCESS' ? 'success' : body.status === 'FAILED' ? 'failure' : null;
      if (!status || typeof body.payment_no !== 'string' || typeof body.provider_ref !== 'string') return null;
      return {
        paymentNo: body.payment_no, providerRef: body.provider_ref, status, message: String(body.message ?? ''),
        amountMinor: typeof body.amount === 'number' ? body.amount : null,
      };
    },
    async test() {
      return { ok: true, message: `sandbox: latency ${s.latencyMs} ms, failure rate ${s.failureRate} %`, latencyMs: 0 };
    },
  };
}
