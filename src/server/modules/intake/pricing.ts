import type { Market } from '../../../schemas/merchant';
import { MARKET_DATA } from '../../seed/markets';

/**
 * The money of a new loan order, from its product (see loan_order in order/order.table.ts and product.table.ts):
 * - interest = loan × rate × days (rate per day, `daily`) or loan × rate (rate for the whole loan, `flat`);
 * - management, risk and payment fees = loan × their rate, once per loan;
 * - fees `upfront`: deducted from the payout, so received = loan − fees and contract = loan + interest;
 *   fees at `maturity`: received = loan and contract = loan + interest + fees.
 * Every part is rounded half up to the market's money unit (1,000 đồng, 1 cent …), the same rounding as the
 * seed, so received ≤ loan ≤ contract always. Arithmetic is in BigInt: loan × bp × days passes 2^53 for large
 * amounts in đồng.
 */

export interface PricedProduct {
  rateBp: number;
  interestType: string;
  managementFeeBp: number;
  riskFeeBp: number;
  paymentFeeBp: number;
  feeTiming: string;
}

export interface Pricing {
  loan: number;
  interest: number;
  managementFee: number;
  riskFee: number;
  paymentFee: number;
  fees: number;
  received: number;
  contract: number;
}

/** Minor units amounts are rounded to in a market (VND to 1,000 đồng). */
export function moneyUnit(market: string): number {
  return MARKET_DATA[market as Market]?.moneyRound ?? 1;
}

/** numerator / 10,000 rounded half up to a multiple of `unit` (all non-negative). */
export function bpRound(numerator: bigint, unit: number): number {
  const u = BigInt(unit) * 10_000n;
  return Number(((numerator * 2n + u) / (2n * u)) * BigInt(unit));
}

export function priceLoan(p: PricedProduct, loan: number, days: number, unit = 1): Pricing {
  if (!Number.isSafeInteger(loan) || loan < 0) throw new RangeError('loan must be a non-negative integer of minor units');
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  const L = BigInt(loan);
  const interest = bpRound(L * BigInt(p.rateBp) * (p.interestType === 'daily' ? BigInt(days) : 1n), unit);
  const managementFee = bpRound(L * BigInt(p.managementFeeBp), unit);
  const riskFee = bpRound(L * BigInt(p.riskFeeBp), unit);
  const paymentFee = bpRound(L * BigInt(p.paymentFeeBp), unit);
  const fees = managementFee + riskFee + paymentFee;
  const upfront = p.feeTiming === 'upfront';
  return {
    loan, interest, managementFee, riskFee, paymentFee, fees,
    received: upfront ? loan - fees : loan,
    contract: upfront ? loan + interest : loan + interest + fees,
  };
}
