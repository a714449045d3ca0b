import { DEBT_PARTS, type DebtPart, type DebtSettings, type OrderMoney, type Parts } from '../../../schemas/repayment';
import { bpRound } from '../intake/pricing';

/**
 * The pure money rules of repayment (docs/repayment.md): what an order still owes by part, how a payment or a
 * reduction is split over the parts, and one day's overdue charges. The database side (locks, postings, order
 * columns) is in ./account.ts; everything here is integer minor units and is unit-tested without a database.
 */

/** The columns of a loan order these rules read. */
export interface OrderMoneyColumns {
  loanAmountMinor: number;
  contractAmountMinor: number;
  interestMinor: number;
  managementFeeMinor: number;
  riskFeeMinor: number;
  paymentFeeMinor: number;
  feeTiming: string;
  overdueInterestMinor: number;
  overduePenaltyMinor: number;
  paidPenaltyMinor: number;
  paidInterestMinor: number;
  paidFeeMinor: number;
  paidPrincipalMinor: number;
  reducedPenaltyMinor: number;
  reducedInterestMinor: number;
  reducedFeeMinor: number;
  reducedPrincipalMinor: number;
}

/** What the contract charges, by part (fees only when they are due at maturity: up-front fees left with the payout). */
export function chargedParts(o: OrderMoneyColumns): Parts {
  const fees = o.feeTiming === 'maturity' ? o.managementFeeMinor + o.riskFeeMinor + o.paymentFeeMinor : 0;
  return { penalty: o.overdueInterestMinor + o.overduePenaltyMinor, interest: o.interestMinor, fee: fees, principal: o.loanAmountMinor };
}

export function paidParts(o: OrderMoneyColumns): Parts {
  return { penalty: o.paidPenaltyMinor, interest: o.paidInterestMinor, fee: o.paidFeeMinor, principal: o.paidPrincipalMinor };
}

export function reducedParts(o: OrderMoneyColumns): Parts {
  return { penalty: o.reducedPenaltyMinor, interest: o.reducedInterestMinor, fee: o.reducedFeeMinor, principal: o.reducedPrincipalMinor };
}

/** Still owed by part: charged − paid − reduced (never below 0). */
export function owedParts(o: OrderMoneyColumns): Parts {
  const c = chargedParts(o);
  const p = paidParts(o);
  const r = reducedParts(o);
  const out = {} as Parts;
  for (const k of DEBT_PARTS) out[k] = Math.max(0, c[k] - p[k] - r[k]);
  return out;
}

export const sumParts = (p: Parts): number => p.penalty + p.interest + p.fee + p.principal;

/**
 * The order's figures as the loan_order columns keep them: due = contract + overdue interest + penalty − reductions,
 * paid = what repayments paid on the debt (not the credit above it), remaining = due − paid.
 */
export function orderFigures(o: OrderMoneyColumns): { due: number; paid: number; reductionTotal: number; remaining: number } {
  const reductionTotal = sumParts(reducedParts(o));
  const due = o.contractAmountMinor + o.overdueInterestMinor + o.overduePenaltyMinor - reductionTotal;
  const paid = sumParts(paidParts(o));
  return { due, paid, reductionTotal, remaining: Math.max(0, due - paid) };
}

/**
 * Splits a payment over what is owed in the merchant's allocation order; what is left once everything is paid is
 * `overpaid` (the customer's credit).
 */
export function allocate(amount: number, owed: Parts, order: readonly DebtPart[]): { parts: Parts; overpaid: number } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  let left = amount;
  const parts: Parts = { penalty: 0, interest: 0, fee: 0, principal: 0 };
  for (const k of order) {
    const take = Math.min(left, owed[k]);
    parts[k] = take;
    left -= take;
  }
  return { parts, overpaid: left };
}

/** A reduction always waives the penalty first, then interest, fees and principal. */
export const REDUCTION_ORDER: readonly DebtPart[] = ['penalty', 'interest', 'fee', 'principal'];

/** Splits a reduction (penalty first); null when it is more than what is owed. */
export function splitReduction(amount: number, owed: Parts): Parts | null {
  if (amount > sumParts(owed)) return null;
  return allocate(amount, owed, REDUCTION_ORDER).parts;
}

export interface AccrualInput {
  loan: number;
  /** The product's overdue interest per day, bp of the principal (copied onto the order). */
  overdueRateBp: number;
  settings: Pick<DebtSettings, 'grace_days' | 'penalty_rate_bp' | 'penalty_cap_bp'>;
  /** Rounding unit of the market (1,000 đồng, 1 cent): amounts are rounded half up to it, once per posting. */
  unit: number;
}

/** The cap on overdue interest + penalty together, minor units. */
export function overdueCap(a: AccrualInput): number {
  return bpRound(BigInt(a.loan) * BigInt(a.settings.penalty_cap_bp), a.unit);
}

/**
 * The overdue interest and penalty of one overdue day (day 1 = the day after the due date), given what was accrued
 * before: nothing during the grace days; then the product's overdue interest and the merchant's penalty, each a
 * daily share of the principal, until together they reach the cap (interest takes the room first).
 */
export function dayAccrual(a: AccrualInput, overdueDay: number, accruedSoFar: number): { interest: number; penalty: number } {
  if (overdueDay <= a.settings.grace_days) return { interest: 0, penalty: 0 };
  const room = Math.max(0, overdueCap(a) - accruedSoFar);
  const interest = Math.min(room, bpRound(BigInt(a.loan) * BigInt(a.overdueRateBp), a.unit));
  const penalty = Math.min(room - interest, bpRound(BigInt(a.loan) * BigInt(a.settings.penalty_rate_bp), a.unit));
  return { interest, penalty };
}

/** Extension fee by the merchant's rule: a fixed amount, or a rate of the principal (rounded half up to the unit). */
export function extensionFee(loan: number, feeType: string, feeSetting: number, unit: number): number {
  return feeType === 'fixed' ? feeSetting : bpRound(BigInt(loan) * BigInt(feeSetting), unit);
}

/** The columns of an order `orderMoney` reads besides the money parts. */
export interface OrderMoneyRow extends OrderMoneyColumns {
  id: number;
  orderNo: string;
  currency: string;
  status: string;
  dueDate: string | null;
  overdueDays: number;
  extensionFeeMinor: number;
  extensionCount: number;
  creditMinor: number;
  overContract: boolean;
  dueAmountMinor: number;
  paidAmountMinor: number;
  remainingDebtMinor: number;
  reductionTotalMinor: number;
}

/**
 * An order's money as the screens and the borrower app show it: the stored figures (which the money core keeps equal
 * to `orderFigures` of the parts) and what is owed, paid and reduced by part.
 */
export function orderMoney(o: OrderMoneyRow): OrderMoney {
  return {
    order_id: o.id, order_no: o.orderNo, currency: o.currency, status: o.status,
    loan_amount: o.loanAmountMinor, contract_amount: o.contractAmountMinor, due_amount: o.dueAmountMinor, paid_amount: o.paidAmountMinor,
    remaining_debt: o.remainingDebtMinor, due_date: o.dueDate, overdue_days: o.overdueDays, overdue_interest: o.overdueInterestMinor,
    overdue_penalty: o.overduePenaltyMinor, reduction_total: o.reductionTotalMinor, extension_fee: o.extensionFeeMinor, extension_count: o.extensionCount, credit: o.creditMinor,
    over_contract: o.overContract, owed: owedParts(o), paid: paidParts(o), reduced: reducedParts(o),
  };
}
