import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the developer tools by command id (docs/devtool.md). */
export const screens: ScreenMap = {
  'devtool.IconSelect': lazyScreen(() => import('./IconSelectScreen').then((m) => ({ default: m.IconSelectScreen }))),
  'devtool.TableTree': lazyScreen(() => import('./TableTreeScreen').then((m) => ({ default: m.TableTreeScreen }))),
};
