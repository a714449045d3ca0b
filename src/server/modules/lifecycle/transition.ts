import { SQL, and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CODE } from '../../../schemas/common';
import { canTransition, type LifecycleAction } from '../../../schemas/lifecycle';
import type { OrderStatus } from '../../../schemas/order';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import { loanOrder, orderStatusHistory } from '../order/order.table';

export type LoanOrderRow = typeof loanOrder.$inferSelect;
export type LoanOrderPatch = Partial<Omit<typeof loanOrder.$inferInsert, 'id' | 'status' | 'orderNo'>>;

export interface TransitionInput {
  orderId: number;
  action: LifecycleAction;
  to: OrderStatus;
  /** Staff account; null for the system (machine review, callbacks, jobs, the customer's app). */
  actorId: number | null;
  reason?: string;
  /** Other columns to change in the same update (stage, result, amounts, times). */
  patch?: LoanOrderPatch;
  /** When the caller knows the status it expects (what the user saw), a different one is refused. */
  expect?: OrderStatus | readonly OrderStatus[];
  /** Business time of the change (history row); system time stamps updated_at. */
  at: Date;
  /** Only orders of these merchants (the actor's scope); null = any. */
  merchantIds?: readonly number[] | null;
}

export function invalidTransition(from: OrderStatus | null, to: OrderStatus): AppError {
  return new AppError(CODE.INVALID_TRANSITION, 'lifecycle.invalidTransition', {
    from: from ? `@option.status.${from}` : '-', to: `@option.status.${to}`,
  });
}

/**
 * Moves one order along the lifecycle (src/schemas/lifecycle.ts): locks the row, checks the transition table,
 * updates with a guard on the status it read, and writes the history row, all in one transaction. A transition
 * the table does not allow — or an order that moved meanwhile — is refused with 42200 and nothing changes.
 */
export async function transitionOrder(db: DbOrTx, input: TransitionInput): Promise<LoanOrderRow> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select({ status: loanOrder.status, merchantId: loanOrder.merchantId }).from(loanOrder)
      .where(eq(loanOrder.id, input.orderId)).for('update');
    if (!cur || (input.merchantIds && !input.merchantIds.includes(cur.merchantId))) {
      throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@lifecycle.order` });
    }
    const from = cur.status as OrderStatus;
    const expected = input.expect === undefined ? null : ([] as OrderStatus[]).concat(input.expect as OrderStatus[]);
    if ((expected && !expected.includes(from)) || !canTransition(from, input.to, input.action)) throw invalidTransition(from, input.to);
    const [row] = await tx.update(loanOrder)
      .set({ ...input.patch, status: input.to, updatedAt: sql`now()` })
      .where(and(eq(loanOrder.id, input.orderId), eq(loanOrder.status, from)))
      .returning();
    if (!row) throw invalidTransition(from, input.to);
    await tx.insert(orderStatusHistory).values({
      orderId: input.orderId, merchantId: cur.merchantId, fromStatus: from, toStatus: input.to, accountId: input.actorId,
      reason: historyReason(input.action, input.reason), createdAt: input.at,
    });
    return row;
  });
}

/** The history keeps the action and the human reason: "reject: ID photo unreadable". */
function historyReason(action: LifecycleAction, reason?: string): string {
  return (reason ? `${action}: ${reason}` : action).slice(0, 200);
}

/** A new order's first history row (apply): the insert itself is the caller's. */
export async function recordCreation(db: DbOrTx, order: { id: number; merchantId: number; status: OrderStatus }, actorId: number | null, at: Date, reason = ''): Promise<void> {
  if (!canTransition(null, order.status, 'apply')) throw invalidTransition(null, order.status);
  await db.insert(orderStatusHistory).values({ orderId: order.id, merchantId: order.merchantId, fromStatus: null, toStatus: order.status, accountId: actorId, reason: historyReason('apply', reason), createdAt: at });
}

/** The columns a bulk patch may set: every loan_order column but the identity and the status. */
const PATCHABLE = Object.fromEntries(Object.entries(getTableColumns(loanOrder))
  .filter(([k]) => !['id', 'status', 'orderNo'].includes(k))) as Record<string, AnyPgColumn>;

/**
 * Writes each order's patch (plus updated_at) with one `UPDATE … FROM jsonb_to_recordset(…)` per set of patched
 * columns; `fromStatus` adds the same status guard as transitionOrder's update. Returns the ids it updated.
 * Values must be plain values (an SQL expression cannot travel in the JSON).
 */
async function updateOrdersFrom(db: DbOrTx, rows: Array<{ id: number; patch: LoanOrderPatch; to?: OrderStatus; fromStatus?: OrderStatus }>): Promise<number[]> {
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = Object.keys(r.patch).filter((k) => (r.patch as Record<string, unknown>)[k] !== undefined).sort().join(',') + (r.to ? '|to' : '');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const done: number[] = [];
  for (const [key, group] of groups) {
    const keys = key.replace(/\|to$/, '').split(',').filter(Boolean);
    const withStatus = key.endsWith('|to');
    for (const k of keys) if (!PATCHABLE[k]) throw new Error(`transitionOrders: ${k} is not a patchable column`);
    const json = group.map((r) => {
      const o: Record<string, unknown> = { id: r.id, from_status: r.fromStatus ?? null, to_status: r.to ?? null };
      keys.forEach((k, i) => {
        const v = (r.patch as Record<string, unknown>)[k];
        if (v instanceof SQL) throw new Error(`transitionOrders: ${k} is an SQL expression`);
        o[`c${i}`] = v === null ? null : PATCHABLE[k].mapToDriverValue(v);
      });
      return o;
    });
    const defs = ['id bigint', 'from_status varchar', 'to_status varchar', ...keys.map((k, i) => `c${i} ${PATCHABLE[k].getSQLType()}`)].join(', ');
    const sets = [...keys.map((k, i) => `"${PATCHABLE[k].name}" = v.c${i}`), ...(withStatus ? ['status = v.to_status'] : []), 'updated_at = now()'].join(', ');
    const res = await db.execute(sql`
      UPDATE loan_order o SET ${sql.raw(sets)}
      FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb) AS v(${sql.raw(defs)})
      WHERE o.id = v.id AND (v.from_status IS NULL OR o.status = v.from_status)
      RETURNING o.id`);
    for (const r of rowsOf<{ id: number | string }>(res)) done.push(Number(r.id));
  }
  return done;
}

/**
 * Figures of many orders in one statement per set of patched columns (no status change, no history): the bulk
 * twin of a plain `update loan_order set … where id = …` inside a caller that holds the orders' locks.
 */
export async function patchOrders(db: DbOrTx, rows: Array<{ id: number; patch: LoanOrderPatch }>): Promise<void> {
  if (!rows.length) return;
  const done = await updateOrdersFrom(db, rows);
  if (done.length !== rows.length) throw new Error(`patchOrders: ${rows.length - done.length} orders missing`);
}

/**
 * transitionOrder for many orders at once (the end of day): one transaction that locks every order in id order,
 * checks each like the single one does (merchant scope 40400, expected status and transition table 42200, the
 * first refusal refusing the whole set with nothing changed), then one guarded UPDATE per set of patched columns
 * and one multi-row insert of the history rows. Returns each order's previous status.
 */
export async function transitionOrders(db: DbOrTx, inputs: readonly TransitionInput[]): Promise<Array<{ orderId: number; from: OrderStatus }>> {
  if (!inputs.length) return [];
  const ids = inputs.map((i) => i.orderId);
  if (new Set(ids).size !== ids.length) throw new Error('transitionOrders: an order appears twice');
  return db.transaction(async (tx) => {
    const cur = rowsOf<{ id: number | string; status: string; merchant_id: number }>(await tx.execute(sql`
      SELECT id, status, merchant_id FROM loan_order WHERE id = ANY(${`{${[...ids].sort((a, b) => a - b).join(',')}}`}::bigint[]) ORDER BY id FOR UPDATE`));
    const byId = new Map(cur.map((r) => [Number(r.id), r]));
    const moves = inputs.map((input) => {
      const c = byId.get(input.orderId);
      if (!c || (input.merchantIds && !input.merchantIds.includes(c.merchant_id))) {
        throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@lifecycle.order` });
      }
      const from = c.status as OrderStatus;
      const expected = input.expect === undefined ? null : ([] as OrderStatus[]).concat(input.expect as OrderStatus[]);
      if ((expected && !expected.includes(from)) || !canTransition(from, input.to, input.action)) throw invalidTransition(from, input.to);
      return { input, from, merchantId: c.merchant_id };
    });
    const done = await updateOrdersFrom(tx, moves.map((m) => ({ id: m.input.orderId, patch: m.input.patch ?? {}, to: m.input.to, fromStatus: m.from })));
    if (done.length !== moves.length) {
      const missed = moves.find((m) => !done.includes(m.input.orderId))!;
      throw invalidTransition(missed.from, missed.input.to);
    }
    const history = moves.map((m, n) => ({
      n, order_id: m.input.orderId, merchant_id: m.merchantId, from_status: m.from, to_status: m.input.to, account_id: m.input.actorId,
      reason: historyReason(m.input.action, m.input.reason), created_at: m.input.at.toISOString(),
    }));
    await tx.execute(sql`
      INSERT INTO order_status_history (order_id, merchant_id, from_status, to_status, account_id, reason, created_at)
      SELECT order_id, merchant_id, from_status, to_status, account_id, reason, created_at
      FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS v(order_id bigint, merchant_id integer, from_status varchar,
        to_status varchar, account_id integer, reason varchar, created_at timestamptz, n bigint)
      ORDER BY n`);
    return moves.map((m) => ({ orderId: m.input.orderId, from: m.from }));
  });
}
