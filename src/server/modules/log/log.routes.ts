import { and, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import { copyEventBody } from '../../../schemas/auth';
import {
  clientErrorBody, LOG_COUNT_CAP, loginLogQuery, operationLogQuery, type LoginLogRow, type LogList, type OperationLogRow,
} from '../../../schemas/log';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { SIGNED_IN, route } from '../../http';
import { loginLog } from '../auth/auth.table';
import { adminAccount } from '../empower/empower.table';
import { inScope, likeEscape, maskPhonesDeep, scopedAccountIds } from '../empower/scope';
import { dateRange } from '../empower/time';
import { clientError, copyRecord, operationLog } from './log.table';

const P = {
  login: pageKey('log', 'admin_login'),
  operate: pageKey('log', 'admin_operate'),
};

/** Counts matching rows up to LOG_COUNT_CAP (DESIGN §4: no unbounded COUNT(*) on a big table). */
async function cappedCount(db: Db, q: PgSelect): Promise<{ total: number; total_capped: boolean }> {
  const sub = q.limit(LOG_COUNT_CAP + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(sub);
  const c = Number(n);
  return { total: Math.min(c, LOG_COUNT_CAP), total_capped: c > LOG_COUNT_CAP };
}

/** The copy event's own time when it is plausible (ms since epoch or a date string within a day of now), else now. */
function eventTime(v: string | undefined, now: Date): Date {
  if (!v) return now;
  const t = /^\d{10,13}$/.test(v) ? new Date(Number(v.length === 10 ? Number(v) * 1000 : v)) : new Date(v);
  return Number.isFinite(t.getTime()) && Math.abs(t.getTime() - now.getTime()) < 86_400_000 ? t : now;
}

const DETAIL_MAX = 20_000;

export function logRoutes(app: FastifyInstance, d: Deps): void {
  // Spec §7: queued by the console one at a time, response ignored. Not a staff action: no operation-log row.
  route(app, { method: 'POST', url: '/loanapi/admin_account/copy_records_event', permission: SIGNED_IN, body: copyEventBody, audit: false }, async ({ req, body }) => {
    await d.db.insert(copyRecord).values({
      accountId: req.actor!.accountId, pageTitle: body.page_title, pageUrl: body.page_url, pageDomain: body.page_domain,
      operationTime: eventTime(body.operation_time, d.now()), copiedInfo: body.copied_info, copiedType: body.copied_type, ip: req.ip.slice(0, 64),
    });
    return null;
  });

  // Errors the console reports (spec /log/vue_and_query_log).
  route(app, { method: 'POST', url: '/loanapi/log/client_error', permission: SIGNED_IN, body: clientErrorBody, audit: false }, async ({ req, body }) => {
    let detail: unknown = body.detail ?? null;
    const text = detail === null ? '' : JSON.stringify(detail);
    if (text.length > DETAIL_MAX) detail = { truncated: text.slice(0, DETAIL_MAX) };
    await d.db.insert(clientError).values({
      accountId: req.actor!.accountId, message: body.message.slice(0, 1000), url: body.url.slice(0, 1000), detail, createdAt: d.now(),
    });
    return null;
  });

  route(app, { method: 'GET', url: '/loanapi/log/admin_login_list', permission: P.login, query: loginLogQuery }, async ({ req, query }): Promise<LogList<LoginLogRow>> => {
    const ids = await scopedAccountIds(d.db, req.actor!);
    const conds: (SQL | undefined)[] = [
      inScope(loginLog.accountId, ids),
      query.account ? eq(loginLog.account, query.account) : undefined,
      query.success !== undefined ? eq(loginLog.success, query.success) : undefined,
      query.ip ? eq(loginLog.ip, query.ip) : undefined,
      ...dateRange(loginLog.createdAt, query.date_from, query.date_to, d.cfg.timeZone),
    ];
    const where = and(...conds);
    const [rows, counted] = await Promise.all([
      d.db.select().from(loginLog).where(where).orderBy(desc(loginLog.createdAt), desc(loginLog.id))
        .limit(query.page_size).offset((query.page - 1) * query.page_size),
      cappedCount(d.db, d.db.select({ id: loginLog.id }).from(loginLog).where(where).$dynamic()),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id, account: r.account, account_id: r.accountId, ip: r.ip, user_agent: r.userAgent, success: r.success, reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
      ...counted,
    };
  });

  route(app, { method: 'GET', url: '/loanapi/log/admin_operate_list', permission: P.operate, query: operationLogQuery }, async ({ req, query }): Promise<LogList<OperationLogRow>> => {
    const ids = await scopedAccountIds(d.db, req.actor!);
    const conds: (SQL | undefined)[] = [inScope(operationLog.accountId, ids), ...dateRange(operationLog.createdAt, query.date_from, query.date_to, d.cfg.timeZone)];
    if (query.account) {
      // By account id, so the (account_id, created_at, id) index serves the filter; deleted accounts keep their history.
      const byName = await d.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, query.account));
      conds.push(byName.length ? inArray(operationLog.accountId, byName.map((a) => a.id)) : eq(operationLog.account, query.account));
    }
    if (query.action) {
      const a = query.action;
      conds.push(a.endsWith('*') || a.endsWith('.')
        ? like(operationLog.action, `${likeEscape(a.replace(/\*$/, ''))}%`)
        : or(eq(operationLog.action, a), like(operationLog.action, `${likeEscape(a)}.%`)));
    }
    if (query.target_type) conds.push(eq(operationLog.targetType, query.target_type));
    if (query.target_id) conds.push(eq(operationLog.targetId, query.target_id));
    const where = and(...conds);
    const [rows, counted] = await Promise.all([
      d.db.select().from(operationLog).where(where).orderBy(desc(operationLog.createdAt), desc(operationLog.id))
        .limit(query.page_size).offset((query.page - 1) * query.page_size),
      cappedCount(d.db, d.db.select({ id: operationLog.id }).from(operationLog).where(where).$dynamic()),
    ]);
    const mask = req.actor!.privacy ? maskPhonesDeep : (v: unknown) => v;
    return {
      rows: rows.map((r) => ({
        id: r.id, account_id: r.accountId, account: r.account, action: r.action, target_type: r.targetType, target_id: r.targetId,
        before: mask(r.before), after: mask(r.after), ip: r.ip, request_id: r.requestId, created_at: r.createdAt.toISOString(),
      })),
      ...counted,
    };
  });

}
