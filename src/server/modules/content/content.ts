import { and, eq, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { bannerAddBody, bannerEditBody, helpAddBody, helpEditBody, messageAddBody, messageEditBody, versionAddBody, versionEditBody } from '../../../schemas/content';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { scopedMerchant } from '../blacklist/entries';
import { customer } from '../client/client.table';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { contentAppVersion, contentBanner, contentHelp, contentMessage } from './content.table';

/**
 * Writes of the content area (docs/content.md). Every write names a merchant the account may act for; an id of another
 * merchant's row answers "not found" and writes nothing.
 */

export interface ContentCtx { deps: Deps; req: FastifyRequest; actor: Actor }

const issue = (code: number, messageId: string, path: string, values: Record<string, string | number> = {}) =>
  new AppError(code, messageId, values, 200, [{ path, id: messageId, values }]);
const notFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@content.what.item' });
const at = (s: string | undefined) => (s ? new Date(s) : null);
const inScope = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

type Table = typeof contentBanner | typeof contentAppVersion | typeof contentHelp | typeof contentMessage;
async function scopedRow<T extends Table>(db: DbOrTx, actor: Actor, table: T, id: number): Promise<T['$inferSelect']> {
  const [row] = await db.select().from(table as typeof contentBanner).where(eq((table as typeof contentBanner).id, id)).limit(1);
  if (!row || !inScope(actor, row.merchantId)) throw notFound();
  return row as T['$inferSelect'];
}

// ---- banners
export async function saveBanner(c: ContentCtx, b: z.infer<typeof bannerAddBody> & { id?: number }): Promise<{ id: number }> {
  await scopedMerchant(c.deps.db, c.actor, b.merchant_id);
  const values = {
    merchantId: b.merchant_id, title: b.title, image: b.image, linkUrl: b.link_url, sort: b.sort,
    startsAt: at(b.starts_at), endsAt: at(b.ends_at), enabled: b.enabled, updatedAt: c.deps.now(),
  };
  if (b.id === undefined) {
    const [r] = await c.deps.db.insert(contentBanner).values({ ...values, createdBy: c.actor.accountId }).returning({ id: contentBanner.id });
    return r;
  }
  await scopedRow(c.deps.db, c.actor, contentBanner, b.id);
  await c.deps.db.update(contentBanner).set(values).where(eq(contentBanner.id, b.id));
  return { id: b.id };
}
export const editBanner = (c: ContentCtx, b: z.infer<typeof bannerEditBody>) => saveBanner(c, b);

// ---- app versions
/** A new version of a platform: its code must be above every earlier one of the merchant's platform. */
export async function addVersion(c: ContentCtx, b: z.infer<typeof versionAddBody>): Promise<{ id: number }> {
  await scopedMerchant(c.deps.db, c.actor, b.merchant_id);
  try {
    return await c.deps.db.transaction(async (tx) => {
      const [top] = await tx.select({ code: max(contentAppVersion.versionCode) }).from(contentAppVersion)
        .where(and(eq(contentAppVersion.merchantId, b.merchant_id), eq(contentAppVersion.platform, b.platform)));
      if (top?.code != null && b.version_code <= top.code) throw issue(CODE.CONFLICT, 'content.version.notIncreasing', 'version_code', { latest: top.code });
      const [r] = await tx.insert(contentAppVersion).values({
        merchantId: b.merchant_id, platform: b.platform, versionCode: b.version_code, versionName: b.version_name, force: b.force,
        downloadUrl: b.download_url, notes: cleanNotes(b.notes), createdBy: c.actor.accountId,
      }).returning({ id: contentAppVersion.id });
      return r;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'content_app_version_code_uq')) throw issue(CODE.CONFLICT, 'content.version.notIncreasing', 'version_code', { latest: b.version_code });
    throw e;
  }
}

function cleanNotes(n: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(n).filter((e): e is [string, string] => !!e[1]));
}

/** A released version keeps its platform and code; its name, force flag, link and notes may be corrected. */
export async function editVersion(c: ContentCtx, b: z.infer<typeof versionEditBody>): Promise<{ id: number }> {
  await scopedRow(c.deps.db, c.actor, contentAppVersion, b.id);
  const set: Partial<typeof contentAppVersion.$inferInsert> = {};
  if (b.force !== undefined) set.force = b.force;
  if (b.download_url) set.downloadUrl = b.download_url;
  if (b.version_name) set.versionName = b.version_name;
  if (b.notes) set.notes = cleanNotes(b.notes);
  if (Object.keys(set).length) await c.deps.db.update(contentAppVersion).set(set).where(eq(contentAppVersion.id, b.id));
  return { id: b.id };
}

// ---- help
export async function saveHelp(c: ContentCtx, b: z.infer<typeof helpAddBody> & { id?: number }): Promise<{ id: number }> {
  await scopedMerchant(c.deps.db, c.actor, b.merchant_id);
  const values = {
    merchantId: b.merchant_id, lang: b.lang, category: b.category, title: b.title, body: b.body, sort: b.sort, published: b.published,
    updatedAt: c.deps.now(),
  };
  if (b.id === undefined) {
    const [r] = await c.deps.db.insert(contentHelp).values({ ...values, createdBy: c.actor.accountId }).returning({ id: contentHelp.id });
    return r;
  }
  await scopedRow(c.deps.db, c.actor, contentHelp, b.id);
  await c.deps.db.update(contentHelp).set(values).where(eq(contentHelp.id, b.id));
  return { id: b.id };
}
export const editHelp = (c: ContentCtx, b: z.infer<typeof helpEditBody>) => saveHelp(c, b);

// ---- messages
export async function saveMessage(c: ContentCtx, b: z.infer<typeof messageAddBody> & { id?: number }): Promise<{ id: number }> {
  await scopedMerchant(c.deps.db, c.actor, b.merchant_id);
  if (b.customer_id !== undefined) {
    const [cu] = await c.deps.db.select({ m: customer.merchantId }).from(customer).where(eq(customer.id, b.customer_id)).limit(1);
    if (!cu || cu.m !== b.merchant_id) throw issue(CODE.VALIDATION, 'content.message.customerNotOfMerchant', 'customer_id');
  }
  const values = {
    merchantId: b.merchant_id, title: b.title, body: b.body, audience: b.audience, customerId: b.customer_id ?? null,
    publishAt: at(b.publish_at) ?? c.deps.now(),
  };
  if (b.id === undefined) {
    const [r] = await c.deps.db.insert(contentMessage).values({ ...values, createdBy: c.actor.accountId }).returning({ id: contentMessage.id });
    return r;
  }
  await scopedRow(c.deps.db, c.actor, contentMessage, b.id);
  await c.deps.db.update(contentMessage).set(values).where(eq(contentMessage.id, b.id));
  return { id: b.id };
}
export const editMessage = (c: ContentCtx, b: z.infer<typeof messageEditBody>) => saveMessage(c, b);

// ---- delete (any of the four)
export async function removeRow(c: ContentCtx, table: Table, id: number): Promise<{ id: number }> {
  await scopedRow(c.deps.db, c.actor, table, id);
  await c.deps.db.delete(table as typeof contentBanner).where(eq((table as typeof contentBanner).id, id));
  return { id };
}
