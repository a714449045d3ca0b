import type { ScreenMap } from '../screen.types';

/** Screens of the marketing area by command id (lazy chunks). */
export const screens: ScreenMap = {};
