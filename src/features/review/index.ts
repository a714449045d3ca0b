import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the review area (/review), by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'review.allOrder': lazy(() => import('./AllOrdersScreen')),
};
