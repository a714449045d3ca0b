import { eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { templateListQuery, type TemplateKind, type TemplateRow } from '../../../schemas/template';
import { defineList, type ListRow } from '../../list/define';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped, likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { template } from './template.table';

/** /system template, declared once (docs/list-engine.md): the actor's merchants' templates and the global ones. */

const columns = {
  id: template.id,
  merchant_id: template.merchantId,
  merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(template.merchantId)})`,
  kind: template.kind,
  lang: template.lang,
  title: template.title,
  body: template.body,
  enabled: template.enabled,
  updated_by_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(template.updatedBy)})`,
  updated_at: template.updatedAt,
};

export const templateList = defineList({
  id: 'system.template',
  permission: pageKey('system', 'template'),
  from: template,
  columns,
  filters: templateListQuery,
  // Global templates are the product's defaults: every merchant's staff may read them (and copy them), not change them.
  scope: (actor) => (isUnscoped(actor) ? undefined : or(isNull(template.merchantId), inArray(template.merchantId, actor.merchantIds.length ? actor.merchantIds : [-1]))),
  where: (f) => [
    f.merchant_id !== undefined ? eq(template.merchantId, f.merchant_id) : undefined,
    f.kind !== undefined ? eq(template.kind, f.kind) : undefined,
    f.lang !== undefined ? eq(template.lang, f.lang) : undefined,
    f.enabled !== undefined ? eq(template.enabled, f.enabled) : undefined,
    f.title ? ilike(template.title, `%${likeEscape(f.title)}%`) : undefined,
  ],
  sorts: { updated_at: template.updatedAt, id: template.id },
  defaultSort: 'updated_at:desc',
  map: (r: ListRow<typeof columns>): TemplateRow => ({ ...r, kind: r.kind as TemplateKind }),
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'kind', title: 'template.field.kind' },
    { key: 'lang', title: 'template.field.lang' },
    { key: 'title', title: 'template.field.title' },
    { key: 'enabled', title: 'template.field.enabled' },
    { key: 'updated_by_name', title: 'template.field.updated_by' },
    { key: 'updated_at', title: 'template.field.updated_at' },
  ],
});
