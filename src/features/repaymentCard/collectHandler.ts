import { byId } from '../../../commands';
import { registerClientHandler } from '../../app/commands/clientHandlers';

/** The collect action of the repayment list (a screen of the repayment area, so this area cannot mount a dialog on it). */
export const COLLECT_COMMAND = 'repayment.repaymentList.collect';

let registered = false;

/**
 * Registers how the console runs `collect`: asked interactively (toolbar, palette, hotkey: no parameters yet), it opens
 * the order-lookup dialog (loaded on first use, with the QR code renderer); called with parameters (the dialog's
 * submit, through executeCommand), it calls the route, with the invocation's Idempotency-Key.
 */
export function registerCollectHandler(): void {
  if (registered) return;
  registered = true;
  registerClientHandler(COLLECT_COMMAND, async (ctx, params) => {
    if (params && params.order_id !== undefined) return ctx.call(byId.get(COLLECT_COMMAND)!.api!, params);
    const { openCollectModal } = await import('./CollectPanel');
    return openCollectModal(COLLECT_COMMAND, ['link', 'qr', 'card']);
  });
}
