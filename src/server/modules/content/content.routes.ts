import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import {
  appHelpQuery, appMessagesQuery, appVersionQuery, bannerAddBody, bannerEditBody, CONTENT_API, contentIdBody, helpAddBody, helpEditBody,
  messageAddBody, messageEditBody, versionAddBody, versionEditBody,
} from '../../../schemas/content';
import type { Deps } from '../../deps';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { customer } from '../client/client.table';
import { authenticate, type IntakeCaller } from '../intake/auth';
import { addVersion, editBanner, editHelp, editMessage, editVersion, removeRow, saveBanner, saveHelp, saveMessage, type ContentCtx } from './content';
import { contentAppVersion, contentBanner, contentHelp, contentMessage } from './content.table';
import { bannerList, helpList, messageList, versionList } from './lists';

/**
 * Routes of the content area (docs/content.md): the console's /merchant banner and /AppConfig App_Update, App_Help,
 * App_Message (list, add, edit, del), and the borrower app's signed reads of them (/loanapi/app/banners, help,
 * version, messages), checked like every intake route before their query is validated.
 */
export function contentRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): ContentCtx => ({ deps, req, actor: req.actor! });
  const banner = (v: string) => actionKey('merchant', 'banner', v);
  const appKey = (page: string, v: string) => actionKey('App', page, v);

  listRoute(app, deps, bannerList, { url: CONTENT_API.bannerList });
  route(app, { method: 'POST', url: CONTENT_API.bannerAdd, permission: banner('add'), body: bannerAddBody }, ({ req, body }) => saveBanner(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.bannerEdit, permission: banner('edit'), body: bannerEditBody }, ({ req, body }) => editBanner(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.bannerDel, permission: banner('del'), body: contentIdBody }, ({ req, body }) => removeRow(ctx(req), contentBanner, body.id));

  listRoute(app, deps, versionList, { url: CONTENT_API.versionList });
  route(app, { method: 'POST', url: CONTENT_API.versionAdd, permission: appKey('App_Update', 'add'), body: versionAddBody }, ({ req, body }) => addVersion(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.versionEdit, permission: appKey('App_Update', 'edit'), body: versionEditBody }, ({ req, body }) => editVersion(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.versionDel, permission: appKey('App_Update', 'del'), body: contentIdBody }, ({ req, body }) => removeRow(ctx(req), contentAppVersion, body.id));

  listRoute(app, deps, helpList, { url: CONTENT_API.helpList });
  route(app, { method: 'POST', url: CONTENT_API.helpAdd, permission: appKey('App_Help', 'add'), body: helpAddBody }, ({ req, body }) => saveHelp(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.helpEdit, permission: appKey('App_Help', 'edit'), body: helpEditBody }, ({ req, body }) => editHelp(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.helpDel, permission: appKey('App_Help', 'del'), body: contentIdBody }, ({ req, body }) => removeRow(ctx(req), contentHelp, body.id));

  listRoute(app, deps, messageList, { url: CONTENT_API.messageList });
  route(app, { method: 'POST', url: CONTENT_API.messageAdd, permission: appKey('App_Message', 'add'), body: messageAddBody }, ({ req, body }) => saveMessage(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.messageEdit, permission: appKey('App_Message', 'edit'), body: messageEditBody }, ({ req, body }) => editMessage(ctx(req), body));
  route(app, { method: 'POST', url: CONTENT_API.messageDel, permission: appKey('App_Message', 'del'), body: contentIdBody }, ({ req, body }) => removeRow(ctx(req), contentMessage, body.id));

  // ---- the borrower app (signed with the merchant's app key; reads of the key's own merchant)
  void app.register(async (sub) => {
    sub.addHook('preValidation', async (req) => {
      req.intake = await authenticate(deps, req);
    });
    const m = (req: { intake?: IntakeCaller }) => req.intake!.merchant.id;
    const common = { permission: PUBLIC, audit: false } as const;

    route(sub, { ...common, method: 'GET', url: CONTENT_API.appBanners }, async ({ req }) => {
      const now = deps.now();
      const rows = await deps.db.select().from(contentBanner).where(and(
        eq(contentBanner.merchantId, m(req)), eq(contentBanner.enabled, true),
        or(isNull(contentBanner.startsAt), lte(contentBanner.startsAt, now)), or(isNull(contentBanner.endsAt), gt(contentBanner.endsAt, now)),
      )).orderBy(asc(contentBanner.sort), asc(contentBanner.id));
      return rows.map((r) => ({ id: r.id, title: r.title, image: r.image, link_url: r.linkUrl, sort: r.sort }));
    });

    route(sub, { ...common, method: 'GET', url: CONTENT_API.appHelp, query: appHelpQuery }, async ({ req, query }) => {
      const rows = await deps.db.select().from(contentHelp).where(and(
        eq(contentHelp.merchantId, m(req)), eq(contentHelp.lang, query.lang), eq(contentHelp.published, true),
        query.category ? eq(contentHelp.category, query.category) : undefined,
      )).orderBy(asc(contentHelp.sort), asc(contentHelp.id));
      return rows.map((r) => ({ id: r.id, category: r.category, title: r.title, body: r.body, sort: r.sort }));
    });

    route(sub, { ...common, method: 'GET', url: CONTENT_API.appVersion, query: appVersionQuery }, async ({ req, query }) => {
      const rows = await deps.db.select().from(contentAppVersion)
        .where(and(eq(contentAppVersion.merchantId, m(req)), eq(contentAppVersion.platform, query.platform)))
        .orderBy(desc(contentAppVersion.versionCode));
      const latest = rows[0];
      if (!latest) return { latest: null, update: false, force: false };
      const have = query.version_code;
      const newer = have === undefined ? [] : rows.filter((r) => r.versionCode > have);
      return {
        latest: { version_code: latest.versionCode, version_name: latest.versionName, download_url: latest.downloadUrl, notes: latest.notes, force: latest.force },
        update: have !== undefined && newer.length > 0,
        // A forced version between the app's and the latest still forces the update.
        force: newer.some((r) => r.force),
      };
    });

    route(sub, { ...common, method: 'GET', url: CONTENT_API.appMessages, query: appMessagesQuery }, async ({ req, query }) => {
      const phone = query.phone.replace(/[\s().-]/g, '');
      const [cu] = await deps.db.select({ id: customer.id }).from(customer)
        .where(and(eq(customer.merchantId, m(req)), eq(customer.phone, phone))).limit(1);
      const rows = await deps.db.select().from(contentMessage).where(and(
        eq(contentMessage.merchantId, m(req)), lte(contentMessage.publishAt, deps.now()),
        cu ? or(eq(contentMessage.audience, 'all'), eq(contentMessage.customerId, cu.id)) : eq(contentMessage.audience, 'all'),
      )).orderBy(desc(contentMessage.publishAt), desc(contentMessage.id)).limit(100);
      return rows.map((r) => ({ id: r.id, title: r.title, body: r.body, publish_at: r.publishAt.toISOString() }));
    });
  });
}
