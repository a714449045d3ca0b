import { lazyScreen, type ScreenMap } from '../screen.types';

const stage = (name: 'TrialScreen' | 'ReviewAgainScreen' | 'PaymentPreTrialScreen' | 'ReviewLoanScreen') =>
  lazyScreen(() => import('./StageQueueScreen').then((m) => ({ default: m[name] })));
const service = (name: 'InitialServiceScreen' | 'AgainServiceScreen' | 'PreTrialServiceScreen') =>
  lazyScreen(() => import('./ServiceQueueScreen').then((m) => ({ default: m[name] })));

/** Screens of the review area (/review) and the review flow (/merchant/loanConfig), by command id (lazy: one chunk each). */
export const screens: ScreenMap = {
  'review.allOrder': lazyScreen(() => import('./AllOrdersScreen')),
  'review.trial': stage('TrialScreen'),
  'review.reviewAgain': stage('ReviewAgainScreen'),
  'review.PaymentPreTrial': stage('PaymentPreTrialScreen'),
  'review.reviewLoan': stage('ReviewLoanScreen'),
  'review.initialReviewCustomerService': service('InitialServiceScreen'),
  'review.againReviewCustomerService': service('AgainServiceScreen'),
  'review.paymentPreTrialService': service('PreTrialServiceScreen'),
  'review.loanInterception': lazyScreen(() => import('./OrderActionScreens').then((m) => ({ default: m.InterceptionScreen }))),
  'review.resettingOrder': lazyScreen(() => import('./OrderActionScreens').then((m) => ({ default: m.ResettingScreen }))),
  'merchant.loanConfig': lazyScreen(() => import('./LoanConfigScreen')),
};
