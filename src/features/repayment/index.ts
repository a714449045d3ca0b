import { lazyScreen, type ScreenMap } from '../screen.types';

type Screens = typeof import('./screens');
/** The repayment screens share one chunk: they are one list component configured per page. */
const screen = (name: keyof Screens) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/**
 * Screens of the repayment area's lists and staff money, by command id: /repayment/repaymentList, settlement,
 * abnormal and /review/manualRepayment.
 */
export const screens: ScreenMap = {
  'repayment.repaymentList': screen('RepaymentList'),
  'repayment.settlement': screen('Settlement'),
  'repayment.abnormal': screen('Abnormal'),
  'review.manualRepayment': screen('ManualRepayment'),
};
