import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { adminAccount } from '../empower/empower.table';
import { createBusinessClock } from '../lifecycle/clock';
import { collectionStage, collectorGroup, collectorMember } from './collection.table';
import { runCollectionDay } from './day';

/**
 * The demo's collection set-up: for each merchant the demo collector and reminder agent work, the usual stages —
 * D-2..D0 reminders (the reminder agent's group), S1 1–7, S2 8–30, M1+ 31+ (the collector's groups) — then one
 * collection day, so that the collector opens a worked list and the pool and alerts show what capacity left.
 * Keeps a merchant's stages when it has any.
 */
export const DEMO_STAGES = [
  { name: 'D-2..D0', minDay: -2, maxDay: 0, reminder: true, dailyCap: 40, reassignAfterDays: 0 },
  { name: 'S1', minDay: 1, maxDay: 7, reminder: false, dailyCap: 30, reassignAfterDays: 5 },
  { name: 'S2', minDay: 8, maxDay: 30, reminder: false, dailyCap: 20, reassignAfterDays: 7 },
  { name: 'M1+', minDay: 31, maxDay: 3650, reminder: false, dailyCap: 20, reassignAfterDays: 0 },
] as const;

export async function seedCollectionSetup(db: Db): Promise<void> {
  const staff = await db.select({ id: adminAccount.id, account: adminAccount.account, merchantIds: adminAccount.merchantIds }).from(adminAccount)
    .where(inArray(adminAccount.account, ['collector', 'reminder']));
  const collector = staff.find((s) => s.account === 'collector');
  const reminder = staff.find((s) => s.account === 'reminder');
  if (!collector) return;
  const merchants = collector.merchantIds;
  const seeded: number[] = [];
  for (const merchantId of merchants) {
    const [has] = await db.select({ id: collectionStage.id }).from(collectionStage).where(eq(collectionStage.merchantId, merchantId)).limit(1);
    if (has) continue;
    for (const s of DEMO_STAGES) {
      const [g] = await db.insert(collectorGroup).values({ merchantId, name: `${s.name} team` }).returning();
      const members = s.reminder ? [reminder?.id, collector.id] : [collector.id];
      await db.insert(collectorMember).values(members.filter((m): m is number => m != null).map((accountId) => ({ groupId: g.id, accountId })));
      await db.insert(collectionStage).values({ merchantId, groupId: g.id, ...s });
    }
    seeded.push(merchantId);
  }
  if (!seeded.length) return;
  // The seed has no server: a small set of dependencies on the system clock (the business clock's offset as stored).
  const clock = createBusinessClock(db, () => new Date());
  await clock.refresh(true);
  const deps = { db, clock, now: () => new Date() } as unknown as Deps;
  await runCollectionDay(deps, { merchantIds: seeded });
}
