import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the template area by command id (one lazy chunk): /system template. */
export const screens: ScreenMap = {
  'system.template': lazyScreen(() => import('./TemplateScreen')),
};
