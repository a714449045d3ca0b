import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the config area by command id (lazy chunks): the system settings and the quick replies. */
export const screens: ScreenMap = {
  'system.config': lazy(() => import('./ConfigScreen')),
  'system.quick': lazy(() => import('./QuickScreen')),
};
