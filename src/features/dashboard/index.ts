import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the dashboard area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'dashboard.home': lazyScreen(() => import('./DashboardScreen')),
};
