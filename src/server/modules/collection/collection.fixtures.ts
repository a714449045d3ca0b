import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { adminAccount, role } from '../empower/empower.table';
import { collectionStage, collectorGroup, collectorMember } from './collection.table';

/**
 * Test fixtures of the collection area: collector accounts (with the demo collector role), a group, and stages —
 * by default D-2..D0 reminders, S1 (1–7 days overdue), S2 (8–30), M1+ (31+).
 */
export async function createCollectors(deps: Deps, merchantId: number, n: number, tag = crypto.randomBytes(3).toString('hex')): Promise<number[]> {
  const [r] = await deps.db.select({ id: role.id }).from(role).where(eq(role.identifier, 'collector'));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [a] = await deps.db.insert(adminAccount).values({
      account: `col${tag}${i}`.slice(0, 32), nickname: `Collector ${i + 1}`, name: `Collector ${tag} ${i + 1}`, phone: `08${crypto.randomInt(1e8).toString().padStart(8, '0')}`,
      passwordHash: 'x', roleId: r?.id ?? 1, merchantIds: [merchantId],
    }).returning({ id: adminAccount.id });
    ids.push(a.id);
  }
  return ids;
}

export interface StageSpec { name: string; minDay: number; maxDay: number; dailyCap?: number; reassignAfterDays?: number; reminder?: boolean; group?: 'a' | 'b' }

export const DEFAULT_STAGES: StageSpec[] = [
  { name: 'D-2..D0', minDay: -2, maxDay: 0, reminder: true },
  { name: 'S1', minDay: 1, maxDay: 7 },
  { name: 'S2', minDay: 8, maxDay: 30 },
  { name: 'M1+', minDay: 31, maxDay: 3650 },
];

/** Stages of a merchant, each with its own group of the given collectors (every group gets all of them unless `groups`). */
export async function createStages(deps: Deps, merchantId: number, collectors: number[], specs: StageSpec[] = DEFAULT_STAGES, groups?: Record<string, number[]>) {
  const out: Array<typeof collectionStage.$inferSelect> = [];
  for (const s of specs) {
    const [g] = await deps.db.insert(collectorGroup).values({ merchantId, name: `${s.name} team` }).returning();
    const members = groups?.[s.name] ?? collectors;
    if (members.length) await deps.db.insert(collectorMember).values(members.map((accountId) => ({ groupId: g.id, accountId })));
    const [row] = await deps.db.insert(collectionStage).values({
      merchantId, name: s.name, minDay: s.minDay, maxDay: s.maxDay, groupId: g.id, dailyCap: s.dailyCap ?? 50,
      reassignAfterDays: s.reassignAfterDays ?? 0, reminder: s.reminder ?? false,
    }).returning();
    out.push(row);
  }
  return out;
}
