import { eq, ilike, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { bannerListQuery, helpListQuery, messageListQuery, versionListQuery } from '../../../schemas/content';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { customer } from '../client/client.table';
import { likeEscape } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { contentAppVersion, contentBanner, contentHelp, contentMessage } from './content.table';

/** The four lists of the content area, declared once (docs/list-engine.md). */

const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;
const like = (s: string) => `%${likeEscape(s)}%`;

export const bannerList = defineList({
  id: 'merchant.banner',
  permission: pageKey('merchant', 'banner'),
  from: contentBanner,
  columns: {
    id: contentBanner.id,
    merchant_id: contentBanner.merchantId,
    merchant_name: merchantName(contentBanner.merchantId),
    title: contentBanner.title,
    image: contentBanner.image,
    link_url: contentBanner.linkUrl,
    sort: contentBanner.sort,
    starts_at: contentBanner.startsAt,
    ends_at: contentBanner.endsAt,
    enabled: contentBanner.enabled,
    active: sql<boolean>`(${outer(contentBanner.enabled)} and (${outer(contentBanner.startsAt)} is null or ${outer(contentBanner.startsAt)} <= now()) and (${outer(contentBanner.endsAt)} is null or ${outer(contentBanner.endsAt)} > now()))`,
    updated_at: contentBanner.updatedAt,
  },
  filters: bannerListQuery,
  scope: merchantScope(contentBanner.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(contentBanner.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(contentBanner.enabled, f.enabled) : undefined,
    f.title ? ilike(contentBanner.title, like(f.title)) : undefined,
  ],
  sorts: { sort: contentBanner.sort, id: contentBanner.id, updated_at: contentBanner.updatedAt },
  defaultSort: 'sort:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'title', title: 'content.field.title' },
    { key: 'link_url', title: 'content.field.link_url' },
    { key: 'sort', title: 'content.field.sort' },
    { key: 'starts_at', title: 'content.field.starts_at' },
    { key: 'ends_at', title: 'content.field.ends_at' },
    { key: 'enabled', title: 'content.field.enabled' },
  ],
});

export const versionList = defineList({
  id: 'app.App_Update',
  permission: pageKey('App', 'App_Update'),
  from: contentAppVersion,
  columns: {
    id: contentAppVersion.id,
    merchant_id: contentAppVersion.merchantId,
    merchant_name: merchantName(contentAppVersion.merchantId),
    platform: contentAppVersion.platform,
    version_code: contentAppVersion.versionCode,
    version_name: contentAppVersion.versionName,
    force: contentAppVersion.force,
    download_url: contentAppVersion.downloadUrl,
    notes: contentAppVersion.notes,
    created_at: contentAppVersion.createdAt,
  },
  filters: versionListQuery,
  scope: merchantScope(contentAppVersion.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(contentAppVersion.merchantId, f.merchant_id) : undefined,
    f.platform !== undefined ? eq(contentAppVersion.platform, f.platform) : undefined,
  ],
  sorts: { version_code: contentAppVersion.versionCode, created_at: contentAppVersion.createdAt, id: contentAppVersion.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'platform', title: 'content.field.platform' },
    { key: 'version_code', title: 'content.field.version_code' },
    { key: 'version_name', title: 'content.field.version_name' },
    { key: 'force', title: 'content.field.force' },
    { key: 'download_url', title: 'content.field.download_url' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

export const helpList = defineList({
  id: 'app.App_Help',
  permission: pageKey('App', 'App_Help'),
  from: contentHelp,
  columns: {
    id: contentHelp.id,
    merchant_id: contentHelp.merchantId,
    merchant_name: merchantName(contentHelp.merchantId),
    lang: contentHelp.lang,
    category: contentHelp.category,
    title: contentHelp.title,
    body: contentHelp.body,
    sort: contentHelp.sort,
    published: contentHelp.published,
    updated_at: contentHelp.updatedAt,
  },
  filters: helpListQuery,
  scope: merchantScope(contentHelp.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(contentHelp.merchantId, f.merchant_id) : undefined,
    f.lang !== undefined ? eq(contentHelp.lang, f.lang) : undefined,
    f.category !== undefined ? eq(contentHelp.category, f.category) : undefined,
    f.published !== undefined ? eq(contentHelp.published, f.published) : undefined,
    f.title ? ilike(contentHelp.title, like(f.title)) : undefined,
  ],
  sorts: { sort: contentHelp.sort, updated_at: contentHelp.updatedAt, id: contentHelp.id },
  defaultSort: 'sort:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'lang', title: 'content.field.lang' },
    { key: 'category', title: 'content.field.category' },
    { key: 'title', title: 'content.field.title' },
    { key: 'sort', title: 'content.field.sort' },
    { key: 'published', title: 'content.field.published' },
  ],
});

export const messageList = defineList({
  id: 'app.App_Message',
  permission: pageKey('App', 'App_Message'),
  from: contentMessage,
  columns: {
    id: contentMessage.id,
    merchant_id: contentMessage.merchantId,
    merchant_name: merchantName(contentMessage.merchantId),
    title: contentMessage.title,
    body: contentMessage.body,
    audience: contentMessage.audience,
    customer_id: contentMessage.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(contentMessage.customerId)})`,
    publish_at: contentMessage.publishAt,
    created_at: contentMessage.createdAt,
  },
  filters: messageListQuery,
  scope: merchantScope(contentMessage.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(contentMessage.merchantId, f.merchant_id) : undefined,
    f.audience !== undefined ? eq(contentMessage.audience, f.audience) : undefined,
    f.customer_id !== undefined ? eq(contentMessage.customerId, f.customer_id) : undefined,
  ],
  sorts: { publish_at: contentMessage.publishAt, id: contentMessage.id },
  defaultSort: 'publish_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'title', title: 'content.field.title' },
    { key: 'audience', title: 'content.field.audience' },
    { key: 'customer_name', title: 'field.customer_id' },
    { key: 'publish_at', title: 'content.field.publish_at' },
  ],
});
