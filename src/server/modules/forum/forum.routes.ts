import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  appForumPostBody, appForumPostsQuery, appForumReplyBody, appForumReportBody, appForumThreadQuery, FORUM_API, forumHideBody, forumPinBody,
  forumReplyBody, forumThreadQuery,
} from '../../../schemas/forum';
import type { Deps } from '../../deps';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { authenticate, type IntakeCaller } from '../intake/auth';
import { appCreatePost, appPosts, appReply, appReport, appThread } from './app';
import { setHidden, setPinned, staffReply, threadOf, type ForumCtx } from './forum';
import { forumList } from './lists';

/**
 * Routes of the forum area (docs/forum.md): the App_Forum screen (list, thread, hide, reply, pin) and the borrower app's
 * signed calls (/loanapi/app/forum/…), checked like every intake route before their input is validated.
 */
export function forumRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): ForumCtx => ({ deps, req, actor: req.actor! });
  const act = (v: string) => actionKey('App', 'App_Forum', v);

  listRoute(app, deps, forumList, { url: FORUM_API.list });
  route(app, { method: 'GET', url: FORUM_API.thread, permission: pageKey('App', 'App_Forum'), query: forumThreadQuery }, ({ req, query }) => threadOf(ctx(req), query.id));
  route(app, { method: 'POST', url: FORUM_API.hide, permission: act('hide'), body: forumHideBody }, ({ req, body }) => setHidden(ctx(req), body.id, body.hidden));
  route(app, { method: 'POST', url: FORUM_API.pin, permission: act('pin'), body: forumPinBody }, ({ req, body }) => setPinned(ctx(req), body.id, body.pinned));
  route(app, { method: 'POST', url: FORUM_API.reply, permission: act('reply'), body: forumReplyBody }, ({ req, body }) => staffReply(ctx(req), body.id, body.body));

  // ---- the borrower app: bodies kept as the exact bytes the signature covers (as in intake/app.routes.ts)
  void app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const raw = body as Buffer;
      req.rawBody = raw;
      if (raw.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
      }
    });
    sub.addHook('preValidation', async (req) => {
      req.intake = await authenticate(deps, req);
    });
    const caller = (req: { intake?: IntakeCaller }) => req.intake!;
    const common = { permission: PUBLIC, audit: false } as const;

    route(sub, { ...common, method: 'GET', url: FORUM_API.appPosts, query: appForumPostsQuery }, ({ req, query }) => appPosts(deps, caller(req), query.page, query.size));
    route(sub, { ...common, method: 'GET', url: FORUM_API.appThread, query: appForumThreadQuery }, ({ req, query }) => appThread(deps, caller(req), query.id));
    route(sub, { ...common, method: 'POST', url: FORUM_API.appPost, body: appForumPostBody }, ({ req, body }) => appCreatePost(deps, caller(req), body));
    route(sub, { ...common, method: 'POST', url: FORUM_API.appReply, body: appForumReplyBody }, ({ req, body }) => appReply(deps, caller(req), body));
    route(sub, { ...common, method: 'POST', url: FORUM_API.appReport, body: appForumReportBody }, ({ req, body }) => appReport(deps, caller(req), body));
  });
}
