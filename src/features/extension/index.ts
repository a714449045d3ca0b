import { lazyScreen, type ScreenMap } from '../screen.types';

type Screens = typeof import('./screens');
/** The four extension screens share one chunk: they are one list component configured per page. */
const screen = (name: keyof Screens) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/** Screens of extensions: /exhibition_period lists and /review/reviewExhibitionPeriod, by command id (lazy). */
export const screens: ScreenMap = {
  'extension.ExhibitionPeriodList': screen('AllExtensionsScreen'),
  'extension.ExhibitionPeriodPassedList': screen('PassedExtensionsScreen'),
  'extension.ExhibitionPeriodRejectsList': screen('RejectedExtensionsScreen'),
  'review.reviewExhibitionPeriod': screen('ReviewExtensionsScreen'),
};
