import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { registrationListQuery } from '../../../schemas/marketing';
import type { DbOrTx } from '../../db/client';
import { defineList, merchantScope } from '../../list/define';
import { customer } from '../client/client.table';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { dateRange } from '../empower/time';
import type { Registration } from '../intake/hooks';
import { loanOrder } from '../order/order.table';
import { product } from '../merchant/product.table';
import { marketingEntry, marketingGroup } from './marketing.table';

/**
 * RegistrationSuccessList (docs/marketing.md "Registrations"): a whitelisted number that registers in the app is
 * matched inside the registration's transaction (intake's onRegistration), credited to the agent holding it then, and
 * the customer gets the whitelist flag and, while the group's offer runs, its exclusive product and limit.
 */

/** The registration hook: matches the number of the merchant, once. */
export async function creditRegistration(tx: DbOrTx, r: Registration): Promise<void> {
  const [e] = await tx.select().from(marketingEntry)
    .where(and(eq(marketingEntry.merchantId, r.merchantId), eq(marketingEntry.phone, r.phone), isNull(marketingEntry.customerId))).for('update');
  if (!e) return;
  await tx.update(marketingEntry).set({ customerId: r.customerId, registeredAt: r.at, creditedAgentId: e.agentId, updatedAt: r.at }).where(eq(marketingEntry.id, e.id));
  const [g] = await tx.select().from(marketingGroup).where(eq(marketingGroup.id, e.groupId));
  const live = g && g.enabled && (!g.expiresAt || g.expiresAt > r.at);
  await tx.update(customer).set({
    whitelisted: true,
    ...(live && g.productId ? { exclusiveProductId: g.productId } : {}),
    ...(live && g.limitMinor > 0 ? { exclusiveLimitMinor: g.limitMinor } : {}),
    updatedAt: r.at,
  }).where(eq(customer.id, r.customerId));
}

export interface WhitelistOffer {
  groupId: number;
  groupName: string;
  productId: number | null;
  limitMinor: number;
  expiresAt: Date | null;
}

/**
 * The exclusive offer a customer holds through the whitelist, or null (not whitelisted, group disabled or expired).
 * Intake pricing reads it: the product the customer may borrow and the limit that replaces the reference limit.
 */
export async function whitelistOfferFor(db: DbOrTx, customerId: number, at: Date = new Date()): Promise<WhitelistOffer | null> {
  const [row] = await db.select({ g: marketingGroup }).from(marketingEntry).innerJoin(marketingGroup, eq(marketingGroup.id, marketingEntry.groupId))
    .where(and(eq(marketingEntry.customerId, customerId), eq(marketingGroup.enabled, true))).orderBy(desc(marketingEntry.id)).limit(1);
  if (!row) return null;
  const g = row.g;
  if (g.expiresAt && g.expiresAt <= at) return null;
  return { groupId: g.id, groupName: g.name, productId: g.productId, limitMinor: g.limitMinor, expiresAt: g.expiresAt };
}

export const registrationList = defineList({
  id: 'marketing.RegistrationSuccessList',
  permission: pageKey('Marketing', 'RegistrationSuccessList'),
  from: marketingEntry,
  columns: {
    id: marketingEntry.id,
    merchant_id: marketingEntry.merchantId,
    group_id: marketingEntry.groupId,
    group_name: sql<string | null>`(select g.name from ${marketingGroup} g where g.id = ${outer(marketingEntry.groupId)})`,
    phone: marketingEntry.phone,
    customer_id: marketingEntry.customerId,
    customer_name: sql<string | null>`(select c.name from ${customer} c where c.id = ${outer(marketingEntry.customerId)})`,
    registered_at: marketingEntry.registeredAt,
    agent_id: marketingEntry.creditedAgentId,
    agent_name: sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(marketingEntry.creditedAgentId)})`,
    result: marketingEntry.result,
    applied: sql<boolean>`exists (select 1 from ${loanOrder} o where o.customer_id = ${outer(marketingEntry.customerId)} and o.created_at >= ${outer(marketingEntry.registeredAt)})`,
    disbursed: sql<boolean>`exists (select 1 from ${loanOrder} o where o.customer_id = ${outer(marketingEntry.customerId)} and o.created_at >= ${outer(marketingEntry.registeredAt)} and o.success_at is not null)`,
    product_name: sql<string | null>`(select p.name from ${marketingGroup} g join ${product} p on p.id = g.product_id where g.id = ${outer(marketingEntry.groupId)})`,
    limit_minor: sql<number | null>`(select g.limit_minor from ${marketingGroup} g where g.id = ${outer(marketingEntry.groupId)})`,
  },
  filters: registrationListQuery,
  scope: merchantScope(marketingEntry.merchantId),
  where: (f, actor, ctx) => [
    isNotNull(marketingEntry.customerId),
    f.merchant_id !== undefined ? eq(marketingEntry.merchantId, f.merchant_id) : undefined,
    f.group_id !== undefined ? eq(marketingEntry.groupId, f.group_id) : undefined,
    f.agent_id !== undefined ? eq(marketingEntry.creditedAgentId, f.agent_id) : undefined,
    f.mine ? eq(marketingEntry.creditedAgentId, actor.accountId) : undefined,
    f.phone ? eq(marketingEntry.phone, f.phone.replace(/[\s().-]/g, '')) : undefined,
    ...dateRange(marketingEntry.registeredAt, f.registered_from, f.registered_to, ctx.cfg.timeZone),
  ],
  sorts: { id: marketingEntry.id },
  defaultSort: 'id:desc',
  mask: { phone: 'phone' },
  exportColumns: [
    { key: 'group_name', title: 'marketing.field.group' },
    { key: 'phone', title: 'field.phone' },
    { key: 'customer_name', title: 'field.customer_name' },
    { key: 'registered_at', title: 'marketing.field.registered_at' },
    { key: 'agent_name', title: 'marketing.field.agent' },
    { key: 'applied', title: 'marketing.field.applied' },
    { key: 'disbursed', title: 'marketing.field.disbursed' },
  ],
});
