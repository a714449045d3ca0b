import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the empower area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'empower.user': lazy(() => import('./AccountsScreen')),
  'empower.role': lazy(() => import('./RolesScreen')),
  'empower.empower': lazy(() => import('./PermissionNodesScreen')),
};
