import crypto from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { CODE, HTTP_SESSION_ENDED } from '../../../schemas/common';
import type { Terminal } from '../../../schemas/empower';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { accessFrom, type AccessProfile, type RoleGrant } from '../empower/access';
import { adminAccount, adminSession, permissionNodeState, role } from '../empower/empower.table';
import { currentAuthEpoch, sessionCacheOf } from './sessionCache';

export function newToken(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Tokens are stored as SHA-256: a leaked table gives no usable session. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function terminalOf(userAgent: string): Terminal {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'pc';
}

export interface NewSession {
  accountId: number;
  ip: string;
  userAgent: string;
  durable: boolean;
}

export async function createSession(db: DbOrTx, cfg: Config, now: Date, s: NewSession, singleSession: boolean): Promise<string> {
  const token = newToken();
  const terminal = terminalOf(s.userAgent);
  const lifeMs = s.durable ? cfg.sessionDurableDays * 86_400_000 : cfg.sessionAbsoluteHours * 3_600_000;
  if (singleSession) {
    // One live session per account and terminal kind: signing in elsewhere replaces the older one (code 50012).
    await db.update(adminSession)
      .set({ revokedAt: now, revokedReason: 'replaced' })
      .where(and(eq(adminSession.accountId, s.accountId), eq(adminSession.terminal, terminal), isNull(adminSession.revokedAt)));
  }
  await db.insert(adminSession).values({
    tokenHash: hashToken(token),
    accountId: s.accountId,
    ip: s.ip.slice(0, 64),
    userAgent: s.userAgent.slice(0, 400),
    terminal,
    durable: s.durable,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifeMs),
  });
  return token;
}

export type RevokeReason = 'logout' | 'forced' | 'replaced' | 'password' | 'disabled' | 'deleted';

export async function revokeAccountSessions(db: DbOrTx, accountId: number, reason: RevokeReason, now: Date, exceptId?: number): Promise<number> {
  const conds = [eq(adminSession.accountId, accountId), isNull(adminSession.revokedAt)];
  if (exceptId) conds.push(ne(adminSession.id, exceptId));
  const rows = await db.update(adminSession).set({ revokedAt: now, revokedReason: reason }).where(and(...conds)).returning({ id: adminSession.id });
  return rows.length;
}

export async function revokeSession(db: DbOrTx, sessionId: number, reason: RevokeReason, now: Date): Promise<void> {
  await db.update(adminSession).set({ revokedAt: now, revokedReason: reason }).where(and(eq(adminSession.id, sessionId), isNull(adminSession.revokedAt)));
}

export interface SessionRow {
  id: number;
  accountId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedReason: string | null;
}

/** Finds the session of a token and refuses it with the spec's codes when it can't be used. */
export async function checkToken(db: DbOrTx, cfg: Config, now: Date, token: string | undefined): Promise<SessionRow> {
  if (!token) throw new AppError(CODE.TOKEN_ILLEGAL, 'error.tokenMissing');
  const [s] = await db.select(SESSION_COLUMNS).from(adminSession).where(eq(adminSession.tokenHash, hashToken(token))).limit(1);
  return validSession(cfg, now, s);
}

const SESSION_COLUMNS = {
  id: adminSession.id, accountId: adminSession.accountId, lastSeenAt: adminSession.lastSeenAt,
  expiresAt: adminSession.expiresAt, revokedReason: adminSession.revokedReason,
};

/** A session row that may be used now, or the refusal the console must see (illegal, replaced, ended, expired). */
function validSession(cfg: Config, now: Date, s: SessionRow | undefined): SessionRow {
  if (!s) throw new AppError(CODE.TOKEN_ILLEGAL, 'error.tokenIllegal');
  switch (s.revokedReason) {
    case null: break;
    case 'replaced': throw new AppError(CODE.TOKEN_REPLACED, 'error.tokenReplaced');
    case 'logout': throw new AppError(CODE.TOKEN_ILLEGAL, 'error.tokenIllegal');
    default: throw new AppError(CODE.FORBIDDEN, 'error.sessionEnded', {}, HTTP_SESSION_ENDED);
  }
  const idleMs = cfg.sessionIdleMinutes * 60_000;
  if (s.expiresAt.getTime() <= now.getTime() || now.getTime() - s.lastSeenAt.getTime() > idleMs) {
    throw new AppError(CODE.TOKEN_EXPIRED, 'error.tokenExpired');
  }
  return s;
}

/**
 * The session of a token with its account's access. A session seen before is answered from this process's cache
 * (sessionCache.ts) after one read of the auth epoch, which every change that could refuse it bumps (migration
 * 0018): a force logout, a role change or a disabled node applies to the next request, in every process. Otherwise
 * one round trip reads the session row, the account, its live roles, the disabled nodes and the epoch together.
 */
export async function checkSessionAccess(db: DbOrTx, cfg: Config, now: Date, token: string | undefined): Promise<{ session: SessionRow; access: AccessProfile | null }> {
  if (!token) throw new AppError(CODE.TOKEN_ILLEGAL, 'error.tokenMissing');
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const hit = cache.get(tokenHash);
  if (hit && hit.epoch === (await currentAuthEpoch(db))) {
    // A session that looks idle by this process's copy may have been touched by another process: the row decides.
    if (stillValid(cfg, now, hit.session)) return hit;
  }
  const [row] = await db.select({
    ...SESSION_COLUMNS,
    account: adminAccount,
    roles: sql<RoleGrant[] | string>`(
      SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'nodeKeys', r.node_keys)), '[]'::json)
      FROM ${role} r WHERE r.id IN (${adminAccount.roleId}, ${adminAccount.secondaryRoleId}) AND r.deleted_at IS NULL)`,
    disabled: sql<string[] | string>`(
      SELECT coalesce(json_agg(n.key), '[]'::json) FROM ${permissionNodeState} n WHERE n.disabled)`,
    epoch: sql<string>`(SELECT v::text FROM auth_epoch WHERE id = 1)`,
  }).from(adminSession)
    .leftJoin(adminAccount, eq(adminAccount.id, adminSession.accountId))
    .where(eq(adminSession.tokenHash, tokenHash)).limit(1);
  cache.delete(tokenHash);
  const session = validSession(cfg, now, row);
  const account = row.account;
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) as T : v);
  const access = !account || account.deletedAt ? null : accessFrom(account, parse(row.roles), parse(row.disabled));
  const { id, accountId, lastSeenAt, expiresAt, revokedReason } = session;
  const entry = { session: { id, accountId, lastSeenAt, expiresAt, revokedReason }, access, epoch: String(row.epoch) };
  if (access) cache.set(tokenHash, { ...entry, access });
  return entry;
}

function stillValid(cfg: Config, now: Date, s: SessionRow): boolean {
  try {
    validSession(cfg, now, s);
    return true;
  } catch {
    return false;
  }
}

/** Marks activity at most once a minute, so a busy console does not write on every request. */
export async function touchSession(db: DbOrTx, s: SessionRow, now: Date): Promise<void> {
  if (now.getTime() - s.lastSeenAt.getTime() < 60_000) return;
  await db.update(adminSession).set({ lastSeenAt: now }).where(eq(adminSession.id, s.id));
  // The cached copy (checkSessionAccess answers it) moves with the row.
  s.lastSeenAt = now;
  await db.execute(sql`update admin_account set active_at = ${now.toISOString()}::timestamptz where id = ${s.accountId}`);
}
