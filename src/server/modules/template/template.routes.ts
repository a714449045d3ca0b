import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { LANG_BY_CODE, type LangCode } from '../../../schemas/i18n';
import {
  TEMPLATE_API, templateAddBody, templateEditBody, templateIdBody, templatePageParams, templatePageQuery, templatePreviewBody,
} from '../../../schemas/template';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, route } from '../../http';
import { listRoute } from '../../list/routes';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { escapeHtml } from './sanitize';
import { addTemplate, editTemplate, previewTemplate, removeTemplate, renderH5, setEnabled, type TemplateCtx } from './template';
import { template } from './template.table';
import { templateList } from './lists';

/**
 * Routes of the template area (docs/template.md): the /system template screen's list and writes, the live preview,
 * and the public H5 page of an enabled landing template.
 */

/** The page's own policy: no script at all, images over https, styles only from the page itself. */
const PAGE_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const PAGE_STYLE = 'body{font-family:system-ui,sans-serif;margin:0;padding:16px;line-height:1.5;color:#222}img{max-width:100%;height:auto}'
  + 'a{color:#1c7ed6}main{max-width:640px;margin:0 auto}';

function money(minor: number, currency: string, intl: string): string {
  const f = new Intl.NumberFormat(intl, { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 0;
  return f.format(minor / 10 ** digits);
}

export function templateRoutes(app: FastifyInstance, deps: Deps): void {
  const ctx = (req: FastifyRequest): TemplateCtx => ({ deps, req, actor: req.actor! });
  const act = (v: string) => actionKey('system', 'template', v);

  listRoute(app, deps, templateList, { url: TEMPLATE_API.list });
  route(app, { method: 'POST', url: TEMPLATE_API.add, permission: act('add'), body: templateAddBody }, ({ req, body }) => addTemplate(ctx(req), body));
  route(app, { method: 'POST', url: TEMPLATE_API.edit, permission: act('edit'), body: templateEditBody }, ({ req, body }) => editTemplate(ctx(req), body));
  route(app, { method: 'POST', url: TEMPLATE_API.enable, permission: act('enable'), body: templateIdBody }, ({ req, body }) => setEnabled(ctx(req), body.id, true));
  route(app, { method: 'POST', url: TEMPLATE_API.disable, permission: act('disable'), body: templateIdBody }, ({ req, body }) => setEnabled(ctx(req), body.id, false));
  route(app, { method: 'POST', url: TEMPLATE_API.del, permission: act('del'), body: templateIdBody }, ({ req, body }) => removeTemplate(ctx(req), body.id));
  // Writes nothing: the editor calls it as you type.
  route(app, { method: 'POST', url: TEMPLATE_API.preview, permission: pageKey('system', 'template'), body: templatePreviewBody, audit: false },
    ({ body }) => previewTemplate(body.kind, body.body));

  // Public: the landing page a promotion link leads to. Only enabled h5_landing templates; the merchant's name and first
  // enabled product fill the page, the link's channel and code come from the query (checked, else left empty).
  route(app, { method: 'GET', url: TEMPLATE_API.page, permission: PUBLIC, params: templatePageParams, query: templatePageQuery, audit: false },
    async ({ params, query, reply }) => {
      const [t] = await deps.db.select().from(template).where(and(eq(template.id, params.id), eq(template.kind, 'h5_landing'), eq(template.enabled, true))).limit(1);
      if (!t) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@template.what' }, 404);
      const lang = LANG_BY_CODE[t.lang as LangCode] ?? LANG_BY_CODE.en;
      const values: Record<string, string> = { channel: query.ch ?? '', promo_code: query.pc ?? '' };
      if (t.merchantId !== null) {
        const [m] = await deps.db.select().from(merchant).where(eq(merchant.id, t.merchantId)).limit(1);
        const [p] = await deps.db.select().from(product).where(and(eq(product.merchantId, t.merchantId), eq(product.enabled, true))).orderBy(asc(product.id)).limit(1);
        if (m) values.merchant = m.name;
        if (m && p) Object.assign(values, { product: p.name, max_amount: money(p.maxAmountMinor, m.currency, lang.intl), max_days: String(p.maxDays) });
      }
      const html = `<!doctype html><html lang="${lang.intl}" dir="${lang.dir}"><head><meta charset="utf-8">`
        + '<meta name="viewport" content="width=device-width,initial-scale=1">'
        + `<title>${escapeHtml(t.title)}</title><style>${PAGE_STYLE}</style></head><body><main>${renderH5(t.body, values)}</main></body></html>`;
      return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'public, max-age=60').header('x-content-type-options', 'nosniff').send(html);
    });
}
