import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { EXTERNAL_CALL_TYPES } from '../../../schemas/collection';
import { CODE } from '../../../schemas/common';
import { EXTERNAL_CALL_TYPE_TITLES, outboundBody, outboundListQuery, type SoftphoneSetting } from '../../../schemas/collectionSetup';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { defineList } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { customer } from '../client/client.table';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { externalCall } from './collection.table';
import { settingView, softphoneFor, type ExternalCallRow } from './softphone';
import { scopedMerchant, type SetupCtx } from './stages';

/**
 * /empower/outbound: external-call (softphone) settings of spec §7 — a merchant's own, or global ones (no merchant)
 * that every merchant without its own uses. An account of some merchants sees theirs and the global ones and changes
 * only theirs; global settings are changed by accounts of every merchant. The first enabled setting (the merchant's,
 * else a global one; by sort) is the softphone of a call.
 */

type OutboundInput = z.infer<typeof outboundBody>;

/** Rows of the merchants the actor works for, and the global rows. */
function outboundScope(actor: Actor) {
  if (isUnscoped(actor)) return undefined;
  return or(isNull(externalCall.merchantId), actor.merchantIds.length ? inArray(externalCall.merchantId, actor.merchantIds) : sql`false`);
}

export const outboundList = defineList({
  id: 'empower.outbound',
  permission: pageKey('SysEmpower', 'outbound'),
  from: externalCall,
  columns: {
    id: externalCall.id,
    merchant_id: externalCall.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(externalCall.merchantId)})`,
    name: externalCall.name,
    type: externalCall.type,
    url: externalCall.url,
    a_text: externalCall.aText,
    only_no: externalCall.onlyNo,
    sip_text: externalCall.sipText,
    enabled: externalCall.enabled,
    sort: externalCall.sort,
    created_at: externalCall.createdAt,
    updated_at: externalCall.updatedAt,
  },
  filters: outboundListQuery,
  scope: outboundScope,
  where: (f) => [
    f.merchant_id !== undefined ? eq(externalCall.merchantId, f.merchant_id) : undefined,
    f.type !== undefined ? eq(externalCall.type, f.type) : undefined,
    f.enabled !== undefined ? eq(externalCall.enabled, f.enabled) : undefined,
  ],
  sorts: { sort: externalCall.sort, id: externalCall.id, created_at: externalCall.createdAt },
  defaultSort: 'sort:asc',
  exportColumns: [
    { key: 'name', title: 'field.name' },
    { key: 'type', title: 'field.type' },
    { key: 'url', title: 'collectionSetup.field.url' },
    { key: 'a_text', title: 'field.a_text' },
    { key: 'only_no', title: 'field.only_no' },
    { key: 'sip_text', title: 'field.sip_text' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'sort', title: 'field.sort' },
  ],
});

const view = (r: ExternalCallRow) => ({ ...settingView(r), enabled: r.enabled, sort: r.sort });

/** A setting's merchant must be one the actor configures; a global one (none) needs an account of every merchant. */
async function checkOwner(db: DbOrTx, actor: Actor, merchantId: number | null | undefined): Promise<void> {
  if (merchantId == null) {
    if (!isUnscoped(actor)) throw new AppError(CODE.FORBIDDEN, 'collection.globalSoftphone');
    return;
  }
  await scopedMerchant(db, actor, merchantId);
}

async function scopedSetting(db: DbOrTx, actor: Actor, id: number): Promise<ExternalCallRow> {
  const [row] = await db.select().from(externalCall).where(and(eq(externalCall.id, id), outboundScope(actor)));
  if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@collectionSetup.what.externalCall' });
  return row;
}

const values = (b: OutboundInput) => ({
  merchantId: b.merchant_id ?? null, name: b.name, type: b.type, url: b.url.trim(), aText: b.a_text, onlyNo: b.only_no, sipText: b.sip_text,
  enabled: b.enabled, sort: b.sort,
});

export async function addOutbound(ctx: SetupCtx, body: OutboundInput) {
  const { deps, req, actor } = ctx;
  await checkOwner(deps.db, actor, body.merchant_id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(externalCall).values(values(body)).returning();
    await writeOpLog(tx, req, { action: 'empower.outbound.add', targetType: 'external_call', targetId: row.id, after: view(row) });
    return view(row);
  });
}

export async function editOutbound(ctx: SetupCtx, body: OutboundInput & { id: number }) {
  const { deps, req, actor } = ctx;
  const before = await scopedSetting(deps.db, actor, body.id);
  await checkOwner(deps.db, actor, before.merchantId);
  await checkOwner(deps.db, actor, body.merchant_id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.update(externalCall).set({ ...values(body), updatedAt: sql`now()` }).where(eq(externalCall.id, body.id)).returning();
    await writeOpLog(tx, req, { action: 'empower.outbound.edit', targetType: 'external_call', targetId: row.id, before: view(before), after: view(row) });
    return view(row);
  });
}

export async function deleteOutbound(ctx: SetupCtx, id: number) {
  const { deps, req, actor } = ctx;
  const before = await scopedSetting(deps.db, actor, id);
  await checkOwner(deps.db, actor, before.merchantId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(externalCall).where(eq(externalCall.id, id));
    await writeOpLog(tx, req, { action: 'empower.outbound.del', targetType: 'external_call', targetId: id, before: view(before) });
  });
  return null;
}

/** Spec §7 get_external_call_type: the types with their labels in the caller's language. */
export function outboundTypes(lang: Parameters<typeof translate>[0]) {
  return EXTERNAL_CALL_TYPES.map((value) => ({ value, label: translate(lang, EXTERNAL_CALL_TYPE_TITLES[value]) }));
}

/**
 * The softphone setting of a call: of `merchant_id` (one the actor works for), else of the customer's merchant
 * (a customer the actor sees), else a global one; null when none is enabled (the link is then `sip:{phone}`).
 */
export async function softphoneOf(db: DbOrTx, actor: Actor, q: { merchant_id?: number; customer_id?: number }): Promise<SoftphoneSetting | null> {
  let merchantId: number | null = null;
  if (q.merchant_id !== undefined && (isUnscoped(actor) || actor.merchantIds.includes(q.merchant_id))) merchantId = q.merchant_id;
  else if (q.customer_id !== undefined) {
    const [c] = await db.select({ merchantId: customer.merchantId }).from(customer).where(eq(customer.id, q.customer_id));
    if (c && (isUnscoped(actor) || actor.merchantIds.includes(c.merchantId))) merchantId = c.merchantId;
  }
  const row = await softphoneFor(db, merchantId);
  return row ? settingView(row) : null;
}
