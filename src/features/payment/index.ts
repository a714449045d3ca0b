import { lazyScreen, type ScreenMap } from '../screen.types';

type Screens = typeof import('./screens');
/** All payment screens share one chunk: they are one list component configured per page. */
const screen = (name: keyof Screens) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/**
 * Screens of the payment area, by command id: /payment, /transfer (same area on disk), and the payout pages of
 * /system (bankChannel) and /merchant (autoPaymentConfig, autoLoanRule).
 */
export const screens: ScreenMap = {
  'payment.orderRecord': screen('PaymentRecords'),
  'payment.PaymentOrderQuery': screen('PaymentOrderQuery'),
  'payment.paymentOrderLoan': screen('PaymentOrderLoan'),
  'payment.PaymentOrderSuccess': screen('PaymentOrderSuccess'),
  'payment.PaymentOrderFail': screen('PaymentOrderFail'),
  'transfer.TransferOrderQuery': screen('TransferOrderQuery'),
  'transfer.orderAudit': screen('TransferAudit'),
  'transfer.TransferOrderLoan': screen('TransferOrderLoan'),
  'transfer.TransferOrderSuccess': screen('TransferOrderSuccess'),
  'transfer.TransferOrderFail': screen('TransferOrderFail'),
  'transfer.TransferOrderArtificial': screen('TransferOrderArtificial'),
  'transfer.repaymentPayCard': screen('RepaymentPayCards'),
  'transfer.collectionPayCard': screen('CollectionPayCards'),
  'system.bankChannel': screen('BankChannels'),
  'merchant.autoPaymentConfig': screen('AutoPaymentConfig'),
  'merchant.autoLoanRule': screen('AutoLoanRules'),
};
