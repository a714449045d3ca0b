import type { FastifyInstance } from 'fastify';
import { REPORTS } from '../../../schemas/reports';
import { STAT_API, statQuery } from '../../../schemas/statistics';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { runReport } from './engine';
import { SOURCES } from './sources';

/** GET /loanapi/statistics/<report> for every declared report, under its page's permission node. */
export function statisticsRoutes(app: FastifyInstance, d: Deps): void {
  for (const decl of Object.values(REPORTS)) {
    const src = SOURCES[decl.id];
    if (!src) throw new Error(`report ${decl.id} is declared without a source`);
    route(app, { method: 'GET', url: STAT_API(decl.id), permission: decl.node, query: statQuery }, async ({ req, query }) =>
      runReport(d.db, decl, src, query, req.actor!));
  }
}
