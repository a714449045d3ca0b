import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the merchant-money area by command id (lazy chunks): the /merchant MerchantBalance group. */
export const screens: ScreenMap = {
  'merchant.BalanceInfo': lazyScreen(() => import('./BalanceInfoScreen')),
  'merchant.ChangeBalanceRecord': lazyScreen(() => import('./ChangeBalanceScreen')),
  'merchant.IncreaseBalanceRecord': lazyScreen(() => import('./IncreaseScreen')),
  'merchant.DecreaseBalanceRecord': lazyScreen(() => import('./DecreaseScreen')),
  'merchant.BalanceChangeTaskRecord': lazyScreen(() => import('./BalanceTaskScreen')),
};
