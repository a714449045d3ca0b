import { lazyScreen, type ScreenMap } from '../screen.types';

const queue = (name: keyof typeof import('./screens')) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/**
 * Screens of the withdrawal area, by command id (lazy, so each screen is its own chunk): the nine /withdrawalMoney
 * queues, /review/manualLending and /log/WithdrawalSMS (see docs/withdrawal.md for why the last two live here).
 */
export const screens: ScreenMap = {
  'withdrawal.waitFor': queue('WaitForScreen'),
  'withdrawal.MywaitForOrder': queue('MyWaitForScreen'),
  'withdrawal.MarketWaitTakeOrder': queue('MarketScreen'),
  'withdrawal.MyTakeConfirmOrder': queue('MyTakeScreen'),
  'withdrawal.MyPaymentNoticeOrder': queue('PaymentNoticeScreen'),
  'withdrawal.waitingForRelease': queue('ReleaseScreen'),
  'withdrawal.dormantTask': queue('DormantScreen'),
  'withdrawal.WaitForcustomerService': queue('CustomerServiceScreen'),
  'withdrawal.MywaitSMS': queue('SmsScreen'),
  'review.manualLending': lazyScreen(() => import('./ManualLendingScreen')),
  'log.WithdrawalSMS': lazyScreen(() => import('./SmsLogScreen')),
};
