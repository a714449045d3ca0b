import { and, eq } from 'drizzle-orm';
import { MANUAL_STAGES, type ManualStage } from '../../../schemas/lifecycle';
import type { DbOrTx } from '../../db/client';
import { channelAuditRule } from './channelAdmin.table';

/**
 * A channel's audit rule as review and intake read it: kept apart from the rule screens' module so that the review
 * flow imports only this and the table.
 */

export interface ChannelRule {
  skipStages: ManualStage[];
  addStages: ManualStage[];
  forceManual: boolean;
  maxAmountMinor: number | null;
  dailyCap: number | null;
}

const stagesOf = (a: readonly string[]): ManualStage[] => MANUAL_STAGES.filter((s) => a.includes(s));

/** The enabled rule of a channel; null for no channel, no rule or a disabled one. */
export async function channelAuditRuleFor(db: DbOrTx, channelId: number | null | undefined): Promise<ChannelRule | null> {
  if (channelId == null) return null;
  const [r] = await db.select().from(channelAuditRule).where(and(eq(channelAuditRule.channelId, channelId), eq(channelAuditRule.enabled, true)));
  if (!r) return null;
  return { skipStages: stagesOf(r.skipStages), addStages: stagesOf(r.addStages), forceManual: r.forceManual, maxAmountMinor: r.maxAmountMinor, dailyCap: r.dailyCap };
}

/**
 * The manual stages an order goes through once its channel's rule is applied to the merchant's flow: added stages
 * joined, skipped ones dropped, in the flow's order; with manual review forced and nothing left, the first stage
 * not skipped.
 */
export function applyChannelRule(flowStages: readonly ManualStage[], rule: ChannelRule | null): ManualStage[] {
  if (!rule) return [...flowStages];
  const out = MANUAL_STAGES.filter((s) => (flowStages.includes(s) || rule.addStages.includes(s)) && !rule.skipStages.includes(s));
  if (rule.forceManual && out.length === 0) {
    const first = MANUAL_STAGES.find((s) => !rule.skipStages.includes(s));
    if (first) out.push(first);
  }
  return out;
}

/** applyChannelRule with the channel's rule read from the database. */
export async function channelStages(db: DbOrTx, channelId: number | null | undefined, flowStages: readonly ManualStage[]): Promise<ManualStage[]> {
  return applyChannelRule(flowStages, await channelAuditRuleFor(db, channelId));
}

