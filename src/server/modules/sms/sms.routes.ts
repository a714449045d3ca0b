import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE, id32 } from '../../../schemas/common';
import {
  merchantSmsConfigAddBody, SMS_API, SMS_VARIABLES, smsConfigAddBody, smsConfigEditBody, smsConfigTestBody, smsTaskAddBody, smsTaskIdBody,
  smsTaskProgressQuery, smsTaskUploadFields, smsTemplateBody, smsTemplateListQuery, TEMPLATE_VARIABLES, type SmsOptions,
} from '../../../schemas/sms';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { marketingGroup } from '../marketing/marketing.table';
import { merchant } from '../merchant/merchant.table';
import { langOfMarket } from '../withdrawal/sms';
import { invalidField, notFound, saveConfig, scopedMerchant, testConfig, type SmsCtx } from './configs';
import { applyReports } from './engine';
import { alertList, merchantConfigList, messageList, recipientList, systemConfigList, taskList } from './lists';
import { smsRuntime, verifyReport, type DeliveryReport } from './providers';
import { smsConfig, smsTemplate } from './sms.table';
import { addTask, addTaskFromFile, moveTask, taskProgress } from './tasks';
import { assertTemplate, templatesOf } from './templates';
import { openSecret } from '../intake/secrets';

/**
 * Routes of the SMS area (docs/sms.md): /system systemSmsConfig, /merchant smsConfig (configurations, messages, alarms,
 * templates), /merchant smsSendTask (tasks: add from a group, the customers or a file; start, pause, resume; progress),
 * and the gateways' signed delivery-report callback.
 */

const TASK_FILE_MAX_BYTES = 8 * 1024 * 1024;

const reportBody = z.object({
  reports: z.array(z.object({
    ref: z.string().trim().max(24),
    status: z.enum(['delivered', 'failed']),
    provider_ref: z.string().trim().max(80).optional(),
    error: z.string().trim().max(200).optional(),
  })).min(1).max(5000),
});

async function readTaskUpload(req: FastifyRequest) {
  const noFile = () => new AppError(CODE.VALIDATION, 'error.uploadNoFile', {}, 200, [{ path: 'file', id: 'error.uploadNoFile', values: {} }]);
  if (!req.isMultipart()) throw noFile();
  const part = await req.file({ limits: { fileSize: TASK_FILE_MAX_BYTES, files: 1 } });
  if (!part) throw noFile();
  const buf = await part.toBuffer().catch(() => null);
  if (!buf || part.file.truncated) throw invalidField('file', 'sms.task.fileTooLarge', { max: '8 MB' });
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part.fields)) {
    const value = (v as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string' && value !== '') raw[k] = value;
  }
  const fields = smsTaskUploadFields.safeParse(raw);
  if (!fields.success) {
    const first = fields.error.issues[0];
    const path = first.path.map(String).join('.') || 'merchant_id';
    throw invalidField(path, first.message?.startsWith('validation.') ? first.message : 'validation.invalid');
  }
  return { fields: fields.data, buf };
}

export function smsRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): SmsCtx => ({ deps, req, actor: req.actor! });
  smsRuntime(deps.db).inject = app.inject.bind(app);
  app.addHook('onClose', async () => smsRuntime(deps.db).close());
  const sys = (verb: string) => actionKey('system', 'systemSmsConfig', verb);
  const mer = (verb: string) => actionKey('merchant', 'smsConfig', verb);
  const task = (verb: string) => actionKey('merchant', 'smsSendTask', verb);

  // ---- /system systemSmsConfig
  listRoute(app, deps, systemConfigList, { url: SMS_API.systemConfigList });
  route(app, { method: 'POST', url: SMS_API.systemConfigAdd, permission: sys('add'), body: smsConfigAddBody }, ({ req, body }) => saveConfig(ctx(req), null, body));
  route(app, { method: 'POST', url: SMS_API.systemConfigEdit, permission: sys('edit'), body: smsConfigEditBody }, ({ req, body }) => saveConfig(ctx(req), null, body));
  route(app, { method: 'POST', url: SMS_API.systemConfigTest, permission: sys('test'), body: smsConfigTestBody }, ({ req, body }) => testConfig(ctx(req), body, true));

  // ---- /merchant smsConfig
  listRoute(app, deps, merchantConfigList, { url: SMS_API.configList });
  route(app, { method: 'POST', url: SMS_API.configAdd, permission: mer('add'), body: merchantSmsConfigAddBody }, ({ req, body }) => {
    const { merchant_id: merchantId, ...rest } = body;
    return saveConfig(ctx(req), merchantId, rest);
  });
  route(app, { method: 'POST', url: SMS_API.configEdit, permission: mer('edit'), body: smsConfigEditBody }, async ({ req, body }) => {
    const [c] = await deps.db.select({ merchantId: smsConfig.merchantId }).from(smsConfig).where(eq(smsConfig.id, body.id));
    if (!c || c.merchantId === null) throw notFound('config');
    return saveConfig(ctx(req), c.merchantId, body);
  });
  route(app, { method: 'POST', url: SMS_API.configTest, permission: mer('test'), body: smsConfigTestBody }, ({ req, body }) => testConfig(ctx(req), body, false));
  listRoute(app, deps, messageList, { url: SMS_API.messageList });
  listRoute(app, deps, alertList, { url: SMS_API.alertList });

  // Templates: the merchant's wording of each kind, or the default in the caller's language.
  route(app, { method: 'GET', url: SMS_API.templateList, permission: pageKey('merchant', 'smsConfig'), query: smsTemplateListQuery }, async ({ req, query }) => {
    const m = await scopedMerchant(ctx(req), query.merchant_id);
    return { variables: SMS_VARIABLES, templates: await templatesOf(deps.db, m.id, langOfMarket(m.market)) };
  });
  route(app, { method: 'POST', url: SMS_API.templateSave, permission: mer('template'), body: smsTemplateBody }, async ({ req, body }) => {
    await scopedMerchant(ctx(req), body.merchant_id);
    if (body.content) assertTemplate(body.content, TEMPLATE_VARIABLES[body.kind]);
    return deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(smsTemplate).where(and(eq(smsTemplate.merchantId, body.merchant_id), eq(smsTemplate.kind, body.kind)));
      if (!body.content) await tx.delete(smsTemplate).where(and(eq(smsTemplate.merchantId, body.merchant_id), eq(smsTemplate.kind, body.kind)));
      else {
        await tx.insert(smsTemplate).values({ merchantId: body.merchant_id, kind: body.kind, content: body.content, updatedBy: req.actor!.accountId, updatedAt: deps.now() })
          .onConflictDoUpdate({ target: [smsTemplate.merchantId, smsTemplate.kind], set: { content: body.content, updatedBy: req.actor!.accountId, updatedAt: deps.now() } });
      }
      await writeOpLog(tx, req, { action: 'sms.template.save', targetType: 'sms_template', targetId: `${body.merchant_id}:${body.kind}`, before: before?.content ?? null, after: body.content || null });
      return { kind: body.kind, content: body.content, custom: !!body.content };
    });
  });

  // ---- /merchant smsSendTask
  listRoute(app, deps, taskList, { url: SMS_API.taskList });
  listRoute(app, deps, recipientList, { url: SMS_API.taskRecipients });
  route(app, { method: 'POST', url: SMS_API.taskAdd, permission: task('add'), body: smsTaskAddBody }, ({ req, body }) => addTask(ctx(req), body));
  route(app, { method: 'POST', url: SMS_API.taskUpload, permission: task('add') }, async ({ req }) => {
    const { fields, buf } = await readTaskUpload(req);
    return addTaskFromFile(ctx(req), fields, buf);
  });
  route(app, { method: 'POST', url: SMS_API.taskStart, permission: task('start'), body: smsTaskIdBody }, ({ req, body }) => moveTask(ctx(req), body.id, 'start'));
  route(app, { method: 'POST', url: SMS_API.taskPause, permission: task('pause'), body: smsTaskIdBody }, ({ req, body }) => moveTask(ctx(req), body.id, 'pause'));
  route(app, { method: 'POST', url: SMS_API.taskResume, permission: task('resume'), body: smsTaskIdBody }, ({ req, body }) => moveTask(ctx(req), body.id, 'resume'));
  route(app, { method: 'GET', url: SMS_API.taskProgress, permission: pageKey('merchant', 'smsSendTask'), query: smsTaskProgressQuery },
    ({ req, query }) => taskProgress(ctx(req), query.ids.split(',').map(Number).filter((n) => n > 0 && n <= 2 ** 53)));
  route(app, { method: 'GET', url: SMS_API.options, permission: [pageKey('merchant', 'smsSendTask'), pageKey('merchant', 'smsConfig')] }, async ({ req }): Promise<SmsOptions> => {
    const actor = req.actor!;
    if (!isUnscoped(actor) && !actor.merchantIds.length) return { merchants: [], groups: [] };
    const scope = isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds);
    const merchants = await deps.db.select({ id: merchant.id, name: merchant.name, code: merchant.code }).from(merchant).where(scope).orderBy(asc(merchant.id));
    const groups = await deps.db.select({ id: marketingGroup.id, merchant_id: marketingGroup.merchantId, name: marketingGroup.name }).from(marketingGroup)
      .where(isUnscoped(actor) ? undefined : inArray(marketingGroup.merchantId, actor.merchantIds)).orderBy(asc(marketingGroup.id)).limit(500);
    return { merchants, groups };
  });

  // ---- delivery reports (public: the gateway has no session; the signature is the permission)
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as unknown as { rawBody?: string }).rawBody = String(body);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new AppError(CODE.VALIDATION, 'error.badRequest', {}, 200), undefined);
      }
    });
    route(scope, {
      method: 'POST', url: SMS_API.callback, permission: PUBLIC, audit: false, params: z.object({ config_id: id32 }), body: reportBody,
    }, async ({ req, params, body }) => {
      const [c] = await deps.db.select().from(smsConfig).where(eq(smsConfig.id, params.config_id));
      const secret = c?.secretSealed ? await openSecret(deps.db, c.secretSealed) : null;
      const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      if (!c || !secret || !verifyReport(secret, raw, req.headers['x-sms-signature'] as string | undefined)) {
        req.log.warn({ config: params.config_id }, 'sms delivery report with a bad signature refused');
        throw new AppError(CODE.FORBIDDEN, 'sms.callbackForged', {}, 403);
      }
      const changed = await applyReports(deps.db, c.id, body.reports as DeliveryReport[], deps.now());
      return { received: body.reports.length, changed };
    });
  });
}
