import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the auth area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'auth.googleValidator': lazyScreen(() => import('./GoogleValidatorScreen')),
  'auth.personalSettings': lazyScreen(() => import('./PersonalSettingsScreen')),
};
