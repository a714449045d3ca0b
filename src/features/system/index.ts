import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the system area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'system.dict': lazy(() => import('./DictScreen')),
  'system.test': lazy(() => import('./SystemTestScreen')),
};
