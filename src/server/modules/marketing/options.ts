import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { marketingLanding } from './marketing.table';

/**
 * What the marketing forms choose from (products, channels, landing pages, staff), across the actor's merchants and
 * labelled with the merchant: the forms open before a merchant is picked. The server still checks that each choice
 * belongs to the merchant of the row.
 */
export async function marketingOptions(db: DbOrTx, actor: Actor) {
  const mine = (col: PgColumn): SQL | undefined => (isUnscoped(actor) ? undefined : actor.merchantIds.length ? inArray(col, actor.merchantIds) : sql`false`);
  const names = new Map((await db.select({ id: merchant.id, name: merchant.name }).from(merchant).where(mine(merchant.id))).map((m) => [m.id, m.name]));
  const label = (name: string, merchantId: number) => `${name} · ${names.get(merchantId) ?? merchantId}`;
  const [products, channels, landings, staff] = await Promise.all([
    db.select({ id: product.id, name: product.name, merchantId: product.merchantId }).from(product).where(mine(product.merchantId)).orderBy(asc(product.merchantId), asc(product.id)).limit(500),
    db.select({ id: channel.id, name: channel.name, merchantId: channel.merchantId }).from(channel).where(mine(channel.merchantId)).orderBy(asc(channel.merchantId), asc(channel.id)).limit(500),
    db.select({ id: marketingLanding.id, title: marketingLanding.title, merchantId: marketingLanding.merchantId }).from(marketingLanding)
      .where(and(mine(marketingLanding.merchantId), eq(marketingLanding.enabled, true))).orderBy(asc(marketingLanding.id)).limit(500),
    db.select({ id: adminAccount.id, name: adminAccount.name, account: adminAccount.account, merchantIds: adminAccount.merchantIds }).from(adminAccount)
      .where(and(eq(adminAccount.enabled, true), isNull(adminAccount.deletedAt))).orderBy(asc(adminAccount.id)),
  ]);
  const reachable = (ids: number[]) => ids.some((m) => names.has(m));
  return {
    products: products.map((p) => ({ value: String(p.id), label: label(p.name, p.merchantId) })),
    channels: channels.map((c) => ({ value: String(c.id), label: label(c.name, c.merchantId) })),
    landings: landings.map((l) => ({ value: String(l.id), label: label(l.title, l.merchantId) })),
    agents: staff.filter((a) => reachable(a.merchantIds)).map((a) => ({ value: String(a.id), label: `${a.name} (${a.account})` })),
  };
}
