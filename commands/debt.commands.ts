import type { CommandDef } from './command.types';

/** Screens and actions of debt rules and reductions: /merchant/DebtSettings, /merchant/product, /merchant/repaymentDiscountRule, reduction requests and approvals. */
export const debtCommands: CommandDef[] = [];
