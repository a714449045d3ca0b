import { lazyScreen, type ScreenMap } from '../screen.types';
import { registerCollectHandler } from './collectHandler';

type Screens = typeof import('./screens');
/** The card screens share one chunk. */
const screen = (name: keyof Screens) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

// The collect action lives on the repayment list of the repayment area: its dialog is opened by a client handler.
registerCollectHandler();

/**
 * Screens of money in through the payment provider, by command id: virtual-account cards (repaymentCardList), their
 * reset batches (resetAllRepaymentCards) and card deductions (paymentPayCard).
 */
export const screens: ScreenMap = {
  'repayment.repaymentCardList': screen('RepaymentCards'),
  'repayment.resetAllRepaymentCards': screen('ResetCardBatches'),
  'repayment.paymentPayCard': screen('PayCardRepayments'),
};
