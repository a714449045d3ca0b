import { eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import { copyEventBody } from '../../../schemas/auth';
import { LOG_COUNT_CAP, LOG_PAGE_SIZE_MAX, loginLogQuery, operationLogQuery } from '../../../schemas/log';
import type { Deps } from '../../deps';
import { SIGNED_IN, route } from '../../http';
import { defineList } from '../../list/define';
import { listRoute } from '../../list/routes';
import { loginLog } from '../auth/auth.table';
import { adminAccount } from '../empower/empower.table';
import { inScope, likeEscape, maskPhonesDeep, scopedAccountIds } from '../empower/scope';
import { dateRange } from '../empower/time';
import { clientLogRoutes } from './clientLog.routes';
import { copyRecord, operationLog } from './log.table';

const P = {
  login: pageKey('log', 'admin_login'),
  operate: pageKey('log', 'admin_operate'),
};

/** The copy event's own time when it is plausible (ms since epoch or a date string within a day of now), else now. */
function eventTime(v: string | undefined, now: Date): Date {
  if (!v) return now;
  const t = /^\d{10,13}$/.test(v) ? new Date(Number(v.length === 10 ? Number(v) * 1000 : v)) : new Date(v);
  return Number.isFinite(t.getTime()) && Math.abs(t.getTime() - now.getTime()) < 86_400_000 ? t : now;
}

const dropPaging = { page: true, page_size: true } as const;

/** Sign-in attempts (spec /log/admin_login), newest first. */
export const loginLogList = defineList({
  id: 'log.admin_login',
  permission: P.login,
  from: loginLog,
  columns: {
    id: loginLog.id, account: loginLog.account, account_id: loginLog.accountId, ip: loginLog.ip, user_agent: loginLog.userAgent,
    success: loginLog.success, reason: loginLog.reason, created_at: loginLog.createdAt,
  },
  filters: loginLogQuery.omit(dropPaging),
  // The account is the staff member's login name, and the IP an address: neither is masked.
  async scope(actor, ctx) {
    return inScope(loginLog.accountId, await scopedAccountIds(ctx.db, actor));
  },
  where: (f, _actor, ctx) => [
    f.account ? eq(loginLog.account, f.account) : undefined,
    f.success !== undefined ? eq(loginLog.success, f.success) : undefined,
    f.ip ? eq(loginLog.ip, f.ip) : undefined,
    ...dateRange(loginLog.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: loginLog.createdAt, id: loginLog.id },
  defaultSort: 'created_at:desc',
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'account', title: 'field.account' },
    { key: 'success', title: 'export.col.result' },
    { key: 'reason', title: 'export.col.reason' },
    { key: 'ip', title: 'export.col.ip' },
    { key: 'user_agent', title: 'export.col.userAgent' },
    { key: 'created_at', title: 'export.col.time' },
  ],
});

/** Staff writes with before/after (spec /log/admin_operate), newest first. */
export const operationLogList = defineList({
  id: 'log.admin_operate',
  permission: P.operate,
  from: operationLog,
  columns: {
    id: operationLog.id, account_id: operationLog.accountId, account: operationLog.account, action: operationLog.action,
    target_type: operationLog.targetType, target_id: operationLog.targetId, before: operationLog.before, after: operationLog.after,
    ip: operationLog.ip, request_id: operationLog.requestId, created_at: operationLog.createdAt,
  },
  filters: operationLogQuery.omit(dropPaging),
  async scope(actor, ctx) {
    return inScope(operationLog.accountId, await scopedAccountIds(ctx.db, actor));
  },
  async where(f, _actor, ctx) {
    const conds: (SQL | undefined)[] = [...dateRange(operationLog.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone)];
    if (f.account) {
      // By account id, so the (account_id, created_at, id) index serves the filter; deleted accounts keep their history.
      const byName = await ctx.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, f.account));
      conds.push(byName.length ? inArray(operationLog.accountId, byName.map((a) => a.id)) : eq(operationLog.account, f.account));
    }
    if (f.action) {
      const a = f.action;
      conds.push(a.endsWith('*') || a.endsWith('.')
        ? like(operationLog.action, `${likeEscape(a.replace(/\*$/, ''))}%`)
        : or(eq(operationLog.action, a), like(operationLog.action, `${likeEscape(a)}.%`)));
    }
    if (f.target_type) conds.push(eq(operationLog.targetType, f.target_type));
    if (f.target_id) conds.push(eq(operationLog.targetId, f.target_id));
    return conds;
  },
  sorts: { created_at: operationLog.createdAt, id: operationLog.id },
  defaultSort: 'created_at:desc',
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  // Spec §6: phone numbers inside before/after are masked for a privacy-protected reader (lists and exports).
  map: (row, actor) => (actor.privacy ? { ...row, before: maskPhonesDeep(row.before), after: maskPhonesDeep(row.after) } : row),
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'account', title: 'field.account' },
    { key: 'action', title: 'export.col.action' },
    { key: 'target_type', title: 'export.col.targetType' },
    { key: 'target_id', title: 'export.col.targetId' },
    { key: 'before', title: 'export.col.before' },
    { key: 'after', title: 'export.col.after' },
    { key: 'ip', title: 'export.col.ip' },
    { key: 'request_id', title: 'export.col.requestId' },
    { key: 'created_at', title: 'export.col.time' },
  ],
});

export function logRoutes(app: FastifyInstance, d: Deps): void {
  // Spec §7: queued by the console one at a time, response ignored. Not a staff action: no operation-log row.
  route(app, { method: 'POST', url: '/loanapi/admin_account/copy_records_event', permission: SIGNED_IN, body: copyEventBody, audit: false }, async ({ req, body }) => {
    await d.db.insert(copyRecord).values({
      accountId: req.actor!.accountId, pageTitle: body.page_title, pageUrl: body.page_url, pageDomain: body.page_domain,
      operationTime: eventTime(body.operation_time, d.now()), copiedInfo: body.copied_info, copiedType: body.copied_type, ip: req.ip.slice(0, 64),
    });
    return null;
  });

  // Console errors and the app's runtime log (spec /log/vue_and_query_log, /log/app_run_log).
  clientLogRoutes(app, d);

  listRoute(app, d, loginLogList, { url: '/loanapi/log/admin_login_list' });
  listRoute(app, d, operationLogList, { url: '/loanapi/log/admin_operate_list' });

}
