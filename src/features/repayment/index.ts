import type { ScreenMap } from '../screen.types';

/** Screens of the repayment area: /repayment lists (repaymentList, settlement, abnormal), /review/manualRepayment, revoke, by command id (lazy). */
export const screens: ScreenMap = {};
