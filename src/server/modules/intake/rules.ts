import { and, count, desc, eq, inArray, like, notInArray, or } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { RestrictionTarget, RuleLimitKey } from '../../../schemas/intake';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, dateIn } from '../lifecycle/clock';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { ageOn } from './identity';
import { intakeEvent, loanRestrictionRule, loanRuleConfig } from './intake.table';

/**
 * The loan and withdrawal rules the intake API applies (docs/intake.md "Rules"): the merchant's numeric limits
 * (loan_rule_config, its own row or else its main merchant's) and the restriction patterns of the merchant and its
 * main merchant. Counts are per person — every customer record of the merchant family sharing the phone or the
 * ID number — so that a second record, or a second sub-merchant of a platform, is no way around a limit.
 * A refusal is a 40300 whose message names the rule, with an issue `rule.<name>` for programs.
 */

export type RuleConfig = typeof loanRuleConfig.$inferSelect;

/** A refusal naming the rule: `rule.<key>` in issues, the worded reason in msg. */
export function ruleRefusal(rule: string, messageId: string, values: Record<string, string | number> = {}): AppError {
  return new AppError(CODE.FORBIDDEN, messageId, values, 200, [{ path: `rule.${rule}`, id: messageId, values }]);
}

/** `*` any run of characters, `?` one character; everything else literal; whole value, any case. */
export function globToRegExp(pattern: string): RegExp {
  const body = pattern.split('').map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'i');
}

export function matchesPattern(pattern: string, value: string): boolean {
  return value !== '' && globToRegExp(pattern).test(value);
}

/** A pattern must pin at least 2 real characters: `*` alone would refuse everyone. */
export function patternSpecific(pattern: string): boolean {
  return pattern.replace(/[*?]/g, '').length >= 2;
}

/** The merchant's own configuration when it has one (enabled or not), else its main merchant's. */
export async function effectiveConfig(db: DbOrTx, merchantId: number, parentId: number | null): Promise<RuleConfig | null> {
  const ids = parentId ? [merchantId, parentId] : [merchantId];
  const rows = await db.select().from(loanRuleConfig).where(inArray(loanRuleConfig.merchantId, ids));
  const own = rows.find((r) => r.merchantId === merchantId) ?? rows.find((r) => r.merchantId === parentId) ?? null;
  return own && own.enabled ? own : null;
}

export interface RuleSubject {
  /** The merchant the order belongs to, its main merchant, and the whole family (main + subs). */
  merchantId: number;
  parentId: number | null;
  familyIds: readonly number[];
  /** Customer records of the person in the family. */
  customerIds: readonly number[];
  phone: string;
  idNumber: string;
  deviceId: string;
  birthDate: string | null;
  /** Business time and the market's time zone (today, cooldown dates). */
  now: Date;
  timeZone: string;
}

export const todayOf = (s: Pick<RuleSubject, 'now' | 'timeZone'>) => dateIn(s.now, s.timeZone);

async function eventsToday(db: DbOrTx, s: RuleSubject, kind: 'apply' | 'withdrawal', by: 'phone' | 'idNumber' | 'deviceId'): Promise<number> {
  const value = s[by];
  if (!value) return 0;
  const [row] = await db.select({ n: count() }).from(intakeEvent).where(and(
    eq(intakeEvent.kind, kind), eq(intakeEvent[by], value), eq(intakeEvent.businessDate, todayOf(s)), inArray(intakeEvent.merchantId, [...s.familyIds]),
  ));
  return row?.n ?? 0;
}

async function patternRules(db: DbOrTx, s: RuleSubject, stage: 'apply' | 'withdrawal'): Promise<void> {
  const ids = s.parentId ? [s.merchantId, s.parentId] : [s.merchantId];
  const rules = await db.select().from(loanRestrictionRule).where(and(
    inArray(loanRestrictionRule.merchantId, ids), eq(loanRestrictionRule.enabled, true), inArray(loanRestrictionRule.appliesTo, [stage, 'both']),
  )).orderBy(loanRestrictionRule.id);
  const values: Record<RestrictionTarget, string> = { id_number: s.idNumber, phone: s.phone, device_id: s.deviceId };
  for (const r of rules) {
    if (matchesPattern(r.pattern, values[r.target as RestrictionTarget] ?? '')) {
      throw ruleRefusal(`restriction_${r.id}`, 'intake.rule.pattern', { name: r.name });
    }
  }
}

const limitOf = (c: RuleConfig | null, key: RuleLimitKey): number | null => {
  if (!c) return null;
  const map: Record<RuleLimitKey, number | null> = {
    max_active_loans: c.maxActiveLoans, reject_cooldown_days: c.rejectCooldownDays, max_daily_apply_phone: c.maxDailyApplyPhone,
    max_daily_apply_device: c.maxDailyApplyDevice, max_daily_apply_id: c.maxDailyApplyId, min_age: c.minAge, max_age: c.maxAge,
    max_daily_withdrawals: c.maxDailyWithdrawals,
  };
  return map[key];
};

/** Time of the person's last rejection (review or machine), business time; null when never rejected. */
async function lastRejection(db: DbOrTx, customerIds: readonly number[]): Promise<Date | null> {
  if (!customerIds.length) return null;
  const [row] = await db.select({ at: orderStatusHistory.createdAt }).from(orderStatusHistory)
    .innerJoin(loanOrder, eq(loanOrder.id, orderStatusHistory.orderId))
    .where(and(
      inArray(loanOrder.customerId, [...customerIds]), eq(orderStatusHistory.toStatus, 'closed'),
      or(like(orderStatusHistory.reason, 'reject%'), like(orderStatusHistory.reason, 'machine_reject%')),
    ))
    .orderBy(desc(orderStatusHistory.createdAt)).limit(1);
  return row?.at ?? null;
}

/** Refuses an application that breaks a rule of the merchant; the first rule broken is named. */
export async function checkApplyRules(db: DbOrTx, s: RuleSubject): Promise<void> {
  const cfg = await effectiveConfig(db, s.merchantId, s.parentId);
  const max = (k: RuleLimitKey) => limitOf(cfg, k);

  const minAge = max('min_age');
  const maxAge = max('max_age');
  if (minAge !== null || maxAge !== null) {
    if (!s.birthDate) throw ruleRefusal('min_age', 'intake.rule.ageUnknown');
    const age = ageOn(s.birthDate, todayOf(s));
    if (minAge !== null && age < minAge) throw ruleRefusal('min_age', 'intake.rule.minAge', { min: minAge, age });
    if (maxAge !== null && age > maxAge) throw ruleRefusal('max_age', 'intake.rule.maxAge', { max: maxAge, age });
  }

  const active = max('max_active_loans');
  if (active !== null && s.customerIds.length) {
    const [row] = await db.select({ n: count() }).from(loanOrder)
      .where(and(inArray(loanOrder.customerId, [...s.customerIds]), notInArray(loanOrder.status, ['settled', 'closed'])));
    const n = row?.n ?? 0;
    if (n >= active) throw ruleRefusal('max_active_loans', 'intake.rule.maxActiveLoans', { count: n, max: active });
  }

  const cooldown = max('reject_cooldown_days');
  if (cooldown !== null) {
    const last = await lastRejection(db, s.customerIds);
    if (last) {
      const lastDay = dateIn(last, s.timeZone);
      const until = addDays(lastDay, cooldown);
      if (todayOf(s) < until) throw ruleRefusal('reject_cooldown_days', 'intake.rule.rejectCooldown', { days: cooldown, date: lastDay, until });
    }
  }

  const daily: Array<[RuleLimitKey, 'phone' | 'deviceId' | 'idNumber', string]> = [
    ['max_daily_apply_phone', 'phone', 'intake.rule.dailyApplyPhone'],
    ['max_daily_apply_device', 'deviceId', 'intake.rule.dailyApplyDevice'],
    ['max_daily_apply_id', 'idNumber', 'intake.rule.dailyApplyId'],
  ];
  for (const [key, by, message] of daily) {
    const m = max(key);
    if (m !== null && (await eventsToday(db, s, 'apply', by)) >= m) throw ruleRefusal(key, message, { max: m });
  }

  await patternRules(db, s, 'apply');
}

/** Refuses a withdrawal confirmation that breaks a rule of the order's merchant. */
export async function checkWithdrawalRules(db: DbOrTx, s: RuleSubject): Promise<void> {
  const cfg = await effectiveConfig(db, s.merchantId, s.parentId);
  const m = limitOf(cfg, 'max_daily_withdrawals');
  if (m !== null && (await eventsToday(db, s, 'withdrawal', 'phone')) >= m) {
    throw ruleRefusal('max_daily_withdrawals', 'intake.rule.dailyWithdrawals', { max: m });
  }
  await patternRules(db, s, 'withdrawal');
}
