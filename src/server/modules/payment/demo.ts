import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentChannel } from './payment.table';

export const DEMO_CHANNEL_CODE = 'SANDBOX';

/**
 * The demo's payment channel (for the seed: `npm start` on an empty database): the built-in sandbox as the default
 * channel, paying after 3 s with 10 % failures, so that a confirmed withdrawal runs its whole life on one machine.
 * Does nothing when the channel exists. Never call it for a production install: the sandbox pays nobody.
 */
export async function ensureDemoChannel(db: DbOrTx): Promise<number> {
  const [found] = await db.select({ id: paymentChannel.id }).from(paymentChannel).where(eq(paymentChannel.code, DEMO_CHANNEL_CODE));
  if (found) return found.id;
  const [row] = await db.insert(paymentChannel).values({
    code: DEMO_CHANNEL_CODE, name: 'Sandbox (demo)', provider: 'sandbox', enabled: true, isDefault: true,
    config: { latency_ms: 3000, failure_rate: 10, seed: '' } as never, signSecret: crypto.randomBytes(32).toString('hex'),
    remark: 'Built-in sandbox: pays nobody',
  }).onConflictDoNothing().returning({ id: paymentChannel.id });
  if (row) return row.id;
  const [again] = await db.select({ id: paymentChannel.id }).from(paymentChannel).where(eq(paymentChannel.code, DEMO_CHANNEL_CODE));
  return again.id;
}
