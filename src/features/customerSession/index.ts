import { lazyScreen, type ScreenMap } from '../screen.types';

/**
 * Screens of the customerSession area, by command id (lazy). This file is in the first load (the router's screen
 * map): nothing else is exported from here. The customer detail imports useCustomerForceLogout from its own file.
 */
export const screens: ScreenMap = {
  'log.customer_login': lazyScreen(() => import('./CustomerLoginScreen')),
  'log.customer_operate': lazyScreen(() => import('./CustomerOperateScreen')),
};

