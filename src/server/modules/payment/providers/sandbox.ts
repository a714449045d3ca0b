import crypto from 'node:crypto';
import { REPAYMENT_CARD_API } from '../../../../schemas/repaymentCard';
import { sign, verifySign } from './sign';
import type { CallbackNotice, CollectMethod, PayInNotice, PaymentProvider, PayoutRequest, ProviderStatus } from './types';

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
  /** Which webhook: payouts (default) or money in (/loanapi/repayment/notify/<code>). */
  target?: 'payout' | 'payin';
}

/** A pay-in the sandbox is told happened (the checkout page's buttons, a VA transfer of the demo or a test). */
export interface SandboxPayIn {
  /** Our payment (a pending repayment's serial number) … */
  paymentNo?: string;
  /** … or a virtual account the money was sent to. */
  vaNumber?: string;
  /** The reference of the payment (a link's); default a new one. */
  providerRef?: string;
  amountMinor: number;
  currency: string;
  success: boolean;
  message?: string;
  /** Default the channel's latency. */
  delayMs?: number;
}

/** What a checkout link carries (signed, so that the page cannot be pointed at another payment). */
export interface CheckoutTicket {
  channelCode: string;
  paymentNo: string;
  amountMinor: number;
  currency: string;
  /** System time (ms) after which the page refuses to pay. */
  expiresAt: number;
}

/** The sandbox, with what only a simulated gateway can do. */
export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Signs and schedules a pay-in callback (delivered like every sandbox callback: timer or held for tests). */
  simulatePayIn(p: SandboxPayIn): SandboxCallback;
  /** The checkout ticket of a link when its signature holds, else null. */
  readCheckout(ref: string, data: string, sig: string): CheckoutTicket | null;
}

export const isSandboxProvider = (p: PaymentProvider): p is SandboxProvider => p.kind === 'sandbox';

export interface SandboxHooks {
  now(): Date;
  /** Delivers a callback after `delayMs` (the runtime: a timer, or a queue tests flush). */
  schedule(cb: SandboxCallback, delayMs: number): void;
}

const REF_RE = /^SBX-([0-9a-z]{1,11})-([0-9a-f]{12})$/;
/** Pay-in references: L link, Q qr (paid by the customer on the checkout page), C card deduction (amount in base 36), A virtual account, V a VA transfer. */
const PAYIN_REF_RE = /^SB([LQCAV])-([0-9a-z]{1,11})-(?:([0-9a-z]{1,11})-)?([0-9a-f]{12})$/;
const CARD_FAILURES = ['Insufficient funds on the card', 'Card expired', 'Deduction declined by the bank'];
/** Links are valid this long on the sandbox's own clock. */
const LINK_TTL_MS = 24 * 3600_000;
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const FAILURES = ['Account name does not match the card', 'Card frozen by the bank', 'Bank rejected the transfer'];

export function createSandboxProvider(s: SandboxSettings, hooks: SandboxHooks): SandboxProvider {
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

  const newNonce = (scope: string, paymentNo: string) =>
    s.seed ? mac(`${scope}:${paymentNo}`).toString('hex').slice(0, 12) : crypto.randomBytes(6).toString('hex');
  const ticketSig = (ref: string, data: string) => crypto.createHmac('sha256', s.secret).update(`checkout:${ref}:${data}`).digest('hex').slice(0, 32);
  const cardOutcome = (paymentNo: string, nonce: string): { status: ProviderStatus; message: string } => {
    const h = mac(`card:${paymentNo}:${nonce}`);
    const fails = (h.readUInt32BE(0) / 0x1_0000_0000) * 100 < s.failureRate;
    return fails ? { status: 'failure', message: CARD_FAILURES[h[4] % CARD_FAILURES.length] } : { status: 'success', message: 'Deducted' };
  };
  const payInBody = (p: SandboxPayIn, ref: string): Record<string, unknown> => {
    const body: Record<string, unknown> = {
      type: 'payin', payment_no: p.paymentNo || undefined, va_number: p.vaNumber || undefined, provider_ref: ref,
      status: p.success ? 'SUCCESS' : 'FAILED', amount: p.amountMinor, currency: p.currency,
      message: p.message ?? (p.success ? 'Paid' : 'Payment failed'), timestamp: hooks.now().getTime(),
    };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    body.sign = sign(body, s.secret);
    return body;
  };
  const PAYIN: readonly CollectMethod[] = ['link', 'qr', 'card', 'va'];

  return {
    kind: 'sandbox',
    callbackAnswer: null,
    payInMethods: PAYIN,
    async collect(req) {
      const request = { payment_no: req.paymentNo, method: req.method, amount: req.amountMinor, currency: req.currency };
      const empty = { url: '', qrPayload: '', vaNumber: '', bankName: '' };
      const t36 = hooks.now().getTime().toString(36);
      const nonce = newNonce(`payin-${req.method}`, req.paymentNo);
      if (req.method === 'va') {
        // Deterministic-looking digits: 9 + 15 digits of an HMAC of our reference.
        const digits = (mac(`va:${req.paymentNo}:${nonce}`).readBigUInt64BE(0) % 1_000_000_000_000_000n).toString().padStart(15, '0');
        const ref = `SBA-${t36}-${nonce}`;
        return { ...empty, accepted: true, providerRef: ref, vaNumber: `9${digits}`, bankName: 'Sandbox Bank', message: 'Virtual account opened', request, response: { code: 'OPENED', provider_ref: ref } };
      }
      if (req.amountMinor <= 0 || !Number.isSafeInteger(req.amountMinor)) {
        return { ...empty, accepted: false, providerRef: '', message: 'Invalid amount', request, response: { code: 'REJECTED' } };
      }
      if (req.method === 'card') {
        if (!req.card?.number) return { ...empty, accepted: false, providerRef: '', message: 'No card to deduct from', request, response: { code: 'REJECTED' } };
        const ref = `SBC-${t36}-${req.amountMinor.toString(36)}-${nonce}`;
        const o = cardOutcome(req.paymentNo, nonce);
        hooks.schedule({
          channelCode: s.code, target: 'payin',
          body: payInBody({ paymentNo: req.paymentNo, amountMinor: req.amountMinor, currency: req.currency, success: o.status === 'success', message: o.message }, ref),
        }, s.latencyMs);
        return { ...empty, accepted: true, providerRef: ref, message: 'Deduction accepted', request: { ...request, card: `****${req.card.number.slice(-4)}` }, response: { code: 'ACCEPTED', provider_ref: ref } };
      }
      const ref = `SB${req.method === 'qr' ? 'Q' : 'L'}-${t36}-${nonce}`;
      const ticket = JSON.stringify({ c: s.code, p: req.paymentNo, a: req.amountMinor, cu: req.currency, e: hooks.now().getTime() + LINK_TTL_MS });
      const data = b64url(ticket);
      const url = `${REPAYMENT_CARD_API.sandboxCheckout}/${ref}?d=${data}&s=${ticketSig(ref, data)}`;
      return { ...empty, accepted: true, providerRef: ref, url, qrPayload: url, message: 'Link created', request, response: { code: 'CREATED', provider_ref: ref, url } };
    },
    async queryCollect(paymentNo, providerRef) {
      const m = PAYIN_REF_RE.exec(providerRef);
      if (!m) return { found: false, status: 'in_progress', amountMinor: null, providerRef, message: 'Unknown payment', response: { code: 'NOT_FOUND' } };
      const [, kind, t36, amt36, nonce] = m;
      if (kind === 'C' && amt36) {
        if (hooks.now().getTime() < parseInt(t36, 36) + s.latencyMs) {
          return { found: true, status: 'in_progress', amountMinor: null, providerRef, message: 'Processing', response: { code: 'PROCESSING' } };
        }
        const o = cardOutcome(paymentNo, nonce);
        const amount = parseInt(amt36, 36);
        return {
          found: true, status: o.status, amountMinor: o.status === 'success' ? amount : null, providerRef, message: o.message,
          response: { code: o.status === 'success' ? 'SUCCESS' : 'FAILED', amount, message: o.message },
        };
      }
      // A link or QR code is paid when the customer pays on the checkout page; the sandbox keeps no record of it.
      return { found: true, status: 'in_progress', amountMinor: null, providerRef, message: 'Waiting for the customer', response: { code: 'WAITING' } };
    },
    verifyPayIn(body): PayInNotice | null {
      if (!verifySign(body, s.secret)) return null;
      if (body.type !== 'payin') return null;
      const status = body.status === 'SUCCESS' ? 'success' : body.status === 'FAILED' ? 'failure' : null;
      const paymentNo = typeof body.payment_no === 'string' ? body.payment_no : '';
      const vaNumber = typeof body.va_number === 'string' ? body.va_number : '';
      const amount = typeof body.amount === 'number' && Number.isSafeInteger(body.amount) && body.amount > 0 ? body.amount : null;
      if (!status || typeof body.provider_ref !== 'string' || !body.provider_ref || (!paymentNo && !vaNumber)) return null;
      if (status === 'success' && amount === null) return null;
      return {
        paymentNo, vaNumber, providerRef: body.provider_ref, status, amountMinor: amount, message: String(body.message ?? ''),
        timestamp: typeof body.timestamp === 'number' ? body.timestamp : null,
      };
    },
    simulatePayIn(p) {
      const ref = p.providerRef || `SBV-${hooks.now().getTime().toString(36)}-${crypto.randomBytes(6).toString('hex')}`;
      const cb: SandboxCallback = { channelCode: s.code, target: 'payin', body: payInBody(p, ref) };
      hooks.schedule(cb, p.delayMs ?? s.latencyMs);
      return cb;
    },
    readCheckout(ref, data, sig) {
      if (!PAYIN_REF_RE.test(ref) || typeof sig !== 'string' || sig.length !== 32) return null;
      const want = ticketSig(ref, data);
      if (!crypto.timingSafeEqual(Buffer.from(want), Buffer.from(sig))) return null;
      try {
        const t = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { c: string; p: string; a: number; cu: string; e: number };
        if (t.c !== s.code) return null;
        return { channelCode: t.c, paymentNo: t.p, amountMinor: t.a, currency: t.cu, expiresAt: t.e };
      } catch {
        return null;
      }
    },
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
      // A pay-in notice (money coming in) is never a payout's result, even though both are signed alike.
      if (body.type === 'payin') return null;
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
