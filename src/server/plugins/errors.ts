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
