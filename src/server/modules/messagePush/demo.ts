import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { merchant } from '../merchant/merchant.table';
import { createBusinessClock } from '../lifecycle/clock';
import { pushConfig, pushMessage } from './messagePush.table';
import { dispatch } from './push';

/**
 * Demo push data, once (kept when the first merchant has a configuration): the sandbox configuration of the first
 * merchant's app, one message sent to all its customers (delivery counts from the sandbox) and one scheduled for
 * tomorrow morning that can still be cancelled.
 */
export async function seedMessagePushDemo(db: Db, now: () => Date = () => new Date()): Promise<void> {
  const [m] = await db.select({ id: merchant.id, name: merchant.name }).from(merchant).orderBy(asc(merchant.id)).limit(1);
  if (!m) return;
  const [has] = await db.select({ id: pushConfig.id }).from(pushConfig).where(eq(pushConfig.merchantId, m.id)).limit(1);
  if (has) return;
  const [cfg] = await db.insert(pushConfig).values({ merchantId: m.id, name: 'Borrower app (sandbox)', appId: 'demo.app', failureRate: 5, remark: 'Demo' })
    .onConflictDoNothing().returning();
  if (!cfg) return;
  const at = now();
  const [sent] = await db.insert(pushMessage).values({
    merchantId: m.id, configId: cfg.id, title: 'Your limit went up', body: `${m.name}: good news — your credit limit has been raised. Open the app to see it.`,
    audience: 'all', status: 'sending', createdAt: new Date(at.getTime() - 86_400_000),
  }).returning();
  const deps = { db, now, clock: createBusinessClock(db, now) } as unknown as Deps;
  await dispatch(deps, sent!.id);
  await db.insert(pushMessage).values({
    merchantId: m.id, configId: cfg.id, title: 'Repayment due today', body: 'Your repayment is due today. Pay in the app to keep your good record.',
    audience: 'due_today', status: 'scheduled', scheduledAt: new Date(at.getTime() + 86_400_000), createdAt: at,
  });
}
