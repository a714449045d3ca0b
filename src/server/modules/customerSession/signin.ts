import crypto from 'node:crypto';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import {
  CODE_MAX_TRIES, CODE_RESEND_MS, CODE_TTL_MS, type AppLoginAnswer, type AppLoginBody, type AppLoginCodeBody, type LoginReason,
} from '../../../schemas/customerSession';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { loginAttempt } from '../auth/auth.table';
import { customer, customerLoginCode } from '../client/client.table';
import { setting } from '../config/settings';
import type { IntakeCaller } from '../intake/auth';
import { checkedPhone, customerByPhone, lockPerson } from '../intake/customers';
import { queueSms } from '../sms/engine';
import { logCustomerLogin } from './logs';
import { checkGps, createCustomerSession, gpsRefusal } from './session';

/**
 * Borrower sign-in (docs/customerSession.md): the app asks for a code (`login_code`), the server texts it (SMS outbox,
 * purpose `verification`) and records it in customer_sms_log (the /client/customer_sms_log screen); the app sends it
 * back with the device (`login`) and gets a session token. Every code sent or refused and every attempt is a
 * customer_login row, written before the refusal is answered.
 */

const CODE_HTTP: Record<number, number> = { [CODE.THROTTLED]: 429 };

/** A refusal the app can tell apart (`data.issues[0].id`), with the code's usual HTTP status. */
function refused(code: number, reason: LoginReason, path = 'phone', values: Record<string, string | number> = {}): AppError {
  const id = `customerSession.reason.${reason}`;
  return new AppError(code, id, values, CODE_HTTP[code] ?? 200, [{ path, id, values }]);
}

const deviceText = (d: AppLoginBody['device']) => [d?.brand, d?.model, d?.os, d?.os_version].filter(Boolean).join(' ');

/** Who may receive a code or sign in: a customer of the key's merchant allowed to use the app. */
function gate(c: typeof customer.$inferSelect | undefined): LoginReason | null {
  if (!c) return 'unknown_customer';
  if (!c.loginAllowed) return 'login_disallowed';
  if (c.blacklisted) return 'blacklisted';
  return null;
}

const GATE_CODE: Record<string, number> = { unknown_customer: CODE.NOT_FOUND, login_disallowed: CODE.FORBIDDEN, blacklisted: CODE.FORBIDDEN };

/** Texts a 6-digit sign-in code; at most one a minute and `sms_daily_limit_per_phone` a day per phone. */
export async function sendLoginCode(deps: Deps, caller: IntakeCaller, body: AppLoginCodeBody, ip: string) {
  const m = caller.merchant;
  const phone = checkedPhone(m, body.phone);
  const now = deps.now();
  const c = await customerByPhone(deps.db, m.id, phone);
  const base = { merchantId: m.id, customerId: c?.id ?? null, phone, kind: 'code' as const, deviceId: body.device_id, ip, at: now };
  const why = gate(c);
  if (why) {
    await logCustomerLogin(deps.db, { ...base, success: false, reason: why });
    throw refused(GATE_CODE[why], why);
  }
  const dailyLimit = await setting(deps.db, 'sms_daily_limit_per_phone');
  const outcome = await deps.db.transaction(async (tx) => {
    await lockPerson(tx, `code:${m.id}:${phone}`);
    const [last] = await tx.select({ sentAt: customerLoginCode.sentAt }).from(customerLoginCode)
      .where(and(eq(customerLoginCode.merchantId, m.id), eq(customerLoginCode.phone, phone))).orderBy(desc(customerLoginCode.sentAt)).limit(1);
    if (last && now.getTime() - last.sentAt.getTime() < CODE_RESEND_MS) return { reason: 'rate_limited' as const };
    const [{ n }] = await tx.select({ n: count() }).from(customerLoginCode)
      .where(and(eq(customerLoginCode.phone, phone), eq(customerLoginCode.merchantId, m.id), gte(customerLoginCode.sentAt, new Date(now.getTime() - 86_400_000))));
    if (n >= dailyLimit) return { reason: 'daily_limit' as const };
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx.insert(customerLoginCode).values({ merchantId: m.id, customerId: c!.id, phone, code, purpose: 'login', ip: ip.slice(0, 64), sentAt: now })
      .returning({ id: customerLoginCode.id });
    await queueSms(tx, {
      merchantId: m.id, purpose: 'verification', phone, source: 'login_code', sourceRef: `login_code:${row.id}`,
      content: `${code} is your ${m.name} sign-in code. It expires in ${CODE_TTL_MS / 60_000} minutes. Never share it.`,
    });
    return { reason: null };
  });
  if (outcome.reason) {
    await logCustomerLogin(deps.db, { ...base, success: false, reason: outcome.reason });
    throw refused(CODE.THROTTLED, outcome.reason);
  }
  await logCustomerLogin(deps.db, { ...base, success: true });
  return { sent: true, expires_in_seconds: CODE_TTL_MS / 1000, resend_after_seconds: CODE_RESEND_MS / 1000 };
}

/** Counts one try of a code atomically, before the code is compared (concurrent guesses cannot exceed the limit). */
async function countTry(db: DbOrTx, codeId: number, now: Date): Promise<number> {
  const [row] = await db.insert(loginAttempt).values({ bucket: `customer-code:${codeId}`, windowStart: now, attempts: 1 })
    .onConflictDoUpdate({ target: loginAttempt.bucket, set: { attempts: sql`${loginAttempt.attempts} + 1` } })
    .returning({ attempts: loginAttempt.attempts });
  return row.attempts;
}

/**
 * Signs the borrower in with the latest code texted to the phone: unknown, expired, used, wrong or over-tried codes
 * are refused; so is a position farther than `gps_range_meters` from the customer's last one. Success consumes the
 * code, replaces any older session and answers the token (shown once; only its hash is kept).
 */
export async function signIn(deps: Deps, caller: IntakeCaller, body: AppLoginBody, ip: string): Promise<AppLoginAnswer> {
  const m = caller.merchant;
  const phone = checkedPhone(m, body.phone);
  const now = deps.now();
  const c = await customerByPhone(deps.db, m.id, phone);
  const device = deviceText(body.device);
  const base = { merchantId: m.id, customerId: c?.id ?? null, phone, kind: 'sign_in' as const, deviceId: body.device_id, device, appVersion: body.app_version, ip, at: now };
  const fail = async (reason: LoginReason, code: number, path = 'code', values: Record<string, string | number> = {}): Promise<never> => {
    await logCustomerLogin(deps.db, { ...base, success: false, reason });
    throw refused(code, reason, path, values);
  };
  const why = gate(c);
  if (why) return fail(why, GATE_CODE[why], 'phone');
  const cust = c!;

  const [sent] = await deps.db.select().from(customerLoginCode)
    .where(and(eq(customerLoginCode.merchantId, m.id), eq(customerLoginCode.phone, phone), eq(customerLoginCode.purpose, 'login')))
    .orderBy(desc(customerLoginCode.sentAt), desc(customerLoginCode.id)).limit(1);
  if (!sent || sent.usedAt) return fail('no_code', CODE.VALIDATION);
  if (now.getTime() - sent.sentAt.getTime() > CODE_TTL_MS) return fail('code_expired', CODE.VALIDATION);
  if ((await countTry(deps.db, sent.id, now)) > CODE_MAX_TRIES) return fail('too_many_tries', CODE.THROTTLED);
  const a = Buffer.from(sent.code.padEnd(8, ' '));
  const b = Buffer.from(body.code.padEnd(8, ' '));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return fail('code_wrong', CODE.VALIDATION);

  if (body.gps) {
    const v = await checkGps(deps.db, cust.id, body.gps, now);
    if (!v.ok) {
      await logCustomerLogin(deps.db, { ...base, success: false, reason: 'gps_out_of_range' });
      throw gpsRefusal(v);
    }
  }

  const created = await deps.db.transaction(async (tx) => {
    // Guarded: two sign-ins racing with one code, only one gets a session.
    const used = await tx.update(customerLoginCode).set({ usedAt: now })
      .where(and(eq(customerLoginCode.id, sent.id), isNull(customerLoginCode.usedAt))).returning({ id: customerLoginCode.id });
    if (!used.length) return null;
    const s = await createCustomerSession(tx, now, {
      customerId: cust.id, merchantId: m.id, appKeyId: caller.appKeyId, deviceId: body.device_id, device, appVersion: body.app_version ?? '', ip,
      gps: body.gps ?? null,
    });
    await tx.update(customer).set({ appActiveAt: now }).where(eq(customer.id, cust.id));
    return s;
  });
  if (!created) return fail('no_code', CODE.VALIDATION);
  await logCustomerLogin(deps.db, { ...base, success: true });
  return {
    token: created.token, customer_id: cust.id, session_id: created.id,
    online_limit_minutes: await setting(deps.db, 'continuous_online_limit_minutes'),
  };
}
