import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';
import { changePasswordBody, loginBody, profileBody, type CaptchaResponse, type UserInfo } from '../../../schemas/auth';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, SIGNED_IN, route } from '../../http';
import { writeOpLog } from '../log/oplog';
import { adminAccount } from '../empower/empower.table';
import { merchant } from '../merchant/merchant.table';
import { loadAccess, withinWorkPeriod } from '../empower/access';
import { captcha, loginLog } from './auth.table';
import { captchaSvg, hashAnswer } from './captcha';
import { createSession, checkToken, revokeAccountSessions, revokeSession, terminalOf } from './session.service';
import { tokenOf } from '../../plugins/session';
import { checkTotp, consumeTotpStep } from './totp';
import { countAttempt, giveBack } from './attempts';

const CAPTCHA_TTL_MS = 5 * 60_000;
// Verified against when the account does not exist, so a wrong account costs as long as a wrong password.
const DUMMY_HASH = await hash('not-a-password-' + crypto.randomBytes(8).toString('hex'));

export async function hashPassword(pwd: string): Promise<string> {
  return hash(pwd);
}

async function logAttempt(d: Deps, req: FastifyRequest, account: string, accountId: number | null, success: boolean, reason: string) {
  await d.db.insert(loginLog).values({
    account: account.slice(0, 64), accountId, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400), success, reason, createdAt: d.now(),
  });
}

/** A captcha is good once: it is spent by the first check, right or wrong. */
async function spendCaptcha(d: Deps, id: string, code: string): Promise<boolean> {
  if (!id || !code) return false;
  const [row] = await d.db.update(captcha).set({ usedAt: d.now() })
    .where(and(eq(captcha.id, id), isNull(captcha.usedAt), gt(captcha.expiresAt, d.now())))
    .returning({ answerHash: captcha.answerHash });
  return !!row && row.answerHash === hashAnswer(id, code);
}

export async function userInfo(d: Deps, accountId: number): Promise<UserInfo | null> {
  const access = await loadAccess(d.db, accountId);
  if (!access) return null;
  const a = access.account;
  const [org] = a.organizerId ? await d.db.select({ id: merchant.id, name: merchant.name }).from(merchant).where(eq(merchant.id, a.organizerId)) : [];
  return {
    id: a.id, account: a.account, name: a.name, nickname: a.nickname, avatar: a.avatar, introduction: a.introduction,
    phone: a.phone, node_list: access.nodeList, organizer_info: { id: org?.id ?? null, name: org?.name ?? '' },
    google_bound: a.googleBound, google_skip_until: a.googleSkipUntil?.toISOString() ?? null,
    privacy_protection: a.privacyProtection, merchant_ids: a.merchantIds, time: d.now().toISOString(),
  };
}

export function authRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'GET', url: '/loanapi/comon/get_captcha', permission: PUBLIC }, async (): Promise<CaptchaResponse> => {
    const id = crypto.randomUUID();
    const text = d.captchaText();
    await d.db.insert(captcha).values({ id, answerHash: hashAnswer(id, text), expiresAt: new Date(d.now().getTime() + CAPTCHA_TTL_MS) });
    // Expired captchas are cleared as new ones are asked for: the table stays small without a job.
    await d.db.delete(captcha).where(sql`${captcha.expiresAt} < ${new Date(d.now().getTime() - CAPTCHA_TTL_MS).toISOString()}::timestamptz`);
    return { captcha_id: id, image: captchaSvg(text), enabled: d.cfg.captchaEnabled };
  });

  route(app, { method: 'POST', url: '/loanapi/account/login', permission: PUBLIC, body: loginBody, audit: false, okMessage: 'auth.loginOk' }, async ({ req, body }) => {
    const now = d.now();
    // The captcha comes first: it is spent either way, so solving one per request is the price of every attempt,
    // and requests without a solved captcha neither reach the credentials nor count against the account.
    if (d.cfg.captchaEnabled) {
      if (!body.captcha_id || !body.captcha_code) throw new AppError(CODE.VALIDATION, 'error.captchaRequired');
      if (!(await spendCaptcha(d, body.captcha_id, body.captcha_code))) {
        await logAttempt(d, req, body.account, null, false, 'captcha');
        throw new AppError(CODE.VALIDATION, 'error.captchaWrong');
      }
    }
    const attempt = await countAttempt(d.db, d.cfg, now, body.account, req.ip);
    if (attempt.refused) {
      await logAttempt(d, req, body.account, null, false, 'throttled');
      throw new AppError(CODE.THROTTLED, 'error.loginThrottled', { minutes: d.cfg.loginLockMinutes });
    }
    const [a] = await d.db.select().from(adminAccount).where(and(eq(adminAccount.account, body.account), isNull(adminAccount.deletedAt))).limit(1);
    const passwordOk = await verify(a?.passwordHash ?? DUMMY_HASH, body.pwd);
    if (!a || !passwordOk) {
      await logAttempt(d, req, body.account, a?.id ?? null, false, 'password');
      throw new AppError(CODE.VALIDATION, 'error.badCredentials');
    }
    // From here the password was right: the attempt was no guess and is given back, unless an authenticator code
    // turns out wrong or replayed (that is a guess at the second factor, and it keeps counting).
    const refuse = async (reason: string, err: AppError): Promise<never> => {
      await giveBack(d.db, attempt);
      await logAttempt(d, req, body.account, a.id, false, reason);
      throw err;
    };
    if (!a.enabled) await refuse('disabled', new AppError(CODE.FORBIDDEN, 'error.accountDisabled'));
    if (!withinWorkPeriod(a.workStart, a.workEnd, now, d.cfg.timeZone)) {
      await refuse('work_period', new AppError(CODE.FORBIDDEN, 'error.outsideWorkPeriod', { start: a.workStart ?? '', end: a.workEnd ?? '' }));
    }
    const terminal = terminalOf(String(req.headers['user-agent'] ?? ''));
    if (a.allowedTerminals.length && !a.allowedTerminals.includes(terminal)) await refuse('terminal', new AppError(CODE.FORBIDDEN, 'error.terminalNotAllowed'));
    let googleStep: number | null = null;
    if (a.googleBound && a.googleSecret) {
      if (!body.google_code) {
        await giveBack(d.db, attempt);
        throw new AppError(CODE.UNAUTHENTICATED, 'error.googleRequired', {}, 200);
      }
      const res = await checkTotp(a.googleSecret, body.google_code, now, a.googleLastStep);
      if (!res.ok) {
        await logAttempt(d, req, body.account, a.id, false, res.replay ? 'google_replay' : 'google');
        throw new AppError(CODE.VALIDATION, res.replay ? 'error.googleReplayed' : 'error.googleInvalid');
      }
      googleStep = res.step;
    }
    const token = await d.db.transaction(async (tx) => {
      // The step read above may be stale: the guarded update decides which of concurrent sign-ins owns the code.
      if (googleStep !== null && !(await consumeTotpStep(tx, a.id, googleStep))) return null;
      const t = await createSession(tx, d.cfg, now, {
        accountId: a.id, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), durable: body.is_durable,
      }, true);
      await tx.update(adminAccount).set({ activeAt: now, deviceId: body.device_id ?? a.deviceId }).where(eq(adminAccount.id, a.id));
      return t;
    });
    if (token === null) {
      await logAttempt(d, req, body.account, a.id, false, 'google_replay');
      throw new AppError(CODE.VALIDATION, 'error.googleReplayed');
    }
    await giveBack(d.db, attempt);
    await logAttempt(d, req, body.account, a.id, true, '');
    return { token };
  });

  route(app, { method: 'GET', url: '/loanapi/account/get_userinfo', permission: SIGNED_IN, query: z.object({ token: z.string().max(128).optional() }) }, async ({ req }) => {
    const info = await userInfo(d, req.actor!.accountId);
    if (!info) throw new AppError(CODE.TOKEN_ILLEGAL, 'auth.verifyFailed');
    if (info.node_list.length === 0) throw new AppError(CODE.NO_PERMISSIONS_CONFIGURED, 'auth.noPermissions');
    return info;
  });

  // Logout takes the token even when the session is already over, so a stale tab can always sign out.
  route(app, { method: 'POST', url: '/loanapi/account/logout', permission: PUBLIC, body: z.object({ token: z.string().max(128).optional() }).optional(), audit: false }, async ({ req, body }) => {
    const token = body?.token || tokenOf(req);
    if (!token) return null;
    try {
      const s = await checkToken(d.db, d.cfg, d.now(), token);
      await d.db.transaction(async (tx) => {
        await revokeSession(tx, s.id, 'logout', d.now());
        await tx.update(adminAccount).set({ logoutAt: d.now() }).where(eq(adminAccount.id, s.accountId));
      });
    } catch {
      // Already ended: nothing to do.
    }
    return null;
  });

  /** Spec §7 hourly keep-alive: answers the session's remaining life; the session hook already marked activity. */
  route(app, { method: 'POST', url: '/loanapi/account/keep_alive', permission: SIGNED_IN, audit: false }, async ({ req }) => {
    return { account_id: req.actor!.accountId, time: d.now().toISOString() };
  });

  route(app, { method: 'POST', url: '/loanapi/account/change_pwd', permission: SIGNED_IN, body: changePasswordBody, audit: false, okMessage: 'auth.passwordChanged' }, async ({ req, body }) => {
    const [a] = await d.db.select().from(adminAccount).where(eq(adminAccount.id, req.actor!.accountId));
    if (!(await verify(a.passwordHash, body.old_pwd))) throw new AppError(CODE.VALIDATION, 'error.oldPasswordWrong');
    await d.db.transaction(async (tx) => {
      await tx.update(adminAccount).set({ passwordHash: await hashPassword(body.new_pwd), updatedAt: d.now() }).where(eq(adminAccount.id, a.id));
      // Other sessions of the account end; this one stays.
      await revokeAccountSessions(tx, a.id, 'password', d.now(), req.actor!.sessionId);
      await writeOpLog(tx, req, { action: 'account.change_pwd', targetType: 'admin_account', targetId: a.id });
    });
    return null;
  });

  route(app, { method: 'POST', url: '/loanapi/account/edit_profile', permission: SIGNED_IN, body: profileBody }, async ({ req, body }) => {
    const id = req.actor!.accountId;
    const [before] = await d.db.select({ nickname: adminAccount.nickname, avatar: adminAccount.avatar, introduction: adminAccount.introduction }).from(adminAccount).where(eq(adminAccount.id, id));
    await d.db.transaction(async (tx) => {
      await tx.update(adminAccount).set({ ...body, updatedAt: d.now() }).where(eq(adminAccount.id, id));
      await writeOpLog(tx, req, { action: 'account.edit_profile', targetType: 'admin_account', targetId: id, before, after: body });
    });
    return userInfo(d, id);
  });
}
