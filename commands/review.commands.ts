import type { CommandDef } from './command.types';
import { pageScreen } from './define';

/** The review area (/review). The queues (first, second, pre-disbursement review …) arrive with the lifecycle. */
export const reviewCommands: CommandDef[] = [
  pageScreen('review', 'allOrder', {
    order: 12, hotkey: 'alt+a', keywords: ['orders', 'loans', 'all orders', 'search orders'],
    api: { method: 'GET', path: '/loanapi/order/all_list' },
  }),
];
