import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the developer tools by command id (docs/devtool.md). */
export const screens: ScreenMap = {
  'devtool.IconSelect': lazy(() => import('./IconSelectScreen').then((m) => ({ default: m.IconSelectScreen }))),
  'devtool.TableTree': lazy(() => import('./TableTreeScreen').then((m) => ({ default: m.TableTreeScreen }))),
};
