import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings), by command id (lazy). */
export const screens: ScreenMap = {
  'merchant.stage': lazyScreen(() => import('./StageScreen')),
  'empower.outbound': lazyScreen(() => import('./OutboundScreen')),
};
