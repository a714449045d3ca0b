import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

const stage = (name: 'TrialScreen' | 'ReviewAgainScreen' | 'PaymentPreTrialScreen' | 'ReviewLoanScreen') =>
  lazy(() => import('./StageQueueScreen').then((m) => ({ default: m[name] })));
const service = (name: 'InitialServiceScreen' | 'AgainServiceScreen' | 'PreTrialServiceScreen') =>
  lazy(() => import('./ServiceQueueScreen').then((m) => ({ default: m[name] })));

/** Screens of the review area (/review) and the review flow (/merchant/loanConfig), by command id (lazy: one chunk each). */
export const screens: ScreenMap = {
  'review.allOrder': lazy(() => import('./AllOrdersScreen')),
  'review.trial': stage('TrialScreen'),
  'review.reviewAgain': stage('ReviewAgainScreen'),
  'review.PaymentPreTrial': stage('PaymentPreTrialScreen'),
  'review.reviewLoan': stage('ReviewLoanScreen'),
  'review.initialReviewCustomerService': service('InitialServiceScreen'),
  'review.againReviewCustomerService': service('AgainServiceScreen'),
  'review.paymentPreTrialService': service('PreTrialServiceScreen'),
  'review.loanInterception': lazy(() => import('./OrderActionScreens').then((m) => ({ default: m.InterceptionScreen }))),
  'review.resettingOrder': lazy(() => import('./OrderActionScreens').then((m) => ({ default: m.ResettingScreen }))),
  'merchant.loanConfig': lazy(() => import('./LoanConfigScreen')),
};
