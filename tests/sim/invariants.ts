import { sql } from 'drizzle-orm';
import { canTransition, LIFECYCLE_ACTIONS, type LifecycleAction } from '../../src/schemas/lifecycle';
import type { OrderStatus } from '../../src/schemas/order';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { checkLedger } from '../../src/server/modules/ledger/ledger';
import { orderFigures, type OrderMoneyColumns } from '../../src/server/modules/repayment/money';

/**
 * What must hold after any sequence of operations, checked over the whole database: the ledger balances, every
 * balance equals its entries, no guarded balance is negative, every order owes exactly what its postings say, and
 * every status an order ever had was reached through the transition table. Each check answers the violations it found
 * (empty = holds), worded for a person reading a failed run.
 */
export interface InvariantReport {
  ledger: string[];
  guardedBalances: string[];
  orderMoney: string[];
  statusHistory: string[];
}

/** Balances a posting refuses to take below zero (ledger post(…, nonNegative)), and the frozen money behind payouts. */
const GUARDED = ['available', 'frozen'] as const;

export async function checkInvariants(db: Db): Promise<InvariantReport> {
  return {
    ledger: await ledgerViolations(db),
    guardedBalances: await guardedViolations(db),
    orderMoney: await orderMoneyViolations(db),
    statusHistory: await historyViolations(db),
  };
}

export const violationCount = (r: InvariantReport): number => Object.values(r).reduce((s, v) => s + v.length, 0);

export function formatReport(r: InvariantReport, max = 20): string {
  return (Object.entries(r) as Array<[string, string[]]>).map(([k, v]) =>
    `${k}: ${v.length === 0 ? 'ok' : `${v.length} violation(s)\n    ${v.slice(0, max).join('\n    ')}${v.length > max ? '\n    …' : ''}`}`).join('\n');
}

async function ledgerViolations(db: Db): Promise<string[]> {
  const c = await checkLedger(db);
  return [
    ...c.unbalancedPostings.map((id) => `posting ${id} does not sum to zero`),
    ...c.driftedAccounts.map((a) => `ledger account ${a.id}: balance ${a.balance} but entries sum to ${a.entries}`),
  ];
}

async function guardedViolations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ id: number; merchant_id: number; kind: string; balance: string }>(await db.execute(sql`
    SELECT id, merchant_id, kind, balance_minor::text AS balance FROM ledger_account
    WHERE kind IN (${sql.join(GUARDED.map((k) => sql`${k}`), sql`, `)}) AND balance_minor < 0`));
  return rows.map((r) => `merchant ${r.merchant_id} ${r.kind} balance is ${r.balance}`);
}

interface OrderRow {
  id: number;
  status: string;
  remaining: string;
  credit: string;
  due: string;
  paid: string;
  debt_entries: string;
  credit_entries: string;
  m: Record<string, number | string>;
}

/**
 * The order's own columns against its postings: debt = loan + receivable entries of the order, credit = what the
 * customer-credit account owes them (the same reading as repayment.fixtures ledgerOfOrder, in one query for all
 * orders); and its due / paid / remaining columns against the money rules' figures of its part columns.
 */
async function orderMoneyViolations(db: Db): Promise<string[]> {
  const rows = rowsOf<OrderRow>(await db.execute(sql`
    SELECT o.id, o.status, o.remaining_debt_minor::text AS remaining, o.credit_minor::text AS credit,
      o.due_amount_minor::text AS due, o.paid_amount_minor::text AS paid,
      coalesce(e.debt, 0)::text AS debt_entries, coalesce(e.credit, 0)::text AS credit_entries,
      json_build_object(
        'loanAmountMinor', o.loan_amount_minor, 'contractAmountMinor', o.contract_amount_minor, 'interestMinor', o.interest_minor,
        'managementFeeMinor', o.management_fee_minor, 'riskFeeMinor', o.risk_fee_minor, 'paymentFeeMinor', o.payment_fee_minor,
        'feeTiming', o.fee_timing, 'overdueInterestMinor', o.overdue_interest_minor, 'overduePenaltyMinor', o.overdue_penalty_minor,
        'paidPenaltyMinor', o.paid_penalty_minor, 'paidInterestMinor', o.paid_interest_minor, 'paidFeeMinor', o.paid_fee_minor,
        'paidPrincipalMinor', o.paid_principal_minor, 'reducedPenaltyMinor', o.reduced_penalty_minor,
        'reducedInterestMinor', o.reduced_interest_minor, 'reducedFeeMinor', o.reduced_fee_minor, 'reducedPrincipalMinor', o.reduced_principal_minor
      ) AS m
    FROM loan_order o LEFT JOIN (
      SELECT e.order_id,
        sum(e.amount_minor) FILTER (WHERE a.kind IN ('loan', 'receivable')) AS debt,
        -sum(e.amount_minor) FILTER (WHERE a.kind = 'customer_credit') AS credit
      FROM ledger_entry e JOIN ledger_account a ON a.id = e.ledger_account_id
      WHERE e.order_id IS NOT NULL GROUP BY e.order_id
    ) e ON e.order_id = o.id`));
  const out: string[] = [];
  for (const r of rows) {
    const remaining = Number(r.remaining);
    const credit = Number(r.credit);
    if (Number(r.debt_entries) !== remaining) out.push(`order ${r.id} (${r.status}): remaining debt ${remaining} but its postings say ${r.debt_entries}`);
    if (Number(r.credit_entries) !== credit) out.push(`order ${r.id} (${r.status}): credit ${credit} but its postings say ${r.credit_entries}`);
    // Before a payout an order has no contract money yet; the figures only bind once it has been disbursed.
    if (Number(r.due) === 0 && Number(r.paid) === 0 && remaining === 0) continue;
    const money = Object.fromEntries(Object.entries(r.m).map(([k, v]) => [k, k === 'feeTiming' ? v : Number(v)])) as unknown as OrderMoneyColumns;
    const f = orderFigures(money);
    if (f.due !== Number(r.due) || f.paid !== Number(r.paid) || f.remaining !== remaining) {
      out.push(`order ${r.id} (${r.status}): columns due/paid/remaining ${r.due}/${r.paid}/${remaining}, its parts say ${f.due}/${f.paid}/${f.remaining}`);
    }
  }
  return out;
}

const ACTIONS = new Set<string>(LIFECYCLE_ACTIONS);

/**
 * Every history row is an allowed transition (with the action it names, when the reason starts with one), each row
 * starts where the previous one ended, the first is a creation, and the last is where the order is now.
 */
async function historyViolations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ id: string; order_id: string; from_status: string | null; to_status: string; reason: string; status: string }>(await db.execute(sql`
    SELECT h.id::text, h.order_id::text, h.from_status, h.to_status, h.reason, o.status
    FROM order_status_history h JOIN loan_order o ON o.id = h.order_id ORDER BY h.order_id, h.id`));
  const out: string[] = [];
  const last = new Map<string, { to: string; status: string }>();
  for (const r of rows) {
    const prev = last.get(r.order_id);
    const from = r.from_status as OrderStatus | null;
    const to = r.to_status as OrderStatus;
    const named = r.reason.split(':')[0].trim();
    const action = ACTIONS.has(named) ? (named as LifecycleAction) : null;
    const allowed = action ? canTransition(from, to, action) : LIFECYCLE_ACTIONS.some((a) => canTransition(from, to, a));
    if (!allowed) out.push(`order ${r.order_id}: history ${r.id} ${from ?? '∅'} → ${to}${action ? ` by ${action}` : ''} is not in the transition table`);
    if (!prev && from !== null) out.push(`order ${r.order_id}: first history row ${r.id} starts from ${from}, not from creation`);
    if (prev && prev.to !== from) out.push(`order ${r.order_id}: history ${r.id} starts from ${from ?? '∅'} but the order was ${prev.to}`);
    last.set(r.order_id, { to, status: r.status });
  }
  for (const [orderId, l] of last) if (l.to !== l.status) out.push(`order ${orderId}: status ${l.status} but its history ends at ${l.to}`);
  const missing = rowsOf<{ id: string }>(await db.execute(sql`
    SELECT o.id::text FROM loan_order o WHERE NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id)`));
  for (const m of missing) out.push(`order ${m.id}: no status history`);
  return out;
}
