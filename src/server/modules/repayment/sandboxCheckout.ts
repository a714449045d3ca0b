import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE } from '../../../schemas/common';
import type { Lang } from '../../../schemas/i18n';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import { REPAYMENT_CARD_API } from '../../../schemas/repaymentCard';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { langFromHeader, translate } from '../../i18n';
import { merchant } from '../merchant/merchant.table';
import { paymentChannel } from '../payment/payment.table';
import { isSandboxProvider, type CheckoutTicket, type SandboxCallback, type SandboxProvider } from '../payment/providers/sandbox';
import { paymentRuntime } from '../payment/runtime';
import { repayment, repaymentCard } from './repayment.table';

/**
 * The sandbox provider's checkout page of a repayment link or QR code (public: the customer opens it without a
 * session): GET shows the amount and a field to change it, with Pay and Fail buttons; POST makes the sandbox schedule
 * its signed pay-in callback through the payment runtime (a timer, or held in `pending` for tests), exactly as a real
 * gateway would call back. The page only trusts what the link's signature covers (channel, payment, amount, expiry).
 *
 * `sandboxPayIn` does the same for tests and the demo, including money sent to a virtual-account card (any amount,
 * any time).
 */

type ChannelRow = typeof paymentChannel.$inferSelect;

async function sandboxOf(deps: Deps, code: string): Promise<{ ch: ChannelRow; provider: SandboxProvider } | null> {
  const [ch] = await deps.db.select().from(paymentChannel).where(eq(paymentChannel.code, code));
  if (!ch) return null;
  const provider = paymentRuntime(deps).provider(ch);
  return isSandboxProvider(provider) ? { ch, provider } : null;
}

/**
 * Test / demo helper: the sandbox is told money arrived (or a payment failed) for one of our payments (`paymentNo`:
 * a pending repayment's serial number, its provider reference is used) or for a virtual account (`vaNumber`), and
 * schedules the signed callback. Returns the callback (also held in `paymentRuntime(deps).pending` under 'manual').
 */
export async function sandboxPayIn(deps: Deps, input: {
  channelCode: string; paymentNo?: string; vaNumber?: string; amount: number; success?: boolean; providerRef?: string; delayMs?: number;
}): Promise<SandboxCallback> {
  const sb = await sandboxOf(deps, input.channelCode);
  if (!sb) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.channel' });
  let currency = 'VND';
  let providerRef = input.providerRef;
  if (input.paymentNo) {
    const [r] = await deps.db.select().from(repayment).where(and(eq(repayment.serialNo, input.paymentNo), eq(repayment.channelId, sb.ch.id)));
    if (r) {
      currency = r.currency;
      providerRef ??= r.providerRef || undefined;
    }
  } else if (input.vaNumber) {
    const [c] = await deps.db.select({ currency: merchant.currency }).from(repaymentCard)
      .innerJoin(merchant, eq(merchant.id, repaymentCard.merchantId)).where(eq(repaymentCard.vaNumber, input.vaNumber));
    if (c) currency = c.currency;
  }
  return sb.provider.simulatePayIn({
    paymentNo: input.paymentNo, vaNumber: input.vaNumber, providerRef, amountMinor: input.amount, currency, success: input.success ?? true,
    delayMs: input.delayMs,
  });
}

// ------------------------------------------------------------------ the page

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
const word = (lang: Lang, id: string, fallback: string, values: Record<string, unknown> = {}) => {
  const t = translate(lang, id, values);
  return t === id ? fallback : t;
};
const digits = (currency: string) => CURRENCY_EXPONENT[currency] ?? 2;
const major = (minor: number, currency: string) => (minor / 10 ** digits(currency)).toFixed(digits(currency));

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${esc(lang.intl)}" dir="${lang.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#212529}
h1{font-size:20px}.box{border:1px solid #dee2e6;border-radius:8px;padding:16px}label{display:block;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;font-size:16px}.row{display:flex;gap:8px;margin-top:16px}
button{flex:1;padding:10px;font-size:16px;border-radius:6px;border:0;cursor:pointer}.pay{background:#228be6;color:#fff}
.fail{background:#fa5252;color:#fff}.muted{color:#868e96;font-size:13px}</style></head>
<body><h1>${esc(title)}</h1><div class="box">${body}</div>
<p class="muted">${esc(word(lang, 'repaymentCard.checkout.note', 'Sandbox: no real money moves.'))}</p></body></html>`;
}

const checkoutQuery = z.object({ d: z.string().max(800), s: z.string().max(64), lang: z.string().max(8).optional() });
const checkoutBody = z.object({
  d: z.string().max(800), s: z.string().max(64), amount: z.string().max(32).optional(), outcome: z.enum(['pay', 'fail']), lang: z.string().max(8).optional(),
});

export function sandboxCheckoutRoutes(app: FastifyInstance, deps: Deps): void {
  const url = `${REPAYMENT_CARD_API.sandboxCheckout}/:ref`;
  const params = z.object({ ref: z.string().trim().min(1).max(64) });

  /** The ticket of a link, when the channel is a sandbox and the signature holds. */
  const ticketOf = async (ref: string, d: string, s: string): Promise<{ t: CheckoutTicket; provider: SandboxProvider } | null> => {
    let code = '';
    try {
      code = String((JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) as { c?: unknown }).c ?? '');
    } catch {
      return null;
    }
    const sb = code ? await sandboxOf(deps, code) : null;
    const t = sb?.provider.readCheckout(ref, d, s);
    return sb && t ? { t, provider: sb.provider } : null;
  };
  const refused = (lang: Lang, id: string, fallback: string) =>
    page(lang, word(lang, 'repaymentCard.checkout.title', 'Sandbox checkout'), `<p>${esc(word(lang, id, fallback))}</p>`);

  route(app, { method: 'GET', url, permission: PUBLIC, audit: false, params, query: checkoutQuery }, async ({ req, reply, params: p, query }) => {
    const lang = langFromHeader(query.lang ?? req.headers['lang-code']);
    const found = await ticketOf(p.ref, query.d, query.s);
    reply.type('text/html; charset=utf-8');
    if (!found) return reply.code(403).send(refused(lang, 'repaymentCard.checkout.invalid', 'This payment link is not valid.'));
    const { t } = found;
    if (deps.now().getTime() > t.expiresAt) return reply.code(410).send(refused(lang, 'repaymentCard.checkout.expired', 'This payment link has expired.'));
    const step = digits(t.currency) ? (1 / 10 ** digits(t.currency)).toFixed(digits(t.currency)) : '1';
    const body = `<p>${esc(word(lang, 'repaymentCard.checkout.payment', 'Payment {no}', { no: t.paymentNo }))}</p>
<form method="post"><input type="hidden" name="d" value="${esc(query.d)}"><input type="hidden" name="s" value="${esc(query.s)}">
<input type="hidden" name="lang" value="${esc(lang.code)}">
<label for="amount">${esc(word(lang, 'repaymentCard.checkout.amount', 'Amount ({currency})', { currency: t.currency }))}</label>
<input id="amount" name="amount" type="number" min="${step}" step="${step}" value="${esc(major(t.amountMinor, t.currency))}" required>
<div class="row"><button class="pay" name="outcome" value="pay" type="submit">${esc(word(lang, 'repaymentCard.checkout.pay', 'Pay'))}</button>
<button class="fail" name="outcome" value="fail" type="submit" formnovalidate>${esc(word(lang, 'repaymentCard.checkout.fail', 'Fail'))}</button></div></form>`;
    return reply.send(page(lang, word(lang, 'repaymentCard.checkout.title', 'Sandbox checkout'), body));
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    route(scope, { method: 'POST', url, permission: PUBLIC, audit: false, params, body: checkoutBody }, async ({ req, reply, params: p, body }) => {
      const lang = langFromHeader(body.lang ?? req.headers['lang-code']);
      const found = await ticketOf(p.ref, body.d, body.s);
      reply.type('text/html; charset=utf-8');
      if (!found) return reply.code(403).send(refused(lang, 'repaymentCard.checkout.invalid', 'This payment link is not valid.'));
      const { t, provider } = found;
      if (deps.now().getTime() > t.expiresAt) return reply.code(410).send(refused(lang, 'repaymentCard.checkout.expired', 'This payment link has expired.'));
      const typed = Number(body.amount ?? major(t.amountMinor, t.currency));
      const amountMinor = Math.round(typed * 10 ** digits(t.currency));
      const pay = body.outcome === 'pay';
      if (pay && (!Number.isFinite(typed) || !Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > 1e15)) {
        return reply.code(400).send(refused(lang, 'repaymentCard.checkout.badAmount', 'Enter an amount above 0.'));
      }
      provider.simulatePayIn({ paymentNo: t.paymentNo, providerRef: p.ref, amountMinor: pay ? amountMinor : t.amountMinor, currency: t.currency, success: pay });
      const done = pay ? word(lang, 'repaymentCard.checkout.paid', 'Payment sent. The merchant will be notified.')
        : word(lang, 'repaymentCard.checkout.failed', 'The payment failed (simulated).');
      return reply.send(page(lang, word(lang, 'repaymentCard.checkout.title', 'Sandbox checkout'), `<p>${esc(done)}</p>`));
    });
  });
}
