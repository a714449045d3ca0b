import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE } from '../../../schemas/common';
import { REPORTS } from '../../../schemas/reports';
import { STAT_API, statQuery } from '../../../schemas/statistics';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { EXPORT_SETTINGS, jobStatus, settlesWithin, startExport, type ExportFormat } from '../../list/export';
import type { ExportStarted } from '../../list/routes';
import { writeOpLog } from '../log/oplog';
import { runReport } from './engine';
import { reportExportSource } from './reportExport';
import { SOURCES } from './sources';

/** The report's query plus the list exports' own parameters (spec §7): `download_excel=1` answers a file instead. */
const reportQuery = statQuery.extend({
  download_excel: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).optional()
    .describe('1: export the rows and the totals to a file (as list exports: file_url, or job_id to poll)'),
  format: z.enum(['csv', 'xlsx']).optional().describe('export file format (default xlsx)'),
});

/**
 * GET /loanapi/statistics/<report> for every declared report, under its page's permission node; with
 * `download_excel=1` the same figures go to a CSV or XLSX file through the export jobs (operation log
 * `export.start`, as list exports).
 */
export function statisticsRoutes(app: FastifyInstance, d: Deps): void {
  for (const decl of Object.values(REPORTS)) {
    const src = SOURCES[decl.id];
    if (!src) throw new Error(`report ${decl.id} is declared without a source`);
    const exported = reportExportSource(decl, src);
    route(app, { method: 'GET', url: STAT_API(decl.id), permission: decl.node, query: reportQuery }, async ({ req, query }) => {
      const { download_excel: download, format: asked, ...filters } = query;
      if (String(download) !== '1') return runReport(d.db, decl, src, filters, req.actor!);
      const format: ExportFormat = asked ?? 'xlsx';
      const q = { filters, sort: filters.sort ?? 'key:asc', lang: req.lang.code };
      const { jobId, done } = await startExport(d, exported, req.actor!, q, format, req.log, (id) =>
        writeOpLog(d.db, req, { action: 'export.start', targetType: 'export_job', targetId: id, after: { list: exported.id, format, ...filters } }));
      await settlesWithin(done, EXPORT_SETTINGS.waitMs);
      const st = (await jobStatus(d, req.actor!.accountId, jobId, req.lang))!;
      if (st.status === 'failed') throw new AppError(CODE.INTERNAL, 'export.failed');
      const out: ExportStarted = { job_id: st.job_id, status: st.status, rows_done: st.rows_done, rows_total: st.rows_total };
      if (st.file_url) out.file_url = st.file_url;
      return out;
    });
  }
}
