import type { DbOrTx } from '../../db/client';

/**
 * What other areas do when a customer registers through the app (marketing credits a whitelisted number, the public
 * pool credits the agent who held the customer): run inside the registration's transaction, so a credit exists
 * exactly when the registration does. Areas add theirs when their routes are set up (app.ts order).
 */
export interface Registration {
  customerId: number;
  merchantId: number;
  phone: string;
  idNumber: string;
  channelId: number | null;
  /** False when an existing record (created by staff or an import) was completed by the app. */
  isNew: boolean;
  at: Date;
}
export type RegistrationHook = (tx: DbOrTx, r: Registration) => Promise<void>;

const hooks = new Set<RegistrationHook>();
export function onRegistration(hook: RegistrationHook): void {
  hooks.add(hook);
}
export async function runRegistrationHooks(tx: DbOrTx, r: Registration): Promise<void> {
  for (const h of hooks) await h(tx, r);
}
