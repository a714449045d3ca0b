import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the scoring area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'merchant.autoAuditRule': lazy(() => import('./AutoAuditRuleScreen')),
  'merchant.orderScoringRule': lazy(() => import('./OrderScoringRuleScreen')),
};
