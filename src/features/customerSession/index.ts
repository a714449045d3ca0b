import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the customerSession area, by command id (lazy). The customer detail's force logout: useCustomerForceLogout. */
export const screens: ScreenMap = {
  'log.customer_login': lazy(() => import('./CustomerLoginScreen')),
  'log.customer_operate': lazy(() => import('./CustomerOperateScreen')),
};

export { useCustomerForceLogout } from './useCustomerForceLogout';
