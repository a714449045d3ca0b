import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the content area by command id (one lazy chunk): /merchant banner, /AppConfig App_Update, App_Help, App_Message. */
const screen = (name: 'BannerScreen' | 'AppUpdateScreen' | 'AppHelpScreen' | 'AppMessageScreen') =>
  lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

export const screens: ScreenMap = {
  'merchant.banner': screen('BannerScreen'),
  'app.App_Update': screen('AppUpdateScreen'),
  'app.App_Help': screen('AppHelpScreen'),
  'app.App_Message': screen('AppMessageScreen'),
};
