import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { ruleListQuery, type channelAuditRuleBody, type channelAuditRuleEditBody, type ChannelAuditRuleRow } from '../../../schemas/channel';
import { CODE } from '../../../schemas/common';
import { MANUAL_STAGES, type ManualStage } from '../../../schemas/lifecycle';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import { outer } from '../client/client.routes';
import { merchantInScope } from '../client/customer.service';
import { dateIn } from '../lifecycle/clock';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { channelAuditRule } from './channelAdmin.table';
import { channelOfMerchant, conflictField, invalidField, notFoundWhat, scopedChannel, type ChannelCtx } from './scope';

/**
 * /merchant/channelAuditRule: per channel, the manual review stages skipped or added to the merchant's flow, whether
 * manual review is forced (an order of the channel never passes on the machine alone), and limits on applications
 * through the channel (largest amount, applications per business day). Review and intake read a rule through the
 * exported functions at the end of this file.
 */

type RuleRecord = typeof channelAuditRule.$inferSelect;

export const ruleList = defineList({
  id: 'merchant.channelAuditRule',
  permission: pageKey('merchant', 'channelAuditRule'),
  from: channelAuditRule,
  columns: {
    id: channelAuditRule.id,
    merchant_id: channelAuditRule.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(channelAuditRule.merchantId)})`,
    channel_id: channelAuditRule.channelId,
    channel_code: sql<string | null>`(select c.code from ${channel} c where c.id = ${outer(channelAuditRule.channelId)})`,
    channel_name: sql<string | null>`(select c.name from ${channel} c where c.id = ${outer(channelAuditRule.channelId)})`,
    skip_stages: channelAuditRule.skipStages,
    add_stages: channelAuditRule.addStages,
    force_manual: channelAuditRule.forceManual,
    max_amount: channelAuditRule.maxAmountMinor,
    daily_cap: channelAuditRule.dailyCap,
    enabled: channelAuditRule.enabled,
    note: channelAuditRule.note,
    updated_at: channelAuditRule.updatedAt,
  },
  filters: ruleListQuery,
  where: (f) => [
    f.merchant_id !== undefined ? eq(channelAuditRule.merchantId, f.merchant_id) : undefined,
    f.channel_id !== undefined ? eq(channelAuditRule.channelId, f.channel_id) : undefined,
    f.enabled !== undefined ? eq(channelAuditRule.enabled, f.enabled) : undefined,
  ],
  scope: merchantScope(channelAuditRule.merchantId),
  sorts: { id: channelAuditRule.id, created_at: channelAuditRule.createdAt },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'channel_code', title: 'field.channel_id' },
    { key: 'skip_stages', title: 'channel.field.skip_stages', value: (r) => ((r.skip_stages ?? []) as string[]).join(', ') },
    { key: 'add_stages', title: 'channel.field.add_stages', value: (r) => ((r.add_stages ?? []) as string[]).join(', ') },
    { key: 'force_manual', title: 'channel.field.force_manual' },
    { key: 'max_amount', title: 'channel.field.max_amount' },
    { key: 'daily_cap', title: 'field.daily_cap' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

const view = (r: RuleRecord): Omit<ChannelAuditRuleRow, 'merchant_name' | 'channel_code' | 'channel_name'> => ({
  id: r.id, merchant_id: r.merchantId, channel_id: r.channelId, skip_stages: r.skipStages, add_stages: r.addStages, force_manual: r.forceManual,
  max_amount: r.maxAmountMinor, daily_cap: r.dailyCap, enabled: r.enabled, note: r.note, updated_at: r.updatedAt.toISOString(),
});

type RuleInput = Pick<z.infer<typeof channelAuditRuleBody>, 'skip_stages' | 'add_stages' | 'force_manual'>;

/** A stage may not be both skipped and added; forcing manual review while skipping every stage leaves nothing to force. */
function checkStages(b: RuleInput): void {
  const both = b.skip_stages.find((s) => b.add_stages.includes(s));
  if (both) throw invalidField('add_stages', 'channel.stageSkippedAndAdded', { stage: both });
  if (b.force_manual && MANUAL_STAGES.every((s) => b.skip_stages.includes(s))) throw invalidField('skip_stages', 'channel.forceWithoutStage');
}

async function scopedRule(db: DbOrTx, ctx: ChannelCtx, id: number): Promise<RuleRecord> {
  const [r] = await db.select().from(channelAuditRule).where(eq(channelAuditRule.id, id));
  if (!r || !merchantInScope(ctx.actor, r.merchantId)) throw notFoundWhat('auditRule');
  return r;
}

export async function addRule(ctx: ChannelCtx, body: z.infer<typeof channelAuditRuleBody>) {
  const { deps, req, actor } = ctx;
  const c = await scopedChannel(deps.db, actor, body.channel_id).catch(() => { throw invalidField('channel_id', 'channel.channelNotOfMerchant'); });
  await channelOfMerchant(deps.db, actor, c.id, c.merchantId, 'channel_id');
  checkStages(body);
  return deps.db.transaction(async (tx) => {
    const [same] = await tx.select({ id: channelAuditRule.id }).from(channelAuditRule).where(eq(channelAuditRule.channelId, c.id));
    if (same) throw conflictField('channel_id', 'channel.ruleExists', { code: c.code });
    const now = deps.now();
    const [r] = await tx.insert(channelAuditRule).values({
      merchantId: c.merchantId, channelId: c.id, skipStages: body.skip_stages, addStages: body.add_stages, forceManual: body.force_manual,
      maxAmountMinor: body.max_amount ?? null, dailyCap: body.daily_cap ?? null, enabled: body.enabled, note: body.note,
      createdBy: actor.accountId, createdAt: now, updatedAt: now,
    }).onConflictDoNothing().returning();
    if (!r) throw conflictField('channel_id', 'channel.ruleExists', { code: c.code });
    await writeOpLog(tx, req, { action: 'merchant.channelAuditRule.add', targetType: 'channel_audit_rule', targetId: r.id, after: view(r) });
    return view(r);
  });
}

export async function editRule(ctx: ChannelCtx, body: z.infer<typeof channelAuditRuleEditBody>) {
  const { deps, req } = ctx;
  await scopedRule(deps.db, ctx, body.id);
  checkStages(body);
  return deps.db.transaction(async (tx) => {
    const before = await scopedRule(tx, ctx, body.id);
    const [r] = await tx.update(channelAuditRule).set({
      skipStages: body.skip_stages, addStages: body.add_stages, forceManual: body.force_manual, maxAmountMinor: body.max_amount ?? null,
      dailyCap: body.daily_cap ?? null, enabled: body.enabled, note: body.note, updatedAt: deps.now(),
    }).where(eq(channelAuditRule.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.channelAuditRule.edit', targetType: 'channel_audit_rule', targetId: r.id, before: view(before), after: view(r) });
    return view(r);
  });
}

export async function deleteRule(ctx: ChannelCtx, id: number) {
  const { deps, req } = ctx;
  const found = await scopedRule(deps.db, ctx, id);
  return deps.db.transaction(async (tx) => {
    await tx.delete(channelAuditRule).where(eq(channelAuditRule.id, id));
    await writeOpLog(tx, req, { action: 'merchant.channelAuditRule.del', targetType: 'channel_audit_rule', targetId: id, before: view(found) });
    return null;
  });
}

// ------------------------------------------------------------------------------------------------ what review and intake read

import { channelAuditRuleFor } from './rules';
export { applyChannelRule, channelAuditRuleFor, channelStages, type ChannelRule } from './rules';

/**
 * Refuses an application the channel's rule does not allow (42200): above its largest amount, or past its
 * applications for the business day of `now` in `timeZone` (the merchant's). Call inside the application's
 * transaction, before the order is inserted (the count does not include it).
 */
export async function checkChannelLimits(db: DbOrTx, input: { channelId: number | null | undefined; amountMinor: number; now: Date; timeZone: string }): Promise<void> {
  const rule = await channelAuditRuleFor(db, input.channelId);
  if (!rule) return;
  if (rule.maxAmountMinor !== null && input.amountMinor > rule.maxAmountMinor) {
    throw new AppError(CODE.INVALID_TRANSITION, 'channel.overMaxAmount', { max: rule.maxAmountMinor }, 200, [{ path: 'amount', id: 'channel.overMaxAmount', values: { max: rule.maxAmountMinor } }]);
  }
  if (rule.dailyCap !== null) {
    const today = dateIn(input.now, input.timeZone);
    // Constant bounds, so the (channel_id, created_at) index serves the count.
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loanOrder).where(and(
      eq(loanOrder.channelId, input.channelId!),
      gte(loanOrder.createdAt, sql`(${today}::date)::timestamp at time zone ${input.timeZone}`),
      lt(loanOrder.createdAt, sql`(${today}::date + 1)::timestamp at time zone ${input.timeZone}`),
    ));
    if (n >= rule.dailyCap) throw new AppError(CODE.INVALID_TRANSITION, 'channel.dailyCapReached', { cap: rule.dailyCap });
  }
}
