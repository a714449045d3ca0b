import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the scoring area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'merchant.autoAuditRule': lazyScreen(() => import('./AutoAuditRuleScreen')),
  'merchant.orderScoringRule': lazyScreen(() => import('./OrderScoringRuleScreen')),
};
