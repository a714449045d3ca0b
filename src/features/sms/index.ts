import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the SMS area by command id (lazy chunks): platform and merchant configurations, SMS tasks. */
export const screens: ScreenMap = {
  'system.systemSmsConfig': lazy(() => import('./SystemSmsConfigScreen')),
  'merchant.smsConfig': lazy(() => import('./SmsConfigScreen')),
  'merchant.smsSendTask': lazy(() => import('./SmsTaskScreen')),
};
