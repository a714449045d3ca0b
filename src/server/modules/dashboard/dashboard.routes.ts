import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardSummary } from '../../../schemas/dashboard';
import type { Deps } from '../../deps';
import { SIGNED_IN, route } from '../../http';
import { loginLog } from '../auth/auth.table';
import { isUnscoped } from '../empower/scope';
import { dayStart, localDate } from '../empower/time';
import { operationLog } from '../log/log.table';
import { dashboardAccess } from './access';
import { merchantFigures } from './balances';
import { collectorSection } from './collector';
import { cachedLending } from './lendingCache';
import { dayGroups, scopedMerchants } from './merchantDays';
import { queueLengths, reviewerSection } from './queues';
import { signinOverview } from './signins';
import { acquisitionSection } from './acquisition';

export { ONLINE_WINDOW_MINUTES } from './signins';

/**
 * GET /loanapi/dashboard/summary: every section the account's nodes allow, in one answer (docs/dashboard.md). Loan
 * figures come from the statistics facts; queues and personal figures from indexed queries on the live tables.
 */
export function dashboardRoutes(app: FastifyInstance, d: Deps): void {
  const tz = d.cfg.timeZone;

  route(app, { method: 'GET', url: '/loanapi/dashboard/summary', permission: SIGNED_IN }, async ({ req }): Promise<DashboardSummary> => {
    const actor = req.actor!;
    const now = d.now();
    const today = localDate(now, tz);
    await d.clock.refresh();
    const access = dashboardAccess(actor.nodes);
    const ms = await scopedMerchants(d.db, actor, d.clock.now());
    const groups = dayGroups(ms);
    const ids = isUnscoped(actor) ? null : ms.map((m) => m.id);

    const acq = access.acquisition;
    const [[mine], logins, overview, lendingSection, queues, review, collection, merchants, acquisition] = await Promise.all([
      d.db.select({ n: count() }).from(operationLog)
        .where(and(eq(operationLog.accountId, actor.accountId), gte(operationLog.createdAt, dayStart(today, tz)))),
      // The login log index is by account name; the id check keeps a re-used name from showing another's login.
      d.db.select({ at: loginLog.createdAt, ip: loginLog.ip }).from(loginLog)
        .where(and(eq(loginLog.account, actor.account), eq(loginLog.accountId, actor.accountId), eq(loginLog.success, true)))
        .orderBy(desc(loginLog.createdAt), desc(loginLog.id)).limit(2),
      access.signins ? signinOverview(d.db, tz, actor, now, today) : null,
      cachedLending(d.db, ms, access.lending, today),
      access.queues ? queueLengths(d.db, ids) : null,
      access.reviewStages.length ? reviewerSection(d.db, ids, groups, actor.accountId, access.reviewStages) : null,
      access.collector ? collectorSection(d.db, ms, groups, actor.accountId, access.pool) : null,
      access.merchants ? merchantFigures(d.db, ms) : null,
      acq.marketing || acq.held || acq.pool ? acquisitionSection(d.db, ms, groups, actor.accountId, acq) : null,
    ]);
    const previous = logins[1];
    return {
      me: {
        account: actor.account, name: actor.name, operations_today: Number(mine.n),
        last_login: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
      },
      overview,
      lending: lendingSection,
      queues,
      review,
      collection,
      acquisition,
      merchants,
      generated_at: now.toISOString(),
    };
  });
}
