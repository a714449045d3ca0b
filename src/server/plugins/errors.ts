import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CODE } from '../../schemas/common';
import { issueMessage, type IssueMessage } from '../../schemas/validation';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { LANG_BY_CODE } from '../../schemas/i18n';

/** Field label for a validation message: `field.<name>` when the catalogue has one, else the name itself. */
function fieldLabel(lang: Parameters<typeof translate>[0], path: string): string {
  if (!path) return '';
  const last = path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? path;
  const id = `field.${last}`;
  const t = translate(lang, id);
  return t === id ? last : t;
}

/** Values written `@<message id>` (a status name, a stage) are worded in the caller's language too. */
function wordValues(lang: Parameters<typeof translate>[0], values: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' && v.startsWith('@') ? translate(lang, v.slice(1)) : v;
  return out;
}

/**
 * SQLSTATEs that only bad input can cause: numeric value out of range, invalid text representation, invalid byte
 * sequence, untranslatable character, program limit exceeded (a value too long to index).
 */
const INPUT_DATA_ERRORS = new Set(['22003', '22P02', '22021', '22P05', '54000']);

/** The SQLSTATE of a database error, looked for through the wrappers (drizzle's query error keeps it as `cause`). */
function inputDataErrorCode(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_DATA_ERRORS.has(code)) return code;
  }
  return null;
}

const netCounts = new WeakMap<FastifyInstance, number>();

/**
 * How many requests the database refused as bad input after validation let them through. Each one is a gap in a
 * schema or in the input guard: the fuzz test holds this at zero.
 */
export function databaseRefusals(app: FastifyInstance): number {
  return netCounts.get(app) ?? 0;
}

/**
 * Every failure leaves as an envelope in the caller's language: validation (40000, with each issue), our
 * AppErrors (their code and HTTP status), HTTP-level refusals from Fastify (40000), and anything unexpected
 * (50000 with the request id; the stack stays in the log).
 */
export function errorPlugin(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? LANG_BY_CODE.vi;
    if (err instanceof AppError) {
      if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
      return reply.status(err.httpStatus).send({
        code: err.code,
        msg: translate(lang, err.messageId, wordValues(lang, err.values)),
        data: err.issues.length ? { issues: err.issues } : null,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: IssueMessage[] = err.validation.map((v) => {
        const issue = { ...(v.params as object), code: v.keyword, path: v.instancePath.split('/').filter(Boolean), message: v.message } as unknown as z.core.$ZodIssue;
        return issueMessage(issue);
      });
      const words = issues.map((i) => `${fieldLabel(lang, i.path)}${i.path ? ': ' : ''}${translate(lang, i.id, i.values)}`);
      return reply.status(200).send({ code: CODE.VALIDATION, msg: words.join('; '), data: { issues } });
    }
    const sqlState = inputDataErrorCode(err);
    if (sqlState) {
      // A safety net, not the validation: the warning names the route so the schema can be fixed.
      netCounts.set(app, databaseRefusals(app) + 1);
      req.log.warn({ sqlState, route: req.routeOptions.url, message: (err as Error).message }, 'input refused by the database');
      return reply.status(200).send({ code: CODE.VALIDATION, msg: translate(lang, 'error.badRequest'), data: null });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'request refused');
      const id = status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'error.tooLarge' : 'error.badRequest';
      return reply.status(200).send({ code: CODE.VALIDATION, msg: translate(lang, id), data: null });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ code: CODE.INTERNAL, msg: translate(lang, 'error.internal', { requestId: req.id }), data: null });
  });
}
