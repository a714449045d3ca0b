import { STAT_PAGES } from '../../schemas/statistics';
import { lazyScreen, type ScreenMap } from '../screen.types';

/** The 24 /statistics pages, by command id: all one ReportScreen (one lazy chunk), each bound to its page. */
export const screens: ScreenMap = Object.fromEntries(STAT_PAGES.map((page) => [
  `statistics.${page}`,
  lazyScreen(() => import('./ReportScreen').then((m) => ({ default: m.reportScreen(page) }))),
]));
