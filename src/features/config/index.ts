import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the config area by command id (lazy chunks): the system settings and the quick replies. */
export const screens: ScreenMap = {
  'system.config': lazyScreen(() => import('./ConfigScreen')),
  'system.quick': lazyScreen(() => import('./QuickScreen')),
};
