import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the log area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'log.admin_token_login': lazyScreen(() => import('./OnlineSessionsScreen')),
  'log.admin_active_summary': lazyScreen(() => import('./ActiveSummaryScreen')),
  'log.admin_login': lazyScreen(() => import('./LoginLogScreen')),
  'log.admin_operate': lazyScreen(() => import('./OperationLogScreen')),
  'log.vue_and_query_log': lazyScreen(() => import('./ClientErrorScreen')),
  'log.app_run_log': lazyScreen(() => import('./AppRunLogScreen')),
};
