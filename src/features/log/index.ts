import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the log area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'log.admin_token_login': lazy(() => import('./OnlineSessionsScreen')),
  'log.admin_active_summary': lazy(() => import('./ActiveSummaryScreen')),
  'log.admin_login': lazy(() => import('./LoginLogScreen')),
  'log.admin_operate': lazy(() => import('./OperationLogScreen')),
  'log.vue_and_query_log': lazy(() => import('./ClientErrorScreen')),
  'log.app_run_log': lazy(() => import('./AppRunLogScreen')),
};
