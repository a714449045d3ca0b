import type { CommandDef } from './command.types';

/** Screens and actions of the repayment area: /repayment lists (repaymentList, settlement, abnormal), /review/manualRepayment, revoke. */
export const repaymentCommands: CommandDef[] = [];
