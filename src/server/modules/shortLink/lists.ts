import { eq, ilike, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { domainListQuery, linkListQuery, providerListQuery, useListQuery } from '../../../schemas/shortLink';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { dateRange } from '../empower/time';
import { isUnscoped, likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { shortLink, shortLinkDomain, shortLinkProvider, shortLinkUse } from './shortLink.table';

/** The four lists of the shortLink group, declared once (docs/list-engine.md). */

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;

/** DomainList: platform resources, the same for every reader. */
export const domainList = defineList({
  id: 'system.DomainList',
  permission: pageKey('system', 'DomainList'),
  from: shortLinkDomain,
  columns: {
    id: shortLinkDomain.id,
    host: shortLinkDomain.host,
    state: shortLinkDomain.state,
    https: shortLinkDomain.https,
    remark: shortLinkDomain.remark,
    links: sql<number>`(select count(*)::int from ${shortLink} l where l.domain_id = ${outer(shortLinkDomain.id)})`,
    uses: sql<number>`(select count(*)::int from ${shortLinkUse} u where u.domain_id = ${outer(shortLinkDomain.id)})`,
    created_at: shortLinkDomain.createdAt,
    updated_at: shortLinkDomain.updatedAt,
  },
  filters: domainListQuery,
  where: (f) => [
    f.host ? ilike(shortLinkDomain.host, `%${likeEscape(f.host.toLowerCase())}%`) : undefined,
    f.domain_state ? eq(shortLinkDomain.state, f.domain_state) : undefined,
  ],
  sorts: { id: shortLinkDomain.id, created_at: shortLinkDomain.createdAt },
  defaultSort: 'id:desc',
  exportColumns: [
    { key: 'host', title: 'shortLink.field.host' },
    { key: 'state', title: 'shortLink.field.state' },
    { key: 'https', title: 'shortLink.field.https' },
    { key: 'links', title: 'shortLink.field.links' },
    { key: 'remark', title: 'shortLink.field.remark' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

/** ServiceProvider: the secret is never a column; only whether one is set and its last 4 characters. */
export const providerList = defineList({
  id: 'system.ServiceProvider',
  permission: pageKey('system', 'ServiceProvider'),
  from: shortLinkProvider,
  columns: {
    id: shortLinkProvider.id,
    name: shortLinkProvider.name,
    kind: shortLinkProvider.kind,
    endpoint: shortLinkProvider.endpoint,
    url_field: shortLinkProvider.urlField,
    result_field: shortLinkProvider.resultField,
    auth_header: shortLinkProvider.authHeader,
    has_secret: sql<boolean>`(${outer(shortLinkProvider.secretSealed)} is not null)`,
    secret_hint: shortLinkProvider.secretHint,
    timeout_ms: shortLinkProvider.timeoutMs,
    enabled: shortLinkProvider.enabled,
    remark: shortLinkProvider.remark,
    uses: sql<number>`(select count(*)::int from ${shortLinkUse} u where u.provider_id = ${outer(shortLinkProvider.id)})`,
    created_at: shortLinkProvider.createdAt,
  },
  filters: providerListQuery,
  where: (f) => [
    f.name ? ilike(shortLinkProvider.name, `%${likeEscape(f.name)}%`) : undefined,
    f.provider_kind ? eq(shortLinkProvider.kind, f.provider_kind) : undefined,
    f.enabled !== undefined ? eq(shortLinkProvider.enabled, f.enabled) : undefined,
  ],
  sorts: { id: shortLinkProvider.id },
  defaultSort: 'id:desc',
  exportColumns: [
    { key: 'name', title: 'shortLink.field.name' },
    { key: 'kind', title: 'shortLink.field.kind' },
    { key: 'endpoint', title: 'shortLink.field.endpoint' },
    { key: 'enabled', title: 'shortLink.field.enabled' },
    { key: 'remark', title: 'shortLink.field.remark' },
  ],
});

/** LinkUseChannel: platform rows (no merchant) and the rows of the reader's merchants. */
export const useList = defineList({
  id: 'system.LinkUseChannel',
  permission: pageKey('system', 'LinkUseChannel'),
  from: shortLinkUse,
  columns: {
    id: shortLinkUse.id,
    merchant_id: shortLinkUse.merchantId,
    merchant_name: merchantName(shortLinkUse.merchantId),
    purpose: shortLinkUse.purpose,
    channel: shortLinkUse.channel,
    domain_id: shortLinkUse.domainId,
    domain_host: sql<string | null>`(select d.host from ${shortLinkDomain} d where d.id = ${outer(shortLinkUse.domainId)})`,
    domain_state: sql<string | null>`(select d.state from ${shortLinkDomain} d where d.id = ${outer(shortLinkUse.domainId)})`,
    provider_id: shortLinkUse.providerId,
    provider_name: sql<string | null>`(select p.name from ${shortLinkProvider} p where p.id = ${outer(shortLinkUse.providerId)})`,
    enabled: shortLinkUse.enabled,
    remark: shortLinkUse.remark,
    updated_at: shortLinkUse.updatedAt,
  },
  filters: useListQuery,
  scope: (actor) => (isUnscoped(actor) ? undefined
    : actor.merchantIds.length ? sql`(${shortLinkUse.merchantId} is null or ${shortLinkUse.merchantId} in (${sql.join(actor.merchantIds.map((m) => sql`${m}`), sql`, `)}))`
      : sql`${shortLinkUse.merchantId} is null`),
  where: (f) => [
    f.merchant_id !== undefined ? eq(shortLinkUse.merchantId, f.merchant_id) : undefined,
    f.link_purpose ? eq(shortLinkUse.purpose, f.link_purpose) : undefined,
    f.link_channel ? eq(shortLinkUse.channel, f.link_channel) : undefined,
  ],
  sorts: { id: shortLinkUse.id },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'purpose', title: 'shortLink.field.purpose' },
    { key: 'channel', title: 'shortLink.field.channel' },
    { key: 'domain_host', title: 'shortLink.field.host' },
    { key: 'provider_name', title: 'shortLink.field.provider' },
    { key: 'enabled', title: 'shortLink.field.enabled' },
  ],
});

/** DomainLinkLog: the links made for the reader's merchants, with their clicks. */
export const linkList = defineList({
  id: 'system.DomainLinkLog',
  permission: pageKey('system', 'DomainLinkLog'),
  from: shortLink,
  columns: {
    id: shortLink.id,
    merchant_id: shortLink.merchantId,
    merchant_name: merchantName(shortLink.merchantId),
    code: shortLink.code,
    long_url: shortLink.longUrl,
    short_url: shortLink.shortUrl,
    purpose: shortLink.purpose,
    channel: shortLink.channel,
    domain_host: sql<string | null>`(select d.host from ${shortLinkDomain} d where d.id = ${outer(shortLink.domainId)})`,
    provider_name: sql<string | null>`(select p.name from ${shortLinkProvider} p where p.id = ${outer(shortLink.providerId)})`,
    provider_error: shortLink.providerError,
    clicks: shortLink.clicks,
    last_click_at: shortLink.lastClickAt,
    created_at: shortLink.createdAt,
  },
  filters: linkListQuery,
  scope: merchantScope(shortLink.merchantId),
  where: (f, _a, ctx) => [
    f.merchant_id !== undefined ? eq(shortLink.merchantId, f.merchant_id) : undefined,
    f.link_purpose ? eq(shortLink.purpose, f.link_purpose) : undefined,
    f.domain_id !== undefined ? eq(shortLink.domainId, f.domain_id) : undefined,
    f.code ? eq(shortLink.code, f.code) : undefined,
    ...dateRange(shortLink.createdAt, f.created_from, f.created_to, ctx.cfg.timeZone),
  ],
  sorts: { created_at: shortLink.createdAt, id: shortLink.id, clicks: shortLink.clicks },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'short_url', title: 'shortLink.field.short_url' },
    { key: 'long_url', title: 'shortLink.field.long_url' },
    { key: 'purpose', title: 'shortLink.field.purpose' },
    { key: 'domain_host', title: 'shortLink.field.host' },
    { key: 'clicks', title: 'shortLink.field.clicks' },
    { key: 'last_click_at', title: 'shortLink.field.last_click_at' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});
