import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the empower area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'empower.user': lazyScreen(() => import('./AccountsScreen')),
  'empower.role': lazyScreen(() => import('./RolesScreen')),
  'empower.empower': lazyScreen(() => import('./PermissionNodesScreen')),
};
