import type { ScreenMap } from '../screen.types';

/** Screens of money in through the payment provider: repayment links, QR codes, card deductions, virtual-account cards (repaymentCardList, paymentPayCard, resetAllRepaymentCards), callbacks and re-checks, by command id (lazy). */
export const screens: ScreenMap = {};
