import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the merchant-money area by command id (lazy chunks): the /merchant MerchantBalance group. */
export const screens: ScreenMap = {
  'merchant.BalanceInfo': lazy(() => import('./BalanceInfoScreen')),
  'merchant.ChangeBalanceRecord': lazy(() => import('./ChangeBalanceScreen')),
  'merchant.IncreaseBalanceRecord': lazy(() => import('./IncreaseScreen')),
  'merchant.DecreaseBalanceRecord': lazy(() => import('./DecreaseScreen')),
  'merchant.BalanceChangeTaskRecord': lazy(() => import('./BalanceTaskScreen')),
};
