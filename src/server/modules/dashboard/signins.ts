import { and, count, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DashboardOverview } from '../../../schemas/dashboard';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { loginLog } from '../auth/auth.table';
import { adminAccount, adminSession, role } from '../empower/empower.table';
import { accountScope, inScope, isUnscoped, scopedAccountIds } from '../empower/scope';
import { addDays, dayStart } from '../empower/time';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { dictItem } from '../system/system.table';

/** "Online now" on the dashboard: a live session seen within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 15;
const SERIES_DAYS = 7;

/** Accounts, sign-ins and operations of the account's scope (account administrators), the last 7 days by day. */
export async function signinOverview(db: Db, tz: string, actor: Actor, now: Date, today: string): Promise<DashboardOverview> {
  const ids = await scopedAccountIds(db, actor);
  const todayStart = dayStart(today, tz);
  const firstDay = addDays(today, -(SERIES_DAYS - 1));
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
  const localDay = (col: typeof loginLog.createdAt | typeof operationLog.createdAt) => sql<string>`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD')`;
  const loginDay = localDay(loginLog.createdAt);
  const opDay = localDay(operationLog.createdAt);

  // Grouping is positional: an expression carrying a parameter (the time zone) is not matched to its select-list twin.
  // Each query is a range scan on a (created_at, id) index or reads a small table (accounts, roles, merchants, dictionaries).
  const [[accounts], [online], loginsToday, [opsToday], [roles], merchants, [dict], loginSeries, opSeries] = await Promise.all([
    db.select({ total: count(), enabled: sql<string>`count(*) filter (where ${adminAccount.enabled})` }).from(adminAccount)
      .where(and(isNull(adminAccount.deletedAt), accountScope(actor))),
    db.select({ n: sql<string>`count(distinct ${adminSession.accountId})` }).from(adminSession)
      .where(and(isNull(adminSession.revokedAt), gt(adminSession.lastSeenAt, onlineSince), gt(adminSession.expiresAt, now), inScope(adminSession.accountId, ids))),
    db.select({ success: loginLog.success, n: count() }).from(loginLog)
      .where(and(gte(loginLog.createdAt, todayStart), inScope(loginLog.accountId, ids))).groupBy(loginLog.success),
    db.select({ n: count() }).from(operationLog).where(and(gte(operationLog.createdAt, todayStart), inScope(operationLog.accountId, ids))),
    db.select({ n: count() }).from(role).where(isNull(role.deletedAt)),
    db.select({ sub: isNotNull(merchant.parentId), n: count() }).from(merchant)
      .where(isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds)).groupBy(isNotNull(merchant.parentId)),
    db.select({ n: count() }).from(dictItem),
    db.select({ day: loginDay, success: loginLog.success, n: count() }).from(loginLog)
      .where(and(gte(loginLog.createdAt, dayStart(firstDay, tz)), inScope(loginLog.accountId, ids))).groupBy(sql`1`, sql`2`),
    db.select({ day: opDay, n: count() }).from(operationLog)
      .where(and(gte(operationLog.createdAt, dayStart(firstDay, tz)), inScope(operationLog.accountId, ids))).groupBy(sql`1`),
  ]);

  const series = Array.from({ length: SERIES_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    const logins = loginSeries.filter((r) => r.day === date);
    return {
      date,
      logins: Number(logins.find((r) => r.success)?.n ?? 0),
      failures: Number(logins.find((r) => !r.success)?.n ?? 0),
      operations: Number(opSeries.find((r) => r.day === date)?.n ?? 0),
    };
  });
  const asBool = (v: unknown) => v === true || v === 't' || v === 'true';
  return {
    accounts: { total: Number(accounts.total), enabled: Number(accounts.enabled), online: Number(online.n) },
    logins_today: {
      success: Number(loginsToday.find((r) => r.success)?.n ?? 0),
      failed: Number(loginsToday.find((r) => !r.success)?.n ?? 0),
    },
    operations_today: Number(opsToday.n),
    roles: Number(roles.n),
    merchants: {
      main: Number(merchants.find((m) => !asBool(m.sub))?.n ?? 0),
      sub: Number(merchants.find((m) => asBool(m.sub))?.n ?? 0),
    },
    dict_items: Number(dict.n),
    series,
  };
}
