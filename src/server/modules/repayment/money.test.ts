import { describe, expect, it } from 'vitest';
import { DEFAULT_DEBT_SETTINGS } from '../../../schemas/repayment';
import { allocate, dayAccrual, extensionFee, orderFigures, overdueCap, owedParts, splitReduction, type OrderMoneyColumns } from './money';

const order = (o: Partial<OrderMoneyColumns> = {}): OrderMoneyColumns => ({
  loanAmountMinor: 1_000_000, contractAmountMinor: 1_200_000, interestMinor: 200_000, managementFeeMinor: 50_000, riskFeeMinor: 0, paymentFeeMinor: 0,
  feeTiming: 'upfront', overdueInterestMinor: 0, overduePenaltyMinor: 0, paidPenaltyMinor: 0, paidInterestMinor: 0, paidFeeMinor: 0,
  paidPrincipalMinor: 0, reducedPenaltyMinor: 0, reducedInterestMinor: 0, reducedFeeMinor: 0, reducedPrincipalMinor: 0, ...o,
});

describe('what an order owes', () => {
  it('up-front fees are not owed again; fees at maturity are', () => {
    expect(owedParts(order())).toEqual({ penalty: 0, interest: 200_000, fee: 0, principal: 1_000_000 });
    expect(owedParts(order({ feeTiming: 'maturity', contractAmountMinor: 1_250_000 }))).toEqual({ penalty: 0, interest: 200_000, fee: 50_000, principal: 1_000_000 });
  });

  it('figures: due = contract + overdue charges − reductions; remaining = due − paid', () => {
    const o = order({ overdueInterestMinor: 30_000, overduePenaltyMinor: 20_000, reducedPenaltyMinor: 10_000, paidPenaltyMinor: 40_000, paidInterestMinor: 60_000 });
    expect(orderFigures(o)).toEqual({ due: 1_240_000, paid: 100_000, reductionTotal: 10_000, remaining: 1_140_000 });
    expect(owedParts(o)).toEqual({ penalty: 0, interest: 140_000, fee: 0, principal: 1_000_000 });
  });
});

describe('allocation', () => {
  const owed = { penalty: 50_000, interest: 200_000, fee: 10_000, principal: 1_000_000 };
  it('pays the parts in the configured order and keeps the rest as overpaid', () => {
    expect(allocate(100_000, owed, ['penalty', 'interest', 'fee', 'principal'])).toEqual({ parts: { penalty: 50_000, interest: 50_000, fee: 0, principal: 0 }, overpaid: 0 });
    expect(allocate(100_000, owed, ['principal', 'interest', 'fee', 'penalty'])).toEqual({ parts: { penalty: 0, interest: 0, fee: 0, principal: 100_000 }, overpaid: 0 });
    expect(allocate(1_300_000, owed, ['penalty', 'interest', 'fee', 'principal'])).toEqual({ parts: owed, overpaid: 40_000 });
  });
  it('refuses zero, negative and fractional amounts', () => {
    for (const bad of [0, -1, 1.5]) expect(() => allocate(bad, owed, ['penalty', 'interest', 'fee', 'principal'])).toThrow(RangeError);
  });
  it('reductions waive penalty first and never more than owed', () => {
    expect(splitReduction(60_000, owed)).toEqual({ penalty: 50_000, interest: 10_000, fee: 0, principal: 0 });
    expect(splitReduction(1_260_001, owed)).toBeNull();
  });
});

describe('overdue accrual', () => {
  const a = { loan: 1_000_000, overdueRateBp: 100, settings: { grace_days: 1, penalty_rate_bp: 50, penalty_cap_bp: 1000 }, unit: 1000 };
  it('nothing in the grace days, then the daily interest and penalty, rounded half up to the money unit', () => {
    expect(dayAccrual(a, 1, 0)).toEqual({ interest: 0, penalty: 0 });
    expect(dayAccrual(a, 2, 0)).toEqual({ interest: 10_000, penalty: 5_000 });
    expect(dayAccrual({ ...a, loan: 1_050_000 }, 2, 0)).toEqual({ interest: 11_000, penalty: 5_000 }); // 10,500 → 11,000; 5,250 → 5,000
  });
  it('stops at the cap (a share of the principal), interest first', () => {
    expect(overdueCap(a)).toBe(100_000);
    expect(dayAccrual(a, 9, 90_000)).toEqual({ interest: 10_000, penalty: 0 });
    expect(dayAccrual(a, 9, 95_000)).toEqual({ interest: 5_000, penalty: 0 });
    expect(dayAccrual(a, 30, 100_000)).toEqual({ interest: 0, penalty: 0 });
  });
  it('extension fee: fixed or a rate of the principal', () => {
    expect(extensionFee(1_000_000, 'fixed', 77_000, 1000)).toBe(77_000);
    expect(extensionFee(1_000_000, 'rate', DEFAULT_DEBT_SETTINGS.extension_fee_value, 1000)).toBe(100_000);
    expect(extensionFee(1_234_567, 'rate', 1000, 1)).toBe(123_457);
  });
});
