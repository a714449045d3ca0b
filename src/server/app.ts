import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '../schemas/system';
import { CODE } from '../schemas/common';
import { trustProxyOption, type Config } from './config';
import type { Db } from './db/client';
import type { Deps } from './deps';
import { translate } from './i18n';
import { errorPlugin } from './plugins/errors';
import { serializeRequestForLog, sessionPlugin } from './plugins/session';
import { securityPlugin } from './plugins/security';
import { fastifyInputOptions, inputGuardPlugin } from './plugins/input';
import { writeOpLog } from './modules/log/oplog';
import { randomCaptchaText } from './modules/auth/captcha';
import { authRoutes } from './modules/auth/auth.routes';
import { googleRoutes } from './modules/auth/google.routes';
import { empowerRoutes } from './modules/empower/empower.routes';
import { roleRoutes } from './modules/empower/role.routes';
import { systemRoutes } from './modules/system/system.routes';
import { uploadRoutes } from './modules/system/upload.routes';
import { logRoutes } from './modules/log/log.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { merchantRoutes } from './modules/merchant/merchant.routes';
import { exportRoutes } from './list/routes';
import { customerRoutes } from './modules/client/customer.routes';
import { customerCommentRoutes } from './modules/client/customer-comment.routes';
import { clientRoutes } from './modules/client/client.routes';
import { customerLabelRoutes } from './modules/client/customer-label.routes';
import { orderRoutes } from './modules/order/order.routes';
import { PUBLIC } from './http';
import { JOBS } from './jobs';
import { startJobs } from './jobs/scheduler';
import { reviewRoutes } from './modules/review/review.routes';
import { scoringRoutes } from './modules/scoring/scoring.routes';
import { intakeRoutes } from './modules/intake/intake.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes';
import { repaymentRoutes } from './modules/repayment/repayment.routes';
import { repaymentCardRoutes } from './modules/repayment/card.routes';
import { extensionRoutes } from './modules/extension/extension.routes';
import { debtRoutes } from './modules/repayment/debt.routes';
import { clientClaimRoutes } from './modules/client/claim.routes';
import { collectionRoutes } from './modules/collection/collection.routes';
import { collectionWorkbenchRoutes } from './modules/collection/workbench.routes';
import { collectionSetupRoutes } from './modules/collection/setup.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { blacklistRoutes } from './modules/blacklist/blacklist.routes';
import { configRoutes } from './modules/config/config.routes';
import { contentRoutes } from './modules/content/content.routes';
import { bankRoutes } from './modules/bank/bank.routes';
import { coDebtRoutes } from './modules/coDebt/coDebt.routes';
import { templateRoutes } from './modules/template/template.routes';
import { forumRoutes } from './modules/forum/forum.routes';
import { customerSessionRoutes } from './modules/customerSession/customerSession.routes';
import { poolRoutes } from './modules/pool/pool.routes';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { channelRoutes } from './modules/channel/channel.routes';
import { shortLinkRoutes } from './modules/shortLink/shortLink.routes';
import { messagePushRoutes } from './modules/messagePush/messagePush.routes';
import { merchantMoneyRoutes } from './modules/merchantMoney/merchantMoney.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { createBusinessClock, type BusinessClock } from './modules/lifecycle/clock';
import { lifecycleRoutes } from './modules/lifecycle/lifecycle.routes';
import { devtoolRoutes } from './modules/devtool/devtool.routes';
import { statementRoutes } from './modules/statement/statement.routes';

export interface AppOptions {
  db: Db;
  cfg: Config;
  now?: () => Date;
  captchaText?: () => string;
  /** Serve the built console from cfg.distDir. */
  serveConsole?: boolean;
}

/** permission of every API route, by "METHOD path": read by the registry test. */
export type RoutePermissions = Map<string, string[]>;

export type App = FastifyInstance & { routePermissions: RoutePermissions; deps: Deps; businessClock: BusinessClock };

export async function buildApp(opts: AppOptions): Promise<App> {
  const { cfg } = opts;
  const app = Fastify({
    ...fastifyInputOptions,
    logger: cfg.logLevel === 'silent' ? false : {
      level: cfg.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-token"]'], serializers: { req: serializeRequestForLog },
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); by default req.ip is the socket's address.
    trustProxy: trustProxyOption(cfg.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'Lending console API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  const filesDir = cfg.dataDir.startsWith('memory://') ? fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'files-')) : path.join(cfg.dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  const now = opts.now ?? (() => new Date());
  const clock = createBusinessClock(opts.db, now);
  await clock.refresh(true);
  const deps: Deps = { db: opts.db, cfg, now, clock, captchaText: opts.captchaText ?? randomCaptchaText, filesDir };

  const routePermissions: RoutePermissions = new Map();
  app.addHook('onRoute', (r) => {
    const perm = (r.config as { permission?: string | string[] } | undefined)?.permission;
    if (perm) for (const m of [r.method].flat()) routePermissions.set(`${m} ${r.url}`, [perm].flat());
  });
  errorPlugin(app);
  await securityPlugin(app, cfg);
  inputGuardPlugin(app);
  sessionPlugin(app, deps);

  // Safety net of the operation log: a successful staff write whose handler logged nothing is logged here.
  app.addHook('onResponse', async (req) => {
    const cfgRoute = req.routeOptions.config;
    if (!req.succeeded || req.audited || !cfgRoute?.audit || !req.actor) return;
    await writeOpLog(opts.db, req, { action: `${req.method} ${req.routeOptions.url}`, after: req.body ?? null }).catch((err) => req.log.error({ err }, 'operation log'));
  });

  authRoutes(app, deps);
  googleRoutes(app, deps);
  empowerRoutes(app, deps);
  roleRoutes(app, deps);
  systemRoutes(app, deps);
  uploadRoutes(app, deps);
  logRoutes(app, deps);
  dashboardRoutes(app, deps);
  merchantRoutes(app, deps);
  clientRoutes(app, deps);
  customerLabelRoutes(app, deps);
  orderRoutes(app, deps);
  exportRoutes(app, deps);
  customerRoutes(app, deps);
  customerCommentRoutes(app, deps);
  lifecycleRoutes(app, deps);
  reviewRoutes(app, deps);
  scoringRoutes(app, deps);
  intakeRoutes(app, deps);
  paymentRoutes(app, deps);
  withdrawalRoutes(app, deps);
  repaymentRoutes(app, deps);
  repaymentCardRoutes(app, deps);
  extensionRoutes(app, deps);
  debtRoutes(app, deps);
  clientClaimRoutes(app, deps);
  collectionRoutes(app, deps);
  collectionWorkbenchRoutes(app, deps);
  collectionSetupRoutes(app, deps);
  statisticsRoutes(app, deps);
  blacklistRoutes(app, deps);
  configRoutes(app, deps);
  contentRoutes(app, deps);
  bankRoutes(app, deps);
  coDebtRoutes(app, deps);
  templateRoutes(app, deps);
  forumRoutes(app, deps);
  poolRoutes(app, deps);
  marketingRoutes(app, deps);
  channelRoutes(app, deps);
  shortLinkRoutes(app, deps);
  messagePushRoutes(app, deps);
  merchantMoneyRoutes(app, deps);
  smsRoutes(app, deps);
  customerSessionRoutes(app, deps);
  devtoolRoutes(app, deps);
  statementRoutes(app, deps);

  app.get('/loanapi/openapi.json', { config: { permission: PUBLIC } }, async () => app.swagger());
  app.get('/healthz', async () => ({ code: CODE.OK, msg: 'ok', data: { db: 'up' } }));

  if (opts.serveConsole && fs.existsSync(path.join(cfg.distDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: cfg.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress.ts): sent as the browser accepts.
      preCompressed: true,
      // Vite names assets by content hash, so a name never changes meaning: cached for a year without revalidation.
      setHeaders: (reply, file) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = opts.serveConsole && fs.existsSync(path.join(cfg.distDir, 'index.html')) ? fs.readFileSync(path.join(cfg.distDir, 'index.html'), 'utf8') : null;
  app.setNotFoundHandler((req, reply) => {
    // Unknown API paths are a plain HTTP 404 (the console ignores those silently, spec §8); other paths are the console's.
    if (req.url.startsWith('/loanapi/') || req.url.startsWith('/api/') || req.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ code: CODE.NOT_FOUND, msg: translate(req.lang, 'error.notFound', { what: req.url.split('?')[0] }), data: null });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });

  if (cfg.jobsEnabled) {
    const scheduler = startJobs(deps, JOBS, app.log);
    app.addHook('onClose', () => scheduler.stop());
  }

  await app.ready();
  return Object.assign(app, { routePermissions, deps, businessClock: clock }) as unknown as App;
}
