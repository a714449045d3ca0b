import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the collector's keyboard workbench (/collection/myCollectionList), by command id (lazy). */
export const screens: ScreenMap = {
  'collection.myCollectionList': lazy(() => import('./WorkbenchScreen')),
};
