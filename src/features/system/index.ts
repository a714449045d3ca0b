import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the system area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'system.dict': lazyScreen(() => import('./DictScreen')),
  'system.test': lazyScreen(() => import('./SystemTestScreen')),
};
