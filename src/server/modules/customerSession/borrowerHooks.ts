import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { CUSTOMER_TOKEN_HEADER, GPS_HEADER, type GpsPoint, type OperateKind } from '../../../schemas/customerSession';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { customer } from '../client/client.table';
import { scopeIds } from '../intake/auth';
import { normalisePhone } from '../intake/identity';
import { logCustomerOperation } from './logs';
import { customerSession } from './customerSession.table';
import { checkCustomerToken, checkGps, gpsRefusal, signInAgain } from './session';

/** The borrower a signed app call acts for, once the session check passed. */
export interface Borrower {
  merchantId: number;
  customerId: number | null;
  sessionId: number | null;
  phone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    borrower?: Borrower;
  }
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** What each borrower write is, for customer_operate; reads (products, order status, repayment info) are not logged. */
const KIND_OF_ROUTE: Record<string, OperateKind> = {
  '/loanapi/app/register': 'register',
  '/loanapi/app/apply': 'apply',
  '/loanapi/app/bind_card': 'bind_card',
  '/loanapi/app/confirm_withdrawal': 'confirm_withdrawal',
  '/loanapi/app/repay': 'repay',
  '/loanapi/app/extension_apply': 'extension_apply',
};

/** Routes whose GPS (x-gps header) is held to `gps_range_meters`. */
const GPS_ROUTES = new Set(['/loanapi/app/apply']);

type Body = Record<string, unknown> | undefined;

/** A few fields of the request worth reading in the log; never a card number, a code or a token. */
function detailOf(kind: OperateKind, body: Body, data: Record<string, unknown> | null): Record<string, unknown> | null {
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => body?.[k] !== undefined).map((k) => [k, body![k]]));
  switch (kind) {
    case 'apply': return pick('product_id', 'amount', 'days');
    case 'repay': return pick('method', 'amount');
    case 'bind_card': return { bank_code: body?.bank_code, card_last4: typeof body?.card_number === 'string' ? body.card_number.slice(-4) : '' };
    case 'register': return { ...pick('source', 'channel_code'), is_new: data?.is_new };
    default: return null;
  }
}

/** `lat,lng` in decimal degrees, or a 40000 naming the header. */
export function parseGps(raw: string): GpsPoint {
  const m = /^\s*(-?\d{1,2}(?:\.\d{1,17})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,17})?)\s*$/.exec(raw);
  const lat = m ? Number(m[1]) : NaN;
  const lng = m ? Number(m[2]) : NaN;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
    throw new AppError(CODE.VALIDATION, 'customerSession.error.gpsFormat', {}, 200, [{ path: GPS_HEADER, id: 'customerSession.error.gpsFormat', values: {} }]);
  }
  return { lat, lng };
}

/**
 * The session check of a borrower call acting for a customer (the `phone` of its body or query), after the app key's
 * signature and the validation:
 * - with a token (x-customer-token): it must be a live session of the key's merchants (checkCustomerToken: ended,
 *   expired, over the continuous-online limit → 401) and of the customer the call names;
 * - without one: refused (401 `customerSession.error.required`) once that customer has ever signed in — from then on
 *   the app must sign them in again after a force logout. Customers who never signed in (apps and data from before
 *   sign-in existed, the simulator) keep the signature-only API.
 */
export async function borrowerOf(deps: Deps, req: FastifyRequest): Promise<Borrower | undefined> {
  const caller = req.intake;
  if (!caller) return undefined;
  const body = req.body as Body;
  const query = req.query as Body;
  const raw = typeof body?.phone === 'string' ? body.phone : typeof query?.phone === 'string' ? query.phone : '';
  const phone = normalisePhone(raw);
  const token = header(req, CUSTOMER_TOKEN_HEADER);
  const now = deps.now();
  if (token) {
    const live = await checkCustomerToken(deps.db, now, token);
    if (!scopeIds(caller).includes(live.session.merchantId)) throw signInAgain('customerSession.error.tokenInvalid');
    if (phone && phone !== live.customer.phone) throw signInAgain('customerSession.error.otherCustomer');
    return { merchantId: caller.merchant.id, customerId: live.customer.id, sessionId: live.session.id, phone: live.customer.phone };
  }
  if (!phone) return undefined;
  // One round trip: the customer and whether they ever signed in (this runs on every borrower call).
  const [c] = await deps.db.select({
    id: customer.id,
    // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would mean s.id.
    signedIn: sql<boolean>`exists (select 1 from ${customerSession} s where s.customer_id = "customer"."id")`,
  }).from(customer).where(and(eq(customer.merchantId, caller.merchant.id), eq(customer.phone, phone))).orderBy(asc(customer.id)).limit(1);
  if (c?.signedIn) throw signInAgain('customerSession.error.required');
  return { merchantId: caller.merchant.id, customerId: c?.id ?? null, sessionId: null, phone };
}

/**
 * Hooks the borrower API (intake's /loanapi/app/* plugin) calls once: the session check and the GPS range before the
 * handler, and the customer_operate row once the answer is known (success, or the refusal's message id).
 */
export function customerSessionHooks(sub: FastifyInstance, deps: Deps): void {
  sub.addHook('preHandler', async (req) => {
    req.borrower = await borrowerOf(deps, req);
    const gps = header(req, GPS_HEADER);
    const b = req.borrower;
    if (gps && b?.customerId && GPS_ROUTES.has(req.routeOptions.url ?? '')) {
      const v = await checkGps(deps.db, b.customerId, parseGps(gps), deps.now());
      if (!v.ok) throw gpsRefusal(v);
    }
  });

  sub.addHook('onSend', async (req, reply, payload) => {
    const kind = KIND_OF_ROUTE[req.routeOptions.url ?? ''];
    const b = req.borrower;
    // Unsigned, unauthenticated or malformed calls never reached the borrower: nothing they did to log.
    if (!kind || !b || reply.statusCode === 401 || typeof payload !== 'string') return payload;
    try {
      const env = JSON.parse(payload) as { code: number; data: Record<string, unknown> | null };
      const body = req.body as Body;
      const data = env.code === CODE.OK ? env.data : null;
      const issue = (env.data as { issues?: { id?: string }[] } | null)?.issues?.[0]?.id;
      await logCustomerOperation(deps.db, {
        merchantId: b.merchantId, customerId: b.customerId ?? (typeof data?.customer_id === 'number' ? data.customer_id : null), sessionId: b.sessionId,
        phone: b.phone, kind, success: env.code === CODE.OK, reason: env.code === CODE.OK ? '' : issue ?? String(env.code),
        ref: String(data?.order_no ?? body?.order_no ?? ''), detail: detailOf(kind, body, data),
        deviceId: typeof body?.device_id === 'string' ? body.device_id : '', ip: req.ip, at: deps.now(),
      });
    } catch (err) {
      req.log.error({ err }, 'customer operation log');
    }
    return payload;
  });
}
