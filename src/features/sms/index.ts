import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the SMS area by command id (lazy chunks): platform and merchant configurations, SMS tasks. */
export const screens: ScreenMap = {
  'system.systemSmsConfig': lazyScreen(() => import('./SystemSmsConfigScreen')),
  'merchant.smsConfig': lazyScreen(() => import('./SmsConfigScreen')),
  'merchant.smsSendTask': lazyScreen(() => import('./SmsTaskScreen')),
};
