import type { ScreenMap } from '../screen.types';

/** Screens of the collector's keyboard workbench: myCollectionList, case work (call, result, promise, note), calls logged on the case, by command id (lazy). */
export const screens: ScreenMap = {};
