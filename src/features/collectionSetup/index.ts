import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings), by command id (lazy). */
export const screens: ScreenMap = {
  'merchant.stage': lazy(() => import('./StageScreen')),
  'empower.outbound': lazy(() => import('./OutboundScreen')),
};
