import { eq, inArray } from 'drizzle-orm';
import type { Market } from '../../../schemas/merchant';
import type { RuleAction, RuleKind } from '../../../schemas/scoring';
import type { Comparator } from '../../../schemas/scoring-expr';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { scoringRule, scoringSetting } from './scoring.table';

interface SeedRule {
  kind: RuleKind;
  code: string;
  name: string;
  left: string;
  cmp: Comparator;
  right: string;
  hit: RuleAction;
  miss?: RuleAction;
  score?: number;
  weight?: number;
}

/** Per market: the age band lent to, and the amount (major units) above which a person looks at the order. */
const MARKET_LIMITS: Record<Market, { minAge: number; maxAge: number; bigAmount: number }> = {
  vn: { minAge: 22, maxAge: 55, bigAmount: 8_000_000 },
  cn: { minAge: 22, maxAge: 55, bigAmount: 4_000 },
  tw: { minAge: 21, maxAge: 54, bigAmount: 25_000 },
  eg: { minAge: 22, maxAge: 55, bigAmount: 12_000 },
  th: { minAge: 21, maxAge: 54, bigAmount: 16_000 },
  in: { minAge: 22, maxAge: 54, bigAmount: 24_000 },
  en: { minAge: 21, maxAge: 65, bigAmount: 1_200 },
};

/** The demo's pass score: the base score is 500, a typical first-time applicant collects 600–650. */
export const DEMO_PASS_SCORE = 590;

/**
 * A plausible rule book for a merchant of a market: auto-audit knock-outs (blacklist, age band, liveness, long
 * overdue history, device shared by several customers, too many recent applications), manual-review triggers (an
 * open loan, a large amount, a device shared with one other customer, no liveness check), and a scorecard whose
 * total, against DEMO_PASS_SCORE, rejects the weakest applications. Clone identifiers are the same at every
 * merchant, as if one head-office set had been cloned to all.
 */
export function demoRules(market: Market): SeedRule[] {
  const l = MARKET_LIMITS[market] ?? MARKET_LIMITS.en;
  return [
    { kind: 'audit', code: 'AA-BLACKLIST', name: 'Blacklisted customer', left: 'blacklisted', cmp: 'eq', right: 'true', hit: 'reject' },
    { kind: 'audit', code: 'AA-WHITELIST', name: 'Whitelisted customer', left: 'whitelisted', cmp: 'eq', right: 'true', hit: 'pass' },
    { kind: 'audit', code: 'AA-AGE', name: `Age ${l.minAge}–${l.maxAge}`, left: 'age', cmp: 'between', right: `${l.minAge}, ${l.maxAge}`, hit: 'none', miss: 'reject' },
    { kind: 'audit', code: 'AA-LIVENESS', name: 'Liveness score too low', left: 'liveness_score', cmp: 'lt', right: '64', hit: 'reject' },
    { kind: 'audit', code: 'AA-NO-LIVENESS', name: 'No liveness check', left: 'liveness_score', cmp: 'eq', right: 'null', hit: 'manual' },
    { kind: 'audit', code: 'AA-OVERDUE', name: 'Overdue more than 30 days before', left: 'max_overdue_days', cmp: 'gt', right: '30', hit: 'reject' },
    { kind: 'audit', code: 'AA-OPEN-LOAN', name: 'Has a loan still open', left: 'open_loan_count', cmp: 'gte', right: '1', hit: 'manual' },
    { kind: 'audit', code: 'AA-DEVICE-SHARED', name: 'Device used by 3+ others', left: 'shared_device_customers', cmp: 'gte', right: '3', hit: 'reject' },
    { kind: 'audit', code: 'AA-DEVICE-PAIR', name: 'Device shared with others', left: 'shared_device_customers', cmp: 'between', right: '1, 2', hit: 'manual' },
    { kind: 'audit', code: 'AA-MULTI-APPLY', name: 'Five applications in 30 days', left: 'applications_30d', cmp: 'gte', right: '5', hit: 'reject' },
    { kind: 'audit', code: 'AA-BIG-AMOUNT', name: 'Large amount', left: 'application_amount', cmp: 'gt', right: String(l.bigAmount), hit: 'manual' },
    { kind: 'audit', code: 'AA-NIGHT', name: 'Applied between 1 and 5 am', left: 'apply_hour', cmp: 'between', right: '1, 5', hit: 'add_score', score: -20 },

    { kind: 'score', code: 'SC-BASE', name: 'Base score', left: '1', cmp: 'eq', right: '1', hit: 'add_score', score: 500 },
    { kind: 'score', code: 'SC-RETURNING', name: 'Returning customer', left: 'is_returning', cmp: 'eq', right: 'true', hit: 'add_score', score: 60 },
    { kind: 'score', code: 'SC-SETTLED', name: 'Two or more loans settled', left: 'settled_count', cmp: 'gte', right: '2', hit: 'add_score', score: 20, weight: 2 },
    { kind: 'score', code: 'SC-INCOME-HIGH', name: 'Middle income or above', left: 'income_level', cmp: 'gte', right: '3', hit: 'add_score', score: 40 },
    { kind: 'score', code: 'SC-INCOME-LOW', name: 'Low income', left: 'income_level', cmp: 'lte', right: '1', hit: 'add_score', score: -30 },
    { kind: 'score', code: 'SC-EDUCATION', name: 'College education or above', left: 'education_level', cmp: 'gte', right: '3', hit: 'add_score', score: 20 },
    { kind: 'score', code: 'SC-AGE-PRIME', name: 'Age 25–45', left: 'age', cmp: 'between', right: '25, 45', hit: 'add_score', score: 30 },
    { kind: 'score', code: 'SC-MARRIED', name: 'Married', left: 'marital_status', cmp: 'eq', right: "'2'", hit: 'add_score', score: 20 },
    { kind: 'score', code: 'SC-LIVENESS', name: 'Strong liveness score', left: 'liveness_score', cmp: 'gte', right: '85', hit: 'add_score', score: 15, weight: 2 },
    { kind: 'score', code: 'SC-RESIDENCE', name: 'Two years at the address', left: 'residence_months', cmp: 'gte', right: '24', hit: 'add_score', score: 20 },
    { kind: 'score', code: 'SC-CARRIER', name: 'Carrier authenticated', left: 'carrier_auth', cmp: 'eq', right: "'success'", hit: 'add_score', score: 30 },
    { kind: 'score', code: 'SC-CARD', name: 'Bank card bound', left: 'bank_card_bound', cmp: 'eq', right: 'true', hit: 'add_score', score: 20 },
    { kind: 'score', code: 'SC-CONTACTS', name: 'Rich phone book', left: 'contacts_count', cmp: 'gte', right: '50', hit: 'add_score', score: 20 },
    { kind: 'score', code: 'SC-LOAN-APPS', name: 'Many lending apps', left: 'loan_apps_count', cmp: 'gte', right: '5', hit: 'add_score', score: -60 },
    { kind: 'score', code: 'SC-REJECTED', name: 'Rejected twice before', left: 'rejected_count', cmp: 'gte', right: '2', hit: 'add_score', score: -40 },
    { kind: 'score', code: 'SC-LEVEL', name: 'User level 2 or above', left: 'user_level', cmp: 'gte', right: '2', hit: 'add_score', score: 20 },
  ];
}

/**
 * Loads the demo rule book for every merchant that has no rules yet (the demo seed calls it after the business
 * data): audit rules, the scorecard and its pass score. Safe to run again.
 */
export async function seedScoringRules(db: Db): Promise<{ merchants: number; rules: number }> {
  const merchants = await db.select({ id: merchant.id, market: merchant.market }).from(merchant);
  if (!merchants.length) return { merchants: 0, rules: 0 };
  const having = new Set((await db.selectDistinct({ m: scoringRule.merchantId }).from(scoringRule)
    .where(inArray(scoringRule.merchantId, merchants.map((m) => m.id)))).map((r) => r.m));
  const todo = merchants.filter((m) => !having.has(m.id));
  let rules = 0;
  await db.transaction(async (tx) => {
    for (const m of todo) {
      const book = demoRules(m.market as Market);
      const order: Record<RuleKind, number> = { audit: 0, score: 0 };
      await tx.insert(scoringRule).values(book.map((r) => ({
        merchantId: m.id, kind: r.kind, name: r.name, cloneCode: r.code, leftExpr: r.left, comparator: r.cmp, rightExpr: r.right,
        actionHit: r.hit, actionMiss: r.miss ?? 'none', score: r.score ?? 0, weight: r.weight ?? 1, sortOrder: (order[r.kind] += 10), enabled: true,
      })));
      rules += book.length;
      const [has] = await tx.select({ m: scoringSetting.merchantId }).from(scoringSetting).where(eq(scoringSetting.merchantId, m.id));
      if (!has) await tx.insert(scoringSetting).values({ merchantId: m.id, passScore: DEMO_PASS_SCORE });
    }
  });
  return { merchants: todo.length, rules };
}
