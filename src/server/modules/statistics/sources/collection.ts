import { inArray, sql } from 'drizzle-orm';
import type { GroupBy } from '../../../../schemas/statistics';
import type { Db } from '../../../db/client';
import { collectionStage, collectorGroup } from '../../collection/collection.table';
import { merchant } from '../../merchant/merchant.table';
import { col, type ReportSource } from '../engine';

/** Sources of the collection reports (src/schemas/reports/collection.ts): all read stat_collection. */

/**
 * Names of stage and team keys. Merchants name their stages alike (S1, S2 …), so a name shared by several keys of
 * the answer carries its merchant's name.
 */
async function labels(db: Db, g: GroupBy, keys: string[]): Promise<Map<string, string> | undefined> {
  const table = g === 'stage' ? collectionStage : g === 'team' ? collectorGroup : null;
  if (!table) return undefined;
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (!ids.length) return new Map();
  const rows = await db.select({ id: table.id, name: table.name, merchant: merchant.name }).from(table)
    .leftJoin(merchant, sql`${merchant.id} = ${table.merchantId}`).where(inArray(table.id, ids));
  const uses = new Map<string, number>();
  for (const r of rows) uses.set(r.name, (uses.get(r.name) ?? 0) + 1);
  return new Map(rows.map((r) => [String(r.id), (uses.get(r.name) ?? 0) > 1 && r.merchant ? `${r.name} · ${r.merchant}` : r.name]));
}

const base = {
  table: 'stat_collection', dateColumn: 'business_date', staffColumn: 'collector_id', labels,
  keys: { stage: sql`stage_id::text`, team: sql`group_id::text`, staff: sql`collector_id::text` },
} satisfies Omit<ReportSource, 'sums'>;

const recovered = { recovered: col('recovered_minor') };

export const collectionSources: Record<string, ReportSource> = {
  collectionSummaryNew: {
    ...base,
    sums: { entered: col('entered'), owed: col('owed_minor'), worked: col('worked'), promises: col('promises'), kept: col('kept'), ...recovered },
  },
  collectionStatistics: {
    ...base,
    sums: {
      held: col('held'), held_owed: col('held_owed_minor'), worked: col('worked'), calls: col('calls'), promises: col('promises'), kept: col('kept'),
      ...recovered,
    },
  },
  cureRate: {
    ...base,
    sums: {
      entered: col('entered'), cured: col('cured'), held: col('held'),
      cured_held: sql`coalesce(sum(cured) filter (where collector_id <> 0), 0)`,
    },
  },
  collectionPersonnel: {
    ...base,
    sums: { held: col('held'), worked: col('worked'), calls: col('calls'), results: col('results'), promises: col('promises'), ...recovered },
  },
};
