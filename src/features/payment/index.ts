import type { ScreenMap } from '../screen.types';

/** Screens of the payment area, by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {};
