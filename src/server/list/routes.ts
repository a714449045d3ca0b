import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE } from '../../schemas/common';
import type { Deps } from '../deps';
import { AppError, notFound } from '../errors';
import { PUBLIC, SIGNED_IN, route } from '../http';
import { translate } from '../i18n';
import { exportJob } from '../modules/export/export.table';
import { writeOpLog } from '../modules/log/oplog';
import { cappedCount, countKey, recentCount, rememberCount, type Counted } from './count';
import { CURSOR_RE, decodeCursor, encodeCursor, type Cursor } from './cursor';
import type { AnyList } from './define';
import {
  checkLink, drainExports, EXPORT_SETTINGS, exportDir, failInterruptedExports, jobStatus, settlesWithin, startExport, type ExportFormat,
  type ExportStatus,
} from './export';
import { buildWhere, invalid, isDataError, keyQuery, positionOf, readPage, resolveSort, shapeRow } from './query';
import { signingSecret } from './secret';

/** What a list answers (without download_excel). */
export interface ListPage<R = Record<string, unknown>> extends Counted {
  rows: R[];
  /** Pass as `cursor` for the rows after the last one; null at the end. */
  next_cursor: string | null;
  /** Pass as `cursor` for the rows before the first one; null at the start. */
  prev_cursor: string | null;
}

/** What `download_excel=1` answers: the link when the file was ready within ~15 s, else the job to poll. */
export type ExportStarted = Pick<ExportStatus, 'job_id' | 'status' | 'rows_done' | 'rows_total' | 'file_url'>;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]);

/** The engine's parameters, added to every list's filters. */
export function listParams(list: AnyList) {
  return {
    cursor: z.string().regex(CURSOR_RE, 'validation.cursorFormat').optional()
      .describe('next_cursor or prev_cursor of a previous answer'),
    direction: z.enum(['next', 'prev']).optional()
      .describe('next: rows after the cursor (default for next_cursor); prev: rows before it; prev without a cursor: the last page'),
    offset: int(0, list.maxOffset).optional().describe(`rows to skip (jumps), at most ${list.maxOffset}`),
    page: int(0, 10_000_000).optional().describe('page number from 1 (0 is the first page too); page × size is capped like offset'),
    size: int(1, list.maxSize).optional().describe(`rows per page, 1–${list.maxSize} (default ${list.defaultSize})`),
    page_size: int(1, list.maxSize).optional().describe('same as size'),
    sort: z.string().max(80).regex(/^[A-Za-z][A-Za-z0-9_]{0,63}(:(asc|desc))?$/, 'validation.sortFormat').optional()
      .describe(`field:asc|desc, field one of ${list.sortKeys.join(', ')}; default ${list.defaultSort.key}:${list.defaultSort.dir}`),
    download_excel: flag.optional().describe('1: export every matching row to a file instead (spec §7); answers file_url'),
    format: z.enum(['csv', 'xlsx']).optional().describe('export file format (default xlsx)'),
  };
}

type ListQuery = Record<string, unknown> & {
  cursor?: string; direction?: 'next' | 'prev'; offset?: number; page?: number; size?: number; page_size?: number;
  sort?: string; download_excel?: '0' | '1' | 0 | 1; format?: ExportFormat;
};

/** The request's input as sent, kept before validation transforms it: exports replay it. */
const rawInput = new WeakMap<FastifyRequest, Record<string, unknown>>();

export interface ListRouteOptions {
  url: string;
  method?: 'GET' | 'POST';
}

/** Serves a declared list at a URL: filters, sort, keyset/page paging, capped counts, and exports. */
export function listRoute(app: FastifyInstance, d: Deps, list: AnyList, opts: ListRouteOptions): void {
  const method = opts.method ?? 'GET';
  const schema = list.def.filters.extend(listParams(list));
  const filterKeys = Object.keys(list.def.filters.shape);
  // A multi-value filter arrives as repeated keys (an array) or once (`status=a` or `status=a,b`: a string).
  const arrayKeys = filterKeys.filter((k) => isArraySchema(list.def.filters.shape[k]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: opts.url,
    schema: method === 'GET' ? { querystring: schema } : { body: schema },
    config: { permission: list.def.permission, audit: false },
    preValidation: async (req) => {
      const src = (method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
      if (src && typeof src === 'object') {
        for (const k of arrayKeys) if (typeof src[k] === 'string') src[k] = (src[k] as string).split(',').map((v) => v.trim()).filter(Boolean);
      }
      rawInput.set(req, src && typeof src === 'object' ? { ...src } : {});
    },
    handler: async (req, reply) => {
      const q = (method === 'GET' ? req.query : req.body) as ListQuery;
      const actor = req.actor!;
      const sort = resolveSort(list, q.sort);
      let data: unknown;
      if (q.download_excel === '1' || q.download_excel === 1) {
        const raw = rawInput.get(req) ?? {};
        const filters = Object.fromEntries(filterKeys.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
        const format: ExportFormat = q.format ?? 'xlsx';
        const query = { filters, sort: `${sort.key}:${sort.dir}`, lang: req.lang.code };
        const { jobId, done } = await startExport(d, list, actor, query, format, req.log, (id) =>
          writeOpLog(d.db, req, { action: 'export.start', targetType: 'export_job', targetId: id, after: { list: list.id, format, ...query } }));
        await settlesWithin(done, EXPORT_SETTINGS.waitMs);
        const st = (await jobStatus(d, actor.accountId, jobId, req.lang))!;
        if (st.status === 'failed') throw new AppError(CODE.INTERNAL, 'export.failed');
        const out: ExportStarted = { job_id: st.job_id, status: st.status, rows_done: st.rows_done, rows_total: st.rows_total };
        if (st.file_url) out.file_url = st.file_url;
        data = out;
      } else {
        data = await listPage(d, list, req, q, sort);
      }
      if (reply.sent) return reply;
      req.succeeded = true;
      return { code: CODE.OK, msg: translate(req.lang, 'common.success'), data };
    },
  });
}

async function listPage(d: Deps, list: AnyList, req: FastifyRequest, q: ListQuery, sort: ReturnType<typeof resolveSort>): Promise<ListPage> {
  const actor = req.actor!;
  const size = q.size ?? q.page_size ?? list.defaultSize;
  let offset = q.offset ?? 0;
  if (q.page !== undefined && q.page > 1) offset += (q.page - 1) * size;
  if (offset > list.maxOffset) throw invalid(q.page !== undefined ? 'page' : 'offset', 'validation.offsetTooDeep', { max: list.maxOffset });
  const secret = await signingSecret(d.db);
  let cursor: Cursor | null = null;
  if (q.cursor) {
    cursor = decodeCursor(q.cursor, secret);
    if (!cursor) throw invalid('cursor', 'validation.cursorInvalid');
  }
  const after = cursor ? positionOf(list, sort, cursor) : null;
  const direction = q.direction ?? cursor?.w ?? 'next';
  const filters = Object.fromEntries(Object.keys(list.def.filters.shape).map((k) => [k, q[k]]));
  const where = await buildWhere(list, filters, actor, d);
  // Pages that continue a first page (cursor, offset) reuse its total for a while. A first page counts again,
  // unless the last count was past the cap: that total is the planner's estimate anyway, and counting cap + 1 rows
  // to find it capped again is most of a first page's database time.
  const key = countKey(list.id, actor.accountId, filters);
  const now = Date.now();
  const recent = recentCount(key, now);
  const known = after !== null || offset > 0 || recent?.total_capped ? recent : undefined;
  let page: Awaited<ReturnType<typeof readPage>>;
  let counted: Counted;
  try {
    [page, counted] = await Promise.all([
      readPage(list, d, where, sort, { after, direction, offset, size }),
      known ?? cappedCount(d.db, () => keyQuery(list, d, where), list.countCap, { table: list.table, filtered: where !== undefined }),
    ]);
    if (!known) rememberCount(key, counted, now);
  } catch (err) {
    // Cursor values and filters are validated before they reach SQL; a value the database still cannot use is
    // the caller's input, not a server fault.
    if (!isDataError(err)) throw err;
    req.log.info({ err }, 'list query refused a value');
    throw after ? invalid('cursor', 'validation.cursorInvalid') : new AppError(CODE.VALIDATION, 'error.badRequest');
  }
  // Past the page in the direction read: `more`; the other way: there is something when we started from a
  // position or skipped rows.
  const behind = after !== null || offset > 0;
  const hasNext = direction === 'next' ? page.more : behind;
  const hasPrev = direction === 'next' ? behind : page.more;
  const enc = (p: typeof page.first, w: 'next' | 'prev') => (p ? encodeCursor({ l: list.id, s: sort.key, d: sort.dir, ...p, w }, secret) : null);
  return {
    rows: page.rows.map((r) => shapeRow(list, r, actor)),
    next_cursor: hasNext ? enc(page.last, 'next') : null,
    prev_cursor: hasPrev ? enc(page.first, 'prev') : null,
    ...counted,
  };
}

const statusQuery = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const downloadQuery = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  exp: z.coerce.number().int().positive().max(1e11),
  sig: z.string().max(200),
});

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET /loanapi/export/status (own jobs) and the signed download link; fails the jobs a stopped process left behind. */
export function exportRoutes(app: FastifyInstance, d: Deps): void {
  app.addHook('onClose', async () => drainExports(d));
  // Before the server takes requests: jobs a stopped process left queued or running can never finish.
  app.addHook('onReady', async () => {
    const n = await failInterruptedExports(d);
    if (n) app.log.warn({ jobs: n }, 'export jobs interrupted by a server stop marked failed');
  });

  route(app, { method: 'GET', url: '/loanapi/export/status', permission: SIGNED_IN, query: statusQuery }, async ({ req, query }): Promise<ExportStatus> => {
    const st = await jobStatus(d, req.actor!.accountId, query.id, req.lang);
    if (!st) throw notFound('export_job');
    return st;
  });

  // Opened by the browser in a new window (spec §7), so no session header: the link itself is the credential,
  // signed and valid for 10 minutes.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/loanapi/export/download',
    schema: { querystring: downloadQuery },
    config: { permission: PUBLIC },
    handler: async (req, reply) => {
      const { id, exp, sig } = req.query;
      const verdict = await checkLink(d, id, exp, sig);
      if (verdict !== 'ok') throw new AppError(CODE.FORBIDDEN, verdict === 'expired' ? 'export.linkExpired' : 'export.linkInvalid', {}, 403);
      const [job] = await d.db.select().from(exportJob).where(eq(exportJob.id, id));
      const file = job?.status === 'done' && job.fileKey ? path.join(exportDir(d), job.fileKey) : null;
      if (!job || !file || !fs.existsSync(file)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: 'export' }, 404);
      const format = job.format as ExportFormat;
      const stamp = job.createdAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const name = `${job.list.replace(/[^A-Za-z0-9_.-]/g, '_')}-${stamp}.${format}`;
      return reply
        .type(MIME[format] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  });
}

/** Whether a filter's schema takes a list of values (optional, default and nullable wrappers looked through). */
function isArraySchema(schema: unknown): boolean {
  let cur = schema as { def?: { type?: string; innerType?: unknown } } | undefined;
  for (let i = 0; i < 5 && cur?.def; i++) {
    if (cur.def.type === 'array') return true;
    if (!['optional', 'default', 'nullable', 'prefault'].includes(cur.def.type ?? '')) return false;
    cur = cur.def.innerType as typeof cur;
  }
  return false;
}
