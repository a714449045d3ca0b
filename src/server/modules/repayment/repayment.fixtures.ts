import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { confirmWithdrawal } from '../payment/disburse';
import { createMerchant, createOrder, createSandboxChannel } from '../payment/payment.fixtures';
import { merchantPaymentConfig } from '../payment/payment.table';
import { paymentRuntime } from '../payment/runtime';
import { loanOrder } from '../order/order.table';
import { ledgerEntry } from '../ledger/ledger.table';
import { ledgerAccount } from '../merchant/merchant.table';
import { saveDebtSettings } from './settings';
import { DEFAULT_DEBT_SETTINGS, type DebtSettings } from '../../../schemas/repayment';
import { rowsOf } from '../../db/rows';

/**
 * Test fixtures of the repayment area: a merchant with money and a sandbox payout channel, and orders that went
 * through the real payout (confirm → sandbox callback), so their postings are the ones production writes and an
 * order's ledger entries can be checked against its figures.
 */
export interface LoanTerms {
  loan?: number;
  interest?: number;
  /** Management fee (the other fees stay 0). */
  fee?: number;
  feeTiming?: 'upfront' | 'maturity';
  loanDays?: number;
  overdueRateBp?: number;
}

export async function createLendingMerchant(deps: Deps, settings: Partial<DebtSettings> = {}): Promise<{ merchantId: number; channelId: number }> {
  const merchantId = await createMerchant(deps.db, { available: 1_000_000_000, feeNew: 0, feeReturning: 0 });
  const ch = await createSandboxChannel(deps.db, { failureRate: 0, latencyMs: 0 });
  await deps.db.insert(merchantPaymentConfig).values({ merchantId, payoutChannelId: ch.id });
  await saveDebtSettings(deps.db, merchantId, { ...DEFAULT_DEBT_SETTINGS, ...settings }, null);
  return { merchantId, channelId: ch.id };
}

/** An order disbursed through the sandbox: status repaying, due in `loanDays` business days. */
export async function disbursedOrder(deps: Deps, merchantId: number, terms: LoanTerms = {}): Promise<{ orderId: number; customerId: number }> {
  const loan = terms.loan ?? 1_000_000;
  const interest = terms.interest ?? 200_000;
  const fee = terms.fee ?? 0;
  const timing = terms.feeTiming ?? 'upfront';
  const received = timing === 'upfront' ? loan - fee : loan;
  const contract = loan + interest + (timing === 'maturity' ? fee : 0);
  const { orderId, customerId } = await createOrder(deps.db, { merchantId, loan, received, contract, loanDays: terms.loanDays ?? 14 });
  await deps.db.update(loanOrder).set({
    interestMinor: interest, managementFeeMinor: fee, feeTiming: timing, overdueRateBp: terms.overdueRateBp ?? 100,
  }).where(eq(loanOrder.id, orderId));
  const rt = paymentRuntime(deps);
  rt.delivery = 'manual';
  await confirmWithdrawal(deps, { orderId, actorId: null, withdrawalType: 'auto', idempotencyKey: `fx-${crypto.randomUUID()}` });
  await rt.flush();
  return { orderId, customerId };
}

/** An order's debt as its ledger entries say: loan + receivable (remaining debt) and customer_credit (negated). */
export async function ledgerOfOrder(deps: Deps, orderId: number): Promise<{ debt: number; credit: number }> {
  const r = rowsOf<{ kind: string; total: string }>(await deps.db.execute(sql`
    SELECT a.kind, sum(e.amount_minor)::text AS total FROM ${ledgerEntry} e JOIN ${ledgerAccount} a ON a.id = e.ledger_account_id
    WHERE e.order_id = ${orderId} GROUP BY a.kind`));
  const by = Object.fromEntries(r.map((x) => [x.kind, Number(x.total)]));
  return { debt: (by.loan ?? 0) + (by.receivable ?? 0), credit: 0 - (by.customer_credit ?? 0) };
}
