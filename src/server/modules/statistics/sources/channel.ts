import { sql, type SQL } from 'drizzle-orm';
import { OVERDUE_OFFSETS } from '../../../../schemas/reports/channel';
import { col, runReport, type KeyJoin, type ReportSource } from '../engine';

/** Sources of the channel reports (src/schemas/reports/channel.ts). */

/**
 * The `provider` key of a fact row: its channel's type, read from the channel at query time (a channel's type can be
 * edited; the facts keep only the channel id). `none` = no channel. A join, not a subquery per row: on PGlite the
 * subquery scanned the channels once per fact row (90 days of funnel rows: 6,000 scans, 100 ms).
 */
const providerKey = (): KeyJoin => ({
  key: sql`coalesce(provider.provider_type, 'none')`,
  join: sql`left join (select c.id as provider_channel, c.type as provider_type from channel c) provider on provider.provider_channel = channel_id`,
});

const FUNNEL_COLS = ['registered', 'applied', 'approved', 'disbursed', 'first_due', 'first_default'] as const;

const funnel: ReportSource = {
  table: 'stat_channel_funnel', dateColumn: 'reg_date',
  sums: Object.fromEntries(FUNNEL_COLS.map((c) => [c, col(c)])),
  keys: { provider: providerKey },
};

/** Channels that are not organic (and not "no channel"): paid or partner traffic. */
const external = sql`channel_id in (select c.id from channel c where c.type <> 'organic')`;
const externalSums: ReportSource = {
  ...funnel,
  sums: Object.fromEntries(FUNNEL_COLS.map((c) => [c, sql`coalesce(sum(${sql.identifier(c)}) filter (where ${external}), 0)`])),
};

/**
 * The funnel of external channels only. The engine has no extra condition for a source, so the sums keep external
 * rows only and the groups left with nothing (organic channels, dates without external registrations) are dropped.
 */
const externalFunnel: ReportSource = {
  ...externalSums,
  run: async (db, decl, q, actor) => {
    const res = await runReport(db, decl, externalSums, q, actor);
    return { ...res, rows: res.rows.filter((r) => FUNNEL_COLS.some((c) => r.values[c])) };
  },
};

/**
 * Reads stat_channel_overdue_ch (summed over product and new/returning, the channel kept) unless a product or
 * new/returning is asked for: its default grouping by channel, and provider, date and merchant, stay on the roll-up.
 */
const overdue: ReportSource = {
  table: 'stat_channel_overdue', rollup: 'stat_channel_overdue_ch', rollupKeeps: ['channel'], dateColumn: 'due_date',
  sums: {
    orders: col('orders'), amount: col('amount_minor'),
    ...Object.fromEntries(OVERDUE_OFFSETS.flatMap((k) => [
      [`due_${k}`, col(`due_${k}`)], [`due_amount_${k}`, col(`due_amount_${k}`)],
      [`overdue_${k}`, col(`overdue_${k}`)], [`overdue_amount_${k}`, col(`overdue_amount_${k}`)],
    ])),
  },
  keys: { provider: providerKey },
};

export const channelSources: Record<string, ReportSource> = {
  registrationStatistics: funnel,
  ChannelProviderStatistics: funnel,
  providerStatisticsManage: funnel,
  externalChannelStatistics: externalFunnel,
  OverdueProviderStatistics: overdue,
};
