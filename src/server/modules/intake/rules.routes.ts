import { eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE, idBody } from '../../../schemas/common';
import {
  restrictionAddBody, restrictionEditBody, restrictionListQuery, ruleConfigAddBody, ruleConfigEditBody, ruleConfigListQuery,
  type RestrictionApplies, type RestrictionRow, type RestrictionTarget, type RuleConfigRow,
} from '../../../schemas/intake';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { route } from '../../http';
import type { Actor } from '../../plugins/session';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { merchantInScope } from '../client/customer.service';
import { outer } from '../client/client.routes';
import { isUniqueViolation, likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { invalid } from './customers';
import { loanRestrictionRule, loanRuleConfig } from './intake.table';
import { patternSpecific } from './rules';

/**
 * /merchant/loanRuleConfig (the numeric limits of a merchant) and /merchant/loanRestrictionRule (named patterns),
 * both applied by the intake API (rules.ts). Every write is scoped to the actor's merchants and logged.
 */
const P = {
  config: pageKey('merchant', 'loanRuleConfig'),
  configAdd: actionKey('merchant', 'loanRuleConfig', 'add'),
  configEdit: actionKey('merchant', 'loanRuleConfig', 'edit'),
  configDel: actionKey('merchant', 'loanRuleConfig', 'del'),
  rule: pageKey('merchant', 'loanRestrictionRule'),
  ruleAdd: actionKey('merchant', 'loanRestrictionRule', 'add'),
  ruleEdit: actionKey('merchant', 'loanRestrictionRule', 'edit'),
  ruleDel: actionKey('merchant', 'loanRestrictionRule', 'del'),
};

const merchantName = (col: typeof loanRuleConfig.merchantId | typeof loanRestrictionRule.merchantId) =>
  sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;

export const ruleConfigList = defineList({
  id: 'merchant.loanRuleConfig',
  permission: P.config,
  from: loanRuleConfig,
  columns: {
    id: loanRuleConfig.id,
    merchant_id: loanRuleConfig.merchantId,
    merchant_name: merchantName(loanRuleConfig.merchantId),
    max_active_loans: loanRuleConfig.maxActiveLoans,
    reject_cooldown_days: loanRuleConfig.rejectCooldownDays,
    max_daily_apply_phone: loanRuleConfig.maxDailyApplyPhone,
    max_daily_apply_device: loanRuleConfig.maxDailyApplyDevice,
    max_daily_apply_id: loanRuleConfig.maxDailyApplyId,
    min_age: loanRuleConfig.minAge,
    max_age: loanRuleConfig.maxAge,
    max_daily_withdrawals: loanRuleConfig.maxDailyWithdrawals,
    enabled: loanRuleConfig.enabled,
    remark: loanRuleConfig.remark,
    updated_at: loanRuleConfig.updatedAt,
  },
  filters: ruleConfigListQuery,
  where: (f) => [f.merchant_id !== undefined ? eq(loanRuleConfig.merchantId, f.merchant_id) : undefined],
  scope: merchantScope(loanRuleConfig.merchantId),
  sorts: { updated_at: loanRuleConfig.updatedAt, id: loanRuleConfig.id },
  defaultSort: 'updated_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'max_active_loans', title: 'intake.field.max_active_loans' },
    { key: 'reject_cooldown_days', title: 'intake.field.reject_cooldown_days' },
    { key: 'max_daily_apply_phone', title: 'intake.field.max_daily_apply_phone' },
    { key: 'max_daily_apply_device', title: 'intake.field.max_daily_apply_device' },
    { key: 'max_daily_apply_id', title: 'intake.field.max_daily_apply_id' },
    { key: 'min_age', title: 'intake.field.min_age' },
    { key: 'max_age', title: 'intake.field.max_age' },
    { key: 'max_daily_withdrawals', title: 'intake.field.max_daily_withdrawals' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'remark', title: 'field.remark' },
    { key: 'updated_at', title: 'field.updated_at' },
  ],
});

export const restrictionList = defineList({
  id: 'merchant.loanRestrictionRule',
  permission: P.rule,
  from: loanRestrictionRule,
  columns: {
    id: loanRestrictionRule.id,
    merchant_id: loanRestrictionRule.merchantId,
    merchant_name: merchantName(loanRestrictionRule.merchantId),
    name: loanRestrictionRule.name,
    target: loanRestrictionRule.target,
    pattern: loanRestrictionRule.pattern,
    applies_to: loanRestrictionRule.appliesTo,
    enabled: loanRestrictionRule.enabled,
    remark: loanRestrictionRule.remark,
    updated_at: loanRestrictionRule.updatedAt,
  },
  filters: restrictionListQuery,
  where: (f) => [
    f.merchant_id !== undefined ? eq(loanRestrictionRule.merchantId, f.merchant_id) : undefined,
    f.target ? eq(loanRestrictionRule.target, f.target) : undefined,
    f.keyword ? or(ilike(loanRestrictionRule.name, `%${likeEscape(f.keyword)}%`), ilike(loanRestrictionRule.pattern, `%${likeEscape(f.keyword)}%`)) : undefined,
  ],
  scope: merchantScope(loanRestrictionRule.merchantId),
  sorts: { created_at: loanRestrictionRule.createdAt, id: loanRestrictionRule.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'target', title: 'intake.field.target' },
    { key: 'pattern', title: 'intake.field.pattern' },
    { key: 'applies_to', title: 'intake.field.applies_to' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'remark', title: 'field.remark' },
  ],
});

type ConfigRecord = typeof loanRuleConfig.$inferSelect;
type RuleRecord = typeof loanRestrictionRule.$inferSelect;

function configRow(r: ConfigRecord, merchantName: string | null): RuleConfigRow {
  return {
    id: r.id, merchant_id: r.merchantId, merchant_name: merchantName, max_active_loans: r.maxActiveLoans, reject_cooldown_days: r.rejectCooldownDays,
    max_daily_apply_phone: r.maxDailyApplyPhone, max_daily_apply_device: r.maxDailyApplyDevice, max_daily_apply_id: r.maxDailyApplyId,
    min_age: r.minAge, max_age: r.maxAge, max_daily_withdrawals: r.maxDailyWithdrawals, enabled: r.enabled, remark: r.remark,
    updated_at: r.updatedAt.toISOString(),
  };
}

function ruleRow(r: RuleRecord, merchantName: string | null): RestrictionRow {
  return {
    id: r.id, merchant_id: r.merchantId, merchant_name: merchantName, name: r.name, target: r.target as RestrictionTarget, pattern: r.pattern,
    applies_to: r.appliesTo as RestrictionApplies, enabled: r.enabled, remark: r.remark, updated_at: r.updatedAt.toISOString(),
  };
}

type ConfigFields = Omit<z.infer<typeof ruleConfigAddBody>, 'merchant_id'>;

function configValues(b: ConfigFields) {
  if (b.min_age !== null && b.max_age !== null && b.min_age > b.max_age) throw invalid('max_age', 'intake.ageRange');
  return {
    maxActiveLoans: b.max_active_loans, rejectCooldownDays: b.reject_cooldown_days, maxDailyApplyPhone: b.max_daily_apply_phone,
    maxDailyApplyDevice: b.max_daily_apply_device, maxDailyApplyId: b.max_daily_apply_id, minAge: b.min_age, maxAge: b.max_age,
    maxDailyWithdrawals: b.max_daily_withdrawals, enabled: b.enabled, remark: b.remark,
  };
}

function ruleValues(b: Omit<z.infer<typeof restrictionAddBody>, 'merchant_id'>) {
  if (!patternSpecific(b.pattern)) throw invalid('pattern', 'intake.patternTooBroad');
  return { name: b.name, target: b.target, pattern: b.pattern.toUpperCase(), appliesTo: b.applies_to, enabled: b.enabled, remark: b.remark };
}

export function ruleRoutes(app: FastifyInstance, d: Deps): void {
  listRoute(app, d, ruleConfigList, { url: '/loanapi/loan_rule_config/list' });
  listRoute(app, d, restrictionList, { url: '/loanapi/loan_restriction_rule/list' });

  const scopedMerchant = async (actor: Actor, id: number) => {
    const [m] = await d.db.select({ id: merchant.id, name: merchant.name }).from(merchant).where(eq(merchant.id, id)).limit(1);
    if (!m || !merchantInScope(actor, m.id)) throw notFound('@intake.what.merchant');
    return m;
  };
  const scopedConfig = async (actor: Actor, id: number) => {
    const [r] = await d.db.select().from(loanRuleConfig).where(eq(loanRuleConfig.id, id)).limit(1);
    if (!r || !merchantInScope(actor, r.merchantId)) throw notFound('@intake.what.ruleConfig');
    return { r, m: await scopedMerchant(actor, r.merchantId) };
  };
  const scopedRule = async (actor: Actor, id: number) => {
    const [r] = await d.db.select().from(loanRestrictionRule).where(eq(loanRestrictionRule.id, id)).limit(1);
    if (!r || !merchantInScope(actor, r.merchantId)) throw notFound('@intake.what.restriction');
    return { r, m: await scopedMerchant(actor, r.merchantId) };
  };

  route(app, { method: 'POST', url: '/loanapi/loan_rule_config/add', permission: P.configAdd, body: ruleConfigAddBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const m = await scopedMerchant(actor, body.merchant_id);
    const values = configValues(body);
    const now = d.now();
    try {
      return await d.db.transaction(async (tx) => {
        const [r] = await tx.insert(loanRuleConfig).values({ ...values, merchantId: m.id, updatedBy: actor.accountId, createdAt: now, updatedAt: now }).returning();
        const row = configRow(r, m.name);
        await writeOpLog(tx, req, { action: 'loan_rule_config.add', targetType: 'loan_rule_config', targetId: r.id, after: row });
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(CODE.CONFLICT, 'intake.configExists', { merchant: m.name });
      throw err;
    }
  });

  route(app, { method: 'POST', url: '/loanapi/loan_rule_config/edit', permission: P.configEdit, body: ruleConfigEditBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const { r: before, m } = await scopedConfig(actor, body.id);
    const values = configValues(body);
    return d.db.transaction(async (tx) => {
      const [r] = await tx.update(loanRuleConfig).set({ ...values, updatedBy: actor.accountId, updatedAt: d.now() }).where(eq(loanRuleConfig.id, before.id)).returning();
      const row = configRow(r, m.name);
      await writeOpLog(tx, req, { action: 'loan_rule_config.edit', targetType: 'loan_rule_config', targetId: r.id, before: configRow(before, m.name), after: row });
      return row;
    });
  });

  route(app, { method: 'POST', url: '/loanapi/loan_rule_config/del', permission: P.configDel, body: idBody }, async ({ req, body }) => {
    const { r, m } = await scopedConfig(req.actor!, body.id);
    await d.db.transaction(async (tx) => {
      await tx.delete(loanRuleConfig).where(eq(loanRuleConfig.id, r.id));
      await writeOpLog(tx, req, { action: 'loan_rule_config.del', targetType: 'loan_rule_config', targetId: r.id, before: configRow(r, m.name) });
    });
    return null;
  });

  route(app, { method: 'POST', url: '/loanapi/loan_restriction_rule/add', permission: P.ruleAdd, body: restrictionAddBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const m = await scopedMerchant(actor, body.merchant_id);
    const values = ruleValues(body);
    const now = d.now();
    return d.db.transaction(async (tx) => {
      const [r] = await tx.insert(loanRestrictionRule).values({ ...values, merchantId: m.id, updatedBy: actor.accountId, createdAt: now, updatedAt: now }).returning();
      const row = ruleRow(r, m.name);
      await writeOpLog(tx, req, { action: 'loan_restriction_rule.add', targetType: 'loan_restriction_rule', targetId: r.id, after: row });
      return row;
    });
  });

  route(app, { method: 'POST', url: '/loanapi/loan_restriction_rule/edit', permission: P.ruleEdit, body: restrictionEditBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const { r: before, m } = await scopedRule(actor, body.id);
    const values = ruleValues(body);
    return d.db.transaction(async (tx) => {
      const [r] = await tx.update(loanRestrictionRule).set({ ...values, updatedBy: actor.accountId, updatedAt: d.now() }).where(eq(loanRestrictionRule.id, before.id)).returning();
      const row = ruleRow(r, m.name);
      await writeOpLog(tx, req, { action: 'loan_restriction_rule.edit', targetType: 'loan_restriction_rule', targetId: r.id, before: ruleRow(before, m.name), after: row });
      return row;
    });
  });

  route(app, { method: 'POST', url: '/loanapi/loan_restriction_rule/del', permission: P.ruleDel, body: idBody }, async ({ req, body }) => {
    const { r, m } = await scopedRule(req.actor!, body.id);
    await d.db.transaction(async (tx) => {
      await tx.delete(loanRestrictionRule).where(eq(loanRestrictionRule.id, r.id));
      await writeOpLog(tx, req, { action: 'loan_restriction_rule.del', targetType: 'loan_restriction_rule', targetId: r.id, before: ruleRow(r, m.name) });
    });
    return null;
  });
}
