import type { CommandDef } from './command.types';

/** Screens and actions of money in through the payment provider: repayment links, QR codes, card deductions, virtual-account cards (repaymentCardList, paymentPayCard, resetAllRepaymentCards), callbacks and re-checks. */
export const repaymentCardCommands: CommandDef[] = [];
