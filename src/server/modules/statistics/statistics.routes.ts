import type { FastifyInstance } from 'fastify';
import { REPORTS, STAT_API, statQuery, type ReportDecl, type StatPage } from '../../../schemas/statistics';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { runReport, SOURCES } from './engine';

/** GET /loanapi/statistics/<report> for every built report, under the report page's permission node. */
export function statisticsRoutes(app: FastifyInstance, d: Deps): void {
  for (const [id, decl] of Object.entries(REPORTS) as Array<[StatPage, ReportDecl]>) {
    const src = SOURCES[id];
    if (!src) throw new Error(`report ${id} is declared without a source`);
    route(app, { method: 'GET', url: STAT_API(id), permission: decl.node, query: statQuery }, async ({ req, query }) =>
      runReport(d.db, decl, src, query, req.actor!));
  }
}
