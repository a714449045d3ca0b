import type { ScreenMap } from '../screen.types';

/** Screens of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule, reduction requests and approvals, by command id (lazy). */
export const screens: ScreenMap = {};
