/**
 * The money history of the generated orders for the statistics bench. The seed generator (src/server/seed) writes
 * orders and their status history with what was paid, reduced and extended on each, but no repayment, extension or
 * reduction rows (the demo adds a few through the services), so the refresh's money sources would read empty tables.
 * Derived once per cached database from the orders' own figures:
 *   - a repayment (success) of the amount paid: at settlement for a settled order, else half-way through its life;
 *   - an extension (success) with the order's extension fees, paid when it was last extended;
 *   - an approved reduction of the order's reduced amount, decided an hour before settlement (or its last change).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

export interface HistoryCounts { repayments: number; extensions: number; reductions: number }

const count = async (db: Db, table: string) => Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0].n);

/** Adds the history when the cached database has no repayments yet; what it added (null: already there). */
export async function ensureMoneyHistory(db: Db): Promise<HistoryCounts | null> {
  if ((await count(db, 'repayment')) > 0) return null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into repayment (serial_no, order_id, merchant_id, customer_id, currency, type, status, requested_minor,
        success_minor, penalty_minor, interest_minor, fee_minor, principal_minor, reference, paid_at, created_at, updated_at)
      select 'BENCH' || o.id, o.id, o.merchant_id, o.customer_id, o.currency, (array['app', 'va', 'link', 'qr', 'manual'])[1 + o.id % 5],
        'success', o.paid_amount_minor, o.paid_amount_minor, o.paid_penalty_minor, o.paid_interest_minor, o.paid_fee_minor,
        o.paid_principal_minor, 'bench', t.at, t.at, t.at
      from loan_order o
      cross join lateral (select coalesce(o.settled_at, o.success_at + (o.updated_at - o.success_at) / 2) as at) t
      where o.paid_amount_minor > 0 and o.success_at is not null`);
    await tx.execute(sql`insert into extension (application_no, order_id, merchant_id, customer_id, status, fee_type, fee_setting,
        fee_minor, time_type, days, overpayment, paid_fee_minor, remark, paid_at, created_at, updated_at)
      select 'BENCH' || o.id, o.id, o.merchant_id, o.customer_id, 'success', 'fixed', o.extension_fee_minor, o.extension_fee_minor,
        'due_date', o.loan_days, 'credit', o.extension_fee_minor, 'bench', o.extended_at, o.extended_at - interval '1 hour', o.extended_at
      from loan_order o where o.extension_count > 0 and o.extended_at is not null`);
    await tx.execute(sql`insert into reduction (order_id, merchant_id, amount_minor, penalty_minor, status, reason, decided_at, expires_at, created_at)
      select o.id, o.merchant_id, o.reduction_total_minor, o.reduction_total_minor, 'approved', 'bench', t.at, t.at + interval '1 day', t.at - interval '1 hour'
      from loan_order o
      cross join lateral (select greatest(o.success_at, coalesce(o.settled_at, o.updated_at) - interval '1 hour') as at) t
      where o.reduction_total_minor > 0 and o.success_at is not null`);
  });
  await db.execute(sql`analyze repayment, extension, reduction`);
  return { repayments: await count(db, 'repayment'), extensions: await count(db, 'extension'), reductions: await count(db, 'reduction') };
}
