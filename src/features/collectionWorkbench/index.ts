import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the collector's keyboard workbench (/collection/myCollectionList), by command id (lazy). */
export const screens: ScreenMap = {
  'collection.myCollectionList': lazyScreen(() => import('./WorkbenchScreen')),
};
