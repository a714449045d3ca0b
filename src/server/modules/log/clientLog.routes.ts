import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageKey } from '../../../../commands/permissions';
import {
  appRunLogBody, appRunLogQuery, clientErrorBody, clientErrorQuery, LOG_COUNT_CAP, LOG_PAGE_SIZE_MAX, stripSensitive,
} from '../../../schemas/log';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { PUBLIC, SIGNED_IN, route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { inScope, likeEscape, scopedAccountIds } from '../empower/scope';
import { dateRange } from '../empower/time';
import { authenticate, scopeIds, type IntakeCaller } from '../intake/auth';
import { appRunLog, clientError } from './log.table';

/**
 * The console's own errors (spec /log/vue_and_query_log, reported by src/app/errorReporting.ts) and the borrower
 * app's runtime log (spec /log/app_run_log, sent through the signed intake API). docs/client-log.md.
 */
const P = {
  client: pageKey('log', 'vue_and_query_log'),
  appRun: pageKey('log', 'app_run_log'),
};

const DETAIL_MAX = 20_000;
const dropPaging = { page: true, page_size: true } as const;

/** Console errors, newest first; a merchant-scoped reader sees the errors of its merchants' accounts. */
export const clientErrorList = defineList({
  id: 'log.vue_and_query_log',
  permission: P.client,
  from: (db, fields) => db.select(fields).from(clientError).leftJoin(adminAccount, eq(adminAccount.id, clientError.accountId)).$dynamic(),
  key: clientError.id,
  columns: {
    id: clientError.id, account_id: clientError.accountId, account: adminAccount.account, kind: clientError.kind,
    message: clientError.message, url: clientError.url, method: clientError.method, path: clientError.path,
    status: clientError.status, request_id: clientError.requestId, user_agent: clientError.userAgent,
    detail: clientError.detail, created_at: clientError.createdAt,
  },
  filters: clientErrorQuery.omit(dropPaging),
  async scope(actor, ctx) {
    return inScope(clientError.accountId, await scopedAccountIds(ctx.db, actor));
  },
  async where(f, _actor, ctx) {
    const conds: (SQL | undefined)[] = [...dateRange(clientError.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone)];
    if (f.account) {
      const ids = await ctx.db.select({ id: adminAccount.id }).from(adminAccount).where(eq(adminAccount.account, f.account));
      conds.push(inScope(clientError.accountId, ids.map((a) => a.id)));
    }
    if (f.kind) conds.push(eq(clientError.kind, f.kind));
    if (f.path) {
      const pat = `%${likeEscape(f.path)}%`;
      conds.push(or(ilike(clientError.path, pat), ilike(clientError.url, pat)));
    }
    return conds;
  },
  sorts: { created_at: clientError.createdAt, id: clientError.id },
  defaultSort: 'created_at:desc',
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'created_at', title: 'export.col.time' },
    { key: 'account', title: 'field.account' },
    { key: 'kind', title: 'log.client.kind' },
    { key: 'message', title: 'log.client.message' },
    { key: 'method', title: 'log.client.method' },
    { key: 'path', title: 'log.client.path' },
    { key: 'status', title: 'log.client.status' },
    { key: 'request_id', title: 'log.client.requestId' },
    { key: 'url', title: 'log.client.url' },
    { key: 'user_agent', title: 'export.col.userAgent' },
  ],
});

/** The app's runtime log, newest first, scoped to the reader's merchants. */
export const appRunLogList = defineList({
  id: 'log.app_run_log',
  permission: P.appRun,
  from: appRunLog,
  columns: {
    id: appRunLog.id, merchant_id: appRunLog.merchantId, customer_id: appRunLog.customerId, level: appRunLog.level, tag: appRunLog.tag,
    message: appRunLog.message, device: appRunLog.device, app_version: appRunLog.appVersion, logged_at: appRunLog.loggedAt,
    created_at: appRunLog.createdAt,
  },
  filters: appRunLogQuery.omit(dropPaging),
  scope: merchantScope(appRunLog.merchantId),
  where: (f, _actor, ctx) => [
    ...dateRange(appRunLog.createdAt, f.date_from, f.date_to, ctx.cfg.timeZone),
    f.level ? eq(appRunLog.level, f.level) : undefined,
    f.tag ? eq(appRunLog.tag, f.tag) : undefined,
    f.customer_id ? eq(appRunLog.customerId, f.customer_id) : undefined,
    f.device ? eq(appRunLog.device, f.device) : undefined,
    f.app_version ? eq(appRunLog.appVersion, f.app_version) : undefined,
    f.q ? ilike(appRunLog.message, `%${likeEscape(f.q)}%`) : undefined,
  ],
  sorts: { created_at: appRunLog.createdAt, id: appRunLog.id },
  defaultSort: 'created_at:desc',
  maxSize: LOG_PAGE_SIZE_MAX,
  countCap: LOG_COUNT_CAP,
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'logged_at', title: 'export.col.time' },
    { key: 'merchant_id', title: 'log.appRun.merchant' },
    { key: 'level', title: 'log.appRun.level' },
    { key: 'tag', title: 'log.appRun.tag' },
    { key: 'message', title: 'log.client.message' },
    { key: 'device', title: 'log.appRun.device' },
    { key: 'app_version', title: 'log.appRun.appVersion' },
    { key: 'customer_id', title: 'log.appRun.customer' },
  ],
});

/** The app's time of a line when plausible (within a week of now), else now. */
function lineTime(v: number | string | undefined, now: Date): Date {
  if (v === undefined) return now;
  const t = typeof v === 'number' ? new Date(v < 1e11 ? v * 1000 : v) : new Date(v);
  return Number.isFinite(t.getTime()) && Math.abs(t.getTime() - now.getTime()) < 7 * 86_400_000 ? t : now;
}

export function clientLogRoutes(app: FastifyInstance, d: Deps): void {
  // Errors the console reports (spec /log/vue_and_query_log). Not audited: the reporter is not a staff action.
  route(app, { method: 'POST', url: '/loanapi/log/client_error', permission: SIGNED_IN, body: clientErrorBody, audit: false }, async ({ req, body }) => {
    let detail: unknown = body.detail ?? null;
    const text = detail === null ? '' : JSON.stringify(detail);
    if (text.length > DETAIL_MAX) detail = { truncated: text.slice(0, DETAIL_MAX) };
    const ua = req.headers['user-agent'];
    await d.db.insert(clientError).values({
      accountId: req.actor!.accountId, message: body.message.slice(0, 1000), url: stripSensitive(body.url).slice(0, 1000), detail,
      kind: body.kind, method: body.method, path: stripSensitive(body.path).slice(0, 500), status: body.status, requestId: body.request_id,
      userAgent: (Array.isArray(ua) ? ua[0] : ua ?? '').slice(0, 500), createdAt: d.now(),
    });
    return null;
  });

  listRoute(app, d, clientErrorList, { url: '/loanapi/log/client_error_list' });
  listRoute(app, d, appRunLogList, { url: '/loanapi/log/app_run_log_list' });

  // The borrower app's runtime log: signed like the other intake routes (src/server/modules/intake/auth.ts), in a
  // plugin of its own that keeps the exact body bytes for the signature and checks it before validating the body.
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      req.rawBody = raw;
      if (raw.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
      }
    });
    sub.addHook('preValidation', async (req) => {
      req.intake = await authenticate(d, req);
    });
    route(sub, { method: 'POST', url: '/loanapi/app/run_log', permission: PUBLIC, audit: false, body: appRunLogBody }, async ({ req, body }) => {
      const c: IntakeCaller = req.intake!;
      let customerId: number | null = null;
      if (body.customer_id !== undefined) {
        const [row] = await d.db.select({ id: customer.id }).from(customer)
          .where(and(eq(customer.id, body.customer_id), inArray(customer.merchantId, scopeIds(c)))).limit(1);
        if (!row) throw badRequest('log.appRun.unknownCustomer');
        customerId = row.id;
      }
      const now = d.now();
      await d.db.insert(appRunLog).values(body.lines.map((l) => ({
        appKeyId: c.appKeyId, merchantId: c.merchant.id, customerId, level: l.level, tag: l.tag, message: l.message,
        device: body.device, appVersion: body.app_version, loggedAt: lineTime(l.time, now), createdAt: now,
      })));
      return { accepted: body.lines.length };
    });
  });
}
