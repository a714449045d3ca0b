import type { ScreenMap } from '../screen.types';

/** Screens of extensions: /exhibition_period lists and /review/reviewExhibitionPeriod, by command id (lazy). */
export const screens: ScreenMap = {};
