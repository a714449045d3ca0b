import type { AreaActions } from './types';

/** Permission action nodes of /system/bank (docs/bank.md): banks add, edit, enable, disable; BINs binAdd, binEdit, binDel, import. */
export const bankActions: AreaActions = {
  system: { bank: ['add', 'edit', 'enable', 'disable', 'binAdd', 'binEdit', 'binDel', 'import'] },
};

/**
 * Demo role templates: withdrawal customer service reads the banks and BINs (which bank a failed payout's card belongs
 * to); changing them stays with administrators.
 */
export const bankRoleGrants: Record<string, string[]> = {
  withdrawal_agent: ['system_bank'],
};
