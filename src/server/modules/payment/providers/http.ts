import { CODE } from '../../../../schemas/common';
import { HTTP_FIELDS } from '../../../../schemas/payment';
import { AppError } from '../../../errors';
import { sign, verifySign } from './sign';
import type { CallbackNotice, PayInNotice, PaymentProvider, ProviderStatus } from './types';

type Field = (typeof HTTP_FIELDS)[number];

/**
 * The generic HTTP adapter, configured on /system/bankChannel: JSON over HTTPS to `<url>/payout` and
 * `<url>/query`, signed like the sandbox (sorted `k=v&…`, HMAC-SHA256 hex, field `sign`), with the API key in the
 * `x-api-key` header. Gateways that name fields differently get a rename (`field_map`: our name → theirs) and
 * their status words (`success_values`, `failure_values`; anything else means still processing).
 *
 * An HTTP 4xx answer to a payout is a refusal (the payout failed); a 5xx, a timeout or a network error leaves the
 * outcome unknown, so the payout stays in progress and the re-check finds out.
 *
 * Money in (links, QR codes, card deductions, virtual accounts) is not configured on this adapter: `collect` refuses
 * with 40900 `repayment.collectUnsupported` and offers no methods. It still verifies pay-in callbacks signed the same
 * way (`payment_no` or `va_number`, `provider_ref`, `amount`, `status`), so a gateway that pushes money notices for
 * virtual accounts issued elsewhere can be wired to /loanapi/repayment/notify/<code>.
 */
export interface HttpSettings {
  url: string;
  merchantNo: string;
  apiKey: string;
  secret: string;
  /** Our webhook as the gateway reaches it (notify_url). */
  callbackUrl: string;
  fieldMap: Partial<Record<Field, string>>;
  successValues: string[];
  failureValues: string[];
  timeoutMs: number;
  callbackAnswer?: string;
  fetchImpl?: typeof fetch;
}

export function createHttpProvider(s: HttpSettings): PaymentProvider {
  const name = (f: Field) => s.fieldMap[f] || f;
  const doFetch = s.fetchImpl ?? fetch;
  const base = s.url.replace(/\/+$/, '');

  const statusOf = (word: unknown): ProviderStatus => {
    const w = String(word ?? '').toUpperCase();
    if (s.successValues.some((v) => v.toUpperCase() === w)) return 'success';
    if (s.failureValues.some((v) => v.toUpperCase() === w)) return 'failure';
    return 'in_progress';
  };

  const signed = (fields: Partial<Record<Field, unknown>>): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') body[name(k as Field)] = v;
    body[name('sign')] = sign(body, s.secret, name('sign'));
    return body;
  };

  const post = async (path: string, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> => {
    const res = await doFetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(s.apiKey ? { 'x-api-key': s.apiKey } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(s.timeoutMs),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      const parsed = text ? JSON.parse(text) : {};
      json = parsed && typeof parsed === 'object' ? parsed : { body: parsed };
    } catch {
      json = { body: text.slice(0, 500) };
    }
    return { status: res.status, json };
  };

  const redacted = (body: Record<string, unknown>) => ({ ...body, [name('sign')]: '***' });

  return {
    kind: 'http',
    callbackAnswer: s.callbackAnswer ?? 'success',
    payInMethods: [],
    async collect() {
      throw new AppError(CODE.CONFLICT, 'repayment.collectUnsupported');
    },
    async queryCollect(_paymentNo, providerRef) {
      return { found: false, status: 'in_progress', amountMinor: null, providerRef, message: 'pay-in not configured', response: null };
    },
    verifyPayIn(body): PayInNotice | null {
      if (!verifySign(body, s.secret, name('sign'))) return null;
      const paymentNo = body[name('payment_no')];
      const vaNumber = body.va_number;
      const ref = body[name('provider_ref')];
      const status = statusOf(body[name('status')]);
      if (status === 'in_progress' || typeof ref !== 'string' || !ref) return null;
      if (!(typeof paymentNo === 'string' && paymentNo) && !(typeof vaNumber === 'string' && vaNumber)) return null;
      const amount = Number(body[name('amount')]);
      const amountMinor = Number.isSafeInteger(amount) && amount > 0 ? amount : null;
      if (status === 'success' && amountMinor === null) return null;
      const ts = Number(body.timestamp);
      return {
        paymentNo: typeof paymentNo === 'string' ? paymentNo : '', vaNumber: typeof vaNumber === 'string' ? vaNumber : '', providerRef: ref, status,
        amountMinor, message: String(body[name('message')] ?? ''), timestamp: Number.isFinite(ts) ? ts : null,
      };
    },
    async payout(req) {
      const body = signed({
        merchant_no: s.merchantNo, payment_no: req.paymentNo, amount: req.amountMinor, currency: req.currency,
        account_no: req.account.number, account_name: req.account.holder, bank_code: req.account.bankCode, notify_url: s.callbackUrl,
      });
      const res = await post('/payout', body);
      if (res.status >= 500) throw new Error(`payout: HTTP ${res.status}`);
      const ref = String(res.json[name('provider_ref')] ?? '');
      const message = String(res.json[name('message')] ?? '');
      if (res.status >= 400) return { accepted: false, status: 'failure', providerRef: ref, message: message || `HTTP ${res.status}`, request: redacted(body), response: res.json };
      const status = statusOf(res.json[name('status')]);
      return { accepted: status !== 'failure', status, providerRef: ref, message, request: redacted(body), response: res.json };
    },
    async query(paymentNo, providerRef) {
      const res = await post('/query', signed({ merchant_no: s.merchantNo, payment_no: paymentNo, provider_ref: providerRef }));
      if (res.status === 404) return { found: false, status: 'in_progress', providerRef, message: 'not found', response: res.json };
      if (res.status >= 400) throw new Error(`query: HTTP ${res.status}`);
      return {
        found: true, status: statusOf(res.json[name('status')]), providerRef: String(res.json[name('provider_ref')] ?? providerRef),
        message: String(res.json[name('message')] ?? ''), response: res.json,
      };
    },
    verifyCallback(body): CallbackNotice | null {
      if (!verifySign(body, s.secret, name('sign'))) return null;
      const paymentNo = body[name('payment_no')];
      if (typeof paymentNo !== 'string' || !paymentNo) return null;
      const status = statusOf(body[name('status')]);
      if (status === 'in_progress') return null;
      const amount = Number(body[name('amount')]);
      return {
        paymentNo, providerRef: String(body[name('provider_ref')] ?? ''), status, message: String(body[name('message')] ?? ''),
        amountMinor: Number.isSafeInteger(amount) ? amount : null,
      };
    },
    async test() {
      const started = Date.now();
      try {
        const res = await post('/query', signed({ merchant_no: s.merchantNo, payment_no: 'CONNECTION-TEST' }));
        const ok = res.status < 500;
        return { ok, message: `HTTP ${res.status}`, latencyMs: Date.now() - started };
      } catch (err) {
        return { ok: false, message: String((err as Error).message).slice(0, 180), latencyMs: Date.now() - started };
      }
    },
  };
}
