import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule (rules and reductions), by command id (lazy). */
export const screens: ScreenMap = {
  'merchant.DebtSettings': lazyScreen(() => import('./DebtSettingsScreen')),
  'merchant.product': lazyScreen(() => import('./ProductsScreen')),
  'merchant.repaymentDiscountRule': lazyScreen(() => import('./DiscountRulesScreen')),
};
