import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the co-debt area by command id: /merchant/coDebtRule. */
export const screens: ScreenMap = {
  'merchant.coDebtRule': lazyScreen(() => import('./CoDebtRuleScreen')),
};
