import { lazyScreen, type ScreenMap } from '../screen.types';

/** The screen of the message-push area by command id (lazy chunk). */
export const screens: ScreenMap = {
  'system.messagePush': lazyScreen(() => import('./MessagePushScreen')),
};
