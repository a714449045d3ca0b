import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the template area by command id (one lazy chunk): /system template. */
export const screens: ScreenMap = {
  'system.template': lazy(() => import('./TemplateScreen')),
};
