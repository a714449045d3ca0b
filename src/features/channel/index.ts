import type { ScreenMap } from '../screen.types';

/** Screens of the channel area by command id (lazy chunks). */
export const screens: ScreenMap = {};
