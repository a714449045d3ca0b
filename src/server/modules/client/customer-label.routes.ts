import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import { attachLabelsBody, LABEL_COUNT_CAP, labelBody, labelDelBody, labelEditBody, labelListQuery, type LabelChip, type LabelRow } from '../../../schemas/client';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { route } from '../../http';
import { defineList } from '../../list/define';
import { listRoute } from '../../list/routes';
import type { Actor } from '../../plugins/session';
import { isUniqueViolation, isUnscoped, likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { customer, customerLabel, customerLabelLink } from './client.table';
import { outer } from './client.routes';

/**
 * Customer labels (spec §3 "Customer label": label_name, mark_color; §7 customer-label calls):
 * GET /loanapi/customer_label/all_list, POST /loanapi/customer_label/add, edit, del, add_customer_label.
 *
 * Labels are shared by every merchant (one catalogue, names unique). Attaching is per customer and scoped to the
 * account's merchants; `add_customer_label` replaces the customer's set with the ids given. Deleting a label
 * detaches it from every customer.
 */
const P = {
  list: pageKey('client', 'userTags'),
  add: actionKey('client', 'userTags', 'add'),
  edit: actionKey('client', 'userTags', 'edit'),
  del: actionKey('client', 'userTags', 'del'),
  attach: actionKey('client', 'userTags', 'attach'),
};

/** Customers carrying the label, counted up to the cap (bounded work: LABEL_COUNT_CAP + 1 index entries at most). */
const usage = sql<number>`(select count(*)::int from (select 1 from ${customerLabelLink} u where u.label_id = ${outer(customerLabel.id)} limit ${LABEL_COUNT_CAP + 1}) c)`;

export const labelList = defineList({
  id: 'client.userTags',
  permission: P.list,
  from: customerLabel,
  columns: {
    id: customerLabel.id,
    label_name: customerLabel.labelName,
    mark_color: customerLabel.markColor,
    customer_count: usage,
    created_at: customerLabel.createdAt,
    updated_at: customerLabel.updatedAt,
  },
  filters: labelListQuery,
  where: (f) => [f.keyword ? ilike(customerLabel.labelName, `%${likeEscape(f.keyword)}%`) : undefined],
  sorts: { id: customerLabel.id, label_name: customerLabel.labelName, created_at: customerLabel.createdAt },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'label_name', title: 'field.label_name' },
    { key: 'mark_color', title: 'field.mark_color' },
    { key: 'customer_count', title: 'field.customer_count' },
    { key: 'created_at', title: 'field.created_at' },
  ],
});

type LabelRecord = typeof customerLabel.$inferSelect;

function toRow(r: LabelRecord, count = 0): LabelRow {
  return { id: r.id, label_name: r.labelName, mark_color: r.markColor, customer_count: count, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

const duplicate = (name: string) => new AppError(CODE.CONFLICT, 'error.labelDuplicate', { name });

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  // Names are compared case-insensitively: "VIP" and "vip" would look the same on a customer.
  const [dup] = await db.select({ id: customerLabel.id }).from(customerLabel).where(sql`lower(${customerLabel.labelName}) = lower(${name})`).limit(1);
  if (dup && dup.id !== exceptId) throw duplicate(name);
}

/** Normalised colour: #rrggbb lower case. */
const colour = (c: string) => c.toLowerCase();

/** The customer, if it is in the actor's merchant scope. */
async function scopedCustomer(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db.select({ id: customer.id, merchantId: customer.merchantId }).from(customer)
    .where(and(eq(customer.id, id), isUnscoped(actor) ? undefined : inArray(customer.merchantId, actor.merchantIds))).limit(1);
  return row;
}

/** A customer's labels, by label id. */
export async function labelsOf(db: DbOrTx, customerId: number): Promise<LabelChip[]> {
  return db.select({ id: customerLabel.id, name: customerLabel.labelName, color: customerLabel.markColor })
    .from(customerLabelLink).innerJoin(customerLabel, eq(customerLabel.id, customerLabelLink.labelId))
    .where(eq(customerLabelLink.customerId, customerId)).orderBy(asc(customerLabel.id));
}

export function customerLabelRoutes(app: FastifyInstance, d: Deps): void {
  listRoute(app, d, labelList, { url: '/loanapi/customer_label/all_list' });

  route(app, { method: 'POST', url: '/loanapi/customer_label/add', permission: P.add, body: labelBody }, async ({ req, body }) => {
    await assertNameFree(d.db, body.label_name);
    try {
      return await d.db.transaction(async (tx) => {
        const [row] = await tx.insert(customerLabel).values({ labelName: body.label_name, markColor: colour(body.mark_color), createdAt: d.now(), updatedAt: d.now() }).returning();
        await writeOpLog(tx, req, { action: 'customer_label.add', targetType: 'customer_label', targetId: row.id, after: toRow(row) });
        return toRow(row);
      });
    } catch (err) {
      // Two adds racing past the check: the unique index decides.
      if (isUniqueViolation(err)) throw duplicate(body.label_name);
      throw err;
    }
  });

  route(app, { method: 'POST', url: '/loanapi/customer_label/edit', permission: P.edit, body: labelEditBody }, async ({ req, body }) => {
    const [before] = await d.db.select().from(customerLabel).where(eq(customerLabel.id, body.id));
    if (!before) throw notFound('customer_label');
    await assertNameFree(d.db, body.label_name, body.id);
    try {
      return await d.db.transaction(async (tx) => {
        const [row] = await tx.update(customerLabel).set({ labelName: body.label_name, markColor: colour(body.mark_color), updatedAt: d.now() })
          .where(eq(customerLabel.id, body.id)).returning();
        await writeOpLog(tx, req, { action: 'customer_label.edit', targetType: 'customer_label', targetId: row.id, before: toRow(before), after: toRow(row) });
        return toRow(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(body.label_name);
      throw err;
    }
  });

  route(app, { method: 'POST', url: '/loanapi/customer_label/del', permission: P.del, body: labelDelBody }, async ({ req, body }) => {
    const [before] = await d.db.select().from(customerLabel).where(eq(customerLabel.id, body.id));
    if (!before) throw notFound('customer_label');
    await d.db.transaction(async (tx) => {
      const detached = await tx.delete(customerLabelLink).where(eq(customerLabelLink.labelId, body.id)).returning({ customerId: customerLabelLink.customerId });
      await tx.delete(customerLabel).where(eq(customerLabel.id, body.id));
      await writeOpLog(tx, req, { action: 'customer_label.del', targetType: 'customer_label', targetId: body.id, before: { ...toRow(before), customers_detached: detached.length } });
    });
    return null;
  });

  // Spec §7 add_customer_label: the customer's labels become exactly `label_ids`.
  route(app, { method: 'POST', url: '/loanapi/customer_label/add_customer_label', permission: P.attach, body: attachLabelsBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const target = await scopedCustomer(d.db, actor, body.customer_id);
    if (!target) throw notFound('customer');
    const wanted = [...new Set(body.label_ids)];
    if (wanted.length) {
      const found = await d.db.select({ id: customerLabel.id }).from(customerLabel).where(inArray(customerLabel.id, wanted));
      const missing = wanted.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw new AppError(CODE.VALIDATION, 'error.labelNotFound', { ids: missing.join(', ') }, 200, [{ path: 'label_ids', id: 'error.labelNotFound', values: { ids: missing.join(', ') } }]);
    }
    return d.db.transaction(async (tx) => {
      const before = await labelsOf(tx, target.id);
      const had = new Set(before.map((l) => l.id));
      const keep = new Set(wanted);
      const drop = before.filter((l) => !keep.has(l.id)).map((l) => l.id);
      const add = wanted.filter((id) => !had.has(id));
      if (drop.length) await tx.delete(customerLabelLink).where(and(eq(customerLabelLink.customerId, target.id), inArray(customerLabelLink.labelId, drop)));
      if (add.length) {
        await tx.insert(customerLabelLink).values(add.map((labelId) => ({ customerId: target.id, labelId, createdBy: actor.accountId, createdAt: d.now() })))
          .onConflictDoNothing();
      }
      const after = await labelsOf(tx, target.id);
      await writeOpLog(tx, req, {
        action: 'customer_label.attach', targetType: 'customer', targetId: target.id,
        before: { label_ids: before.map((l) => l.id) }, after: { label_ids: after.map((l) => l.id) },
      });
      return { customer_id: target.id, labels: after, label_ids: after.map((l) => l.id) };
    });
  });
}
