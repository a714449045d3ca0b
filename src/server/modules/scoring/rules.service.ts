import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { VARIABLE_TYPES, type RuleAddBody, type RuleKind } from '../../../schemas/scoring';
import { compileRule, RuleExprError, type Comparator } from '../../../schemas/scoring-expr';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { scoringRule, scoringSetting } from './scoring.table';

export type RuleRecord = typeof scoringRule.$inferSelect;

/** The rule as the operation log and the screens carry it. */
export function ruleOut(r: RuleRecord) {
  return {
    id: r.id, merchant_id: r.merchantId, kind: r.kind, name: r.name, clone_code: r.cloneCode, left_expr: r.leftExpr, comparator: r.comparator,
    right_expr: r.rightExpr, action_hit: r.actionHit, action_miss: r.actionMiss, score: r.score, weight: Number(r.weight),
    sort_order: r.sortOrder, enabled: r.enabled, updated_at: r.updatedAt.toISOString(), created_at: r.createdAt.toISOString(),
  };
}

/**
 * Checks both expressions against the variable catalogue and each other; a mistake is a 40000 naming the field
 * (left_expr / right_expr) and what is wrong, in the caller's language (scoring.expr.* messages).
 */
export function assertExpressions(body: { left_expr: string; comparator: Comparator; right_expr: string }): void {
  try {
    compileRule({ left: body.left_expr, comparator: body.comparator, right: body.right_expr }, VARIABLE_TYPES);
  } catch (e) {
    if (e instanceof RuleExprError) {
      throw new AppError(CODE.VALIDATION, e.id, e.values, 200, [{ path: e.side, id: e.id, values: e.values }]);
    }
    throw e;
  }
}

export function merchantInScope(actor: Pick<Actor, 'nodes' | 'merchantIds'>, merchantId: number): boolean {
  return isUnscoped(actor) || actor.merchantIds.includes(merchantId);
}

/** The merchants, all existing and in the actor's scope; otherwise 40400 (another merchant's data does not exist for them). */
export async function assertMerchants(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.some((id) => !merchantInScope(actor, id))) throw notFound('@scoring.what.merchant');
  const found = await db.select({ id: merchant.id }).from(merchant).where(inArray(merchant.id, wanted));
  if (found.length !== wanted.length) throw notFound('@scoring.what.merchant');
}

/** Rules of a kind by id, every one existing and of a merchant in scope; otherwise 40400 and nothing changes. */
export async function scopedRules(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>, kind: RuleKind, ids: readonly number[], forUpdate = false): Promise<RuleRecord[]> {
  const wanted = [...new Set(ids)];
  const q = db.select().from(scoringRule).where(and(eq(scoringRule.kind, kind), inArray(scoringRule.id, wanted)));
  const rows = forUpdate ? await q.for('update') : await q;
  if (rows.length !== wanted.length || rows.some((r) => !merchantInScope(actor, r.merchantId))) throw notFound('@scoring.what.rule');
  return rows.sort((a, b) => a.id - b.id);
}

/** A fresh clone identifier: AA- for auto-audit rules, SC- for scorecard rules. */
export function newCloneCode(kind: RuleKind): string {
  return `${kind === 'audit' ? 'AA' : 'SC'}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
}

export const cloneCodeTaken = (code: string) => new AppError(CODE.CONFLICT, 'scoring.cloneCodeTaken', { code }, 200, [{ path: 'clone_code', id: 'scoring.cloneCodeTaken', values: { code } }]);

export async function assertCloneCodeFree(db: DbOrTx, merchantId: number, kind: RuleKind, code: string, exceptId?: number): Promise<void> {
  const [dup] = await db.select({ id: scoringRule.id }).from(scoringRule)
    .where(and(eq(scoringRule.merchantId, merchantId), eq(scoringRule.kind, kind), eq(scoringRule.cloneCode, code))).limit(1);
  if (dup && dup.id !== exceptId) throw cloneCodeTaken(code);
}

type RuleContent = Pick<RuleAddBody, 'name' | 'left_expr' | 'comparator' | 'right_expr' | 'action_hit' | 'action_miss' | 'score' | 'weight' | 'sort_order' | 'enabled'>;

export function contentColumns(b: RuleContent) {
  return {
    name: b.name, leftExpr: b.left_expr, comparator: b.comparator, rightExpr: b.right_expr, actionHit: b.action_hit, actionMiss: b.action_miss,
    score: b.score, weight: Math.round(b.weight * 100) / 100, sortOrder: b.sort_order, enabled: b.enabled,
  };
}

const copyOf = (r: RuleRecord): RuleContent => ({
  name: r.name, left_expr: r.leftExpr, comparator: r.comparator as Comparator, right_expr: r.rightExpr, action_hit: r.actionHit as RuleContent['action_hit'],
  action_miss: r.actionMiss as RuleContent['action_miss'], score: r.score, weight: Number(r.weight), sort_order: r.sortOrder, enabled: r.enabled,
});

export interface CloneOutcome {
  created: number;
  updated: number;
  /** Copies skipped because the target is the rule's own merchant. */
  skipped: number;
  rules: Array<{ id: number; merchant_id: number; clone_code: string; created: boolean }>;
}

/**
 * Copies rules to merchants by clone identifier: a merchant holding a rule of the same identifier (and kind) gets
 * it overwritten, any other gets a new rule with that identifier. Run inside the caller's transaction.
 */
export async function cloneRules(tx: DbOrTx, sources: readonly RuleRecord[], targets: readonly number[], actorId: number, at: Date): Promise<CloneOutcome> {
  const out: CloneOutcome = { created: 0, updated: 0, skipped: 0, rules: [] };
  for (const src of sources) {
    for (const m of [...new Set(targets)]) {
      if (m === src.merchantId) {
        out.skipped++;
        continue;
      }
      const content = contentColumns(copyOf(src));
      const [existing] = await tx.select({ id: scoringRule.id }).from(scoringRule)
        .where(and(eq(scoringRule.merchantId, m), eq(scoringRule.kind, src.kind), eq(scoringRule.cloneCode, src.cloneCode))).for('update');
      if (existing) {
        await tx.update(scoringRule).set({ ...content, updatedBy: actorId, updatedAt: at }).where(eq(scoringRule.id, existing.id));
        out.updated++;
        out.rules.push({ id: existing.id, merchant_id: m, clone_code: src.cloneCode, created: false });
      } else {
        const [row] = await tx.insert(scoringRule).values({
          ...content, merchantId: m, kind: src.kind, cloneCode: src.cloneCode, createdBy: actorId, updatedBy: actorId, createdAt: at, updatedAt: at,
        }).returning({ id: scoringRule.id });
        out.created++;
        out.rules.push({ id: row.id, merchant_id: m, clone_code: src.cloneCode, created: true });
      }
    }
  }
  return out;
}

/** A merchant's pass score (null: none set). */
export async function passScoreOf(db: DbOrTx, merchantId: number) {
  const [row] = await db.select().from(scoringSetting).where(eq(scoringSetting.merchantId, merchantId));
  return row ?? null;
}

export async function setPassScore(tx: DbOrTx, merchantId: number, passScore: number, actorId: number | null, at: Date): Promise<void> {
  await tx.insert(scoringSetting).values({ merchantId, passScore, updatedBy: actorId, updatedAt: at })
    .onConflictDoUpdate({ target: scoringSetting.merchantId, set: { passScore, updatedBy: actorId, updatedAt: sql`excluded.updated_at` } });
}
