import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { googleCodeBody } from '../../../schemas/auth';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { SIGNED_IN, route } from '../../http';
import { writeOpLog } from '../log/oplog';
import { adminAccount } from '../empower/empower.table';
import { checkTotp, consumeTotpStep, newSecret, otpauthUri } from './totp';

/** Spec §5: the binding prompt can be skipped for 7 days. */
export const GOOGLE_SKIP_DAYS = 7;

export function googleRoutes(app: FastifyInstance, d: Deps): void {
  const account = async (id: number) => (await d.db.select().from(adminAccount).where(eq(adminAccount.id, id)))[0];

  /** A new secret to scan; it only takes effect once bind_key proves the phone has it. */
  route(app, { method: 'POST', url: '/loanapi/google_auth/apply_key', permission: SIGNED_IN, audit: false }, async ({ req }) => {
    const a = await account(req.actor!.accountId);
    if (a.googleBound) throw new AppError(CODE.CONFLICT, 'error.googleAlreadyBound');
    const secret = newSecret();
    await d.db.update(adminAccount).set({ googlePendingSecret: secret }).where(eq(adminAccount.id, a.id));
    const uri = otpauthUri(secret, a.account, d.cfg.systemName);
    return { secret, otpauth_url: uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
  });

  route(app, { method: 'POST', url: '/loanapi/google_auth/bind_key', permission: SIGNED_IN, body: googleCodeBody, okMessage: 'auth.googleBound' }, async ({ req, body }) => {
    const a = await account(req.actor!.accountId);
    if (a.googleBound) throw new AppError(CODE.CONFLICT, 'error.googleAlreadyBound');
    if (!a.googlePendingSecret) throw new AppError(CODE.VALIDATION, 'error.googleApplyFirst');
    const res = await checkTotp(a.googlePendingSecret, body.google_code, d.now(), 0);
    if (!res.ok) throw new AppError(CODE.VALIDATION, 'error.googleInvalid');
    const bound = await d.db.transaction(async (tx) => {
      // Guarded like a sign-in's step (the step moves forward, the account is still unbound with this pending
      // secret): of concurrent binds with one code exactly one takes effect.
      const [row] = await tx.update(adminAccount).set({
        googleSecret: a.googlePendingSecret, googlePendingSecret: null, googleBound: true, googleLastStep: res.step, googleSkipUntil: null,
      }).where(and(
        eq(adminAccount.id, a.id), eq(adminAccount.googleBound, false), eq(adminAccount.googlePendingSecret, a.googlePendingSecret!),
        lt(adminAccount.googleLastStep, res.step),
      )).returning({ id: adminAccount.id });
      if (!row) return false;
      await writeOpLog(tx, req, { action: 'google_auth.bind', targetType: 'admin_account', targetId: a.id });
      return true;
    });
    if (!bound) throw new AppError(CODE.VALIDATION, 'error.googleReplayed');
    return { google_bound: true };
  });

  /** Unbinding one's own authenticator needs a current code from it. */
  route(app, { method: 'POST', url: '/loanapi/google_auth/unbind_key', permission: SIGNED_IN, body: googleCodeBody, okMessage: 'auth.googleUnbound' }, async ({ req, body }) => {
    const a = await account(req.actor!.accountId);
    if (!a.googleBound || !a.googleSecret) throw new AppError(CODE.CONFLICT, 'error.googleNotBound');
    const res = await checkTotp(a.googleSecret, body.google_code, d.now(), a.googleLastStep);
    if (!res.ok) throw new AppError(CODE.VALIDATION, res.replay ? 'error.googleReplayed' : 'error.googleInvalid');
    const unbound = await d.db.transaction(async (tx) => {
      if (!(await consumeTotpStep(tx, a.id, res.step))) return false;
      await tx.update(adminAccount).set({ googleSecret: null, googleBound: false, googleLastStep: 0 }).where(eq(adminAccount.id, a.id));
      await writeOpLog(tx, req, { action: 'google_auth.unbind', targetType: 'admin_account', targetId: a.id });
      return true;
    });
    if (!unbound) throw new AppError(CODE.VALIDATION, 'error.googleReplayed');
    return { google_bound: false };
  });

  route(app, { method: 'POST', url: '/loanapi/google_auth/skip', permission: SIGNED_IN, audit: false }, async ({ req }) => {
    const until = new Date(d.now().getTime() + GOOGLE_SKIP_DAYS * 86_400_000);
    await d.db.update(adminAccount).set({ googleSkipUntil: until }).where(eq(adminAccount.id, req.actor!.accountId));
    return { google_skip_until: until.toISOString() };
  });
}
