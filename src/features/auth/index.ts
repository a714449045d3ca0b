import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the auth area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'auth.googleValidator': lazy(() => import('./GoogleValidatorScreen')),
  'auth.personalSettings': lazy(() => import('./PersonalSettingsScreen')),
};
