import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the forum area by command id (one lazy chunk): /AppConfig App_Forum. */
export const screens: ScreenMap = {
  'app.App_Forum': lazyScreen(() => import('./ForumScreen')),
};
