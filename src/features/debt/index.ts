import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule (rules and reductions), by command id (lazy). */
export const screens: ScreenMap = {
  'merchant.DebtSettings': lazy(() => import('./DebtSettingsScreen')),
  'merchant.product': lazy(() => import('./ProductsScreen')),
  'merchant.repaymentDiscountRule': lazy(() => import('./DiscountRulesScreen')),
};
