import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { coDebtRuleListQuery, type coDebtRuleAddBody, type coDebtRuleEditBody } from '../../../schemas/coDebt';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { merchantInScope } from '../client/customer.service';
import { isUniqueViolation } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { coDebtRule } from './coDebt.table';

/** /merchant/coDebtRule: the list (declared once) and its writes, each with its operation-log row (docs/coDebt.md). */

export interface CoDebtCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

type RuleRecord = typeof coDebtRule.$inferSelect;

export const coDebtRuleList = defineList({
  id: 'merchant.coDebtRule',
  permission: pageKey('merchant', 'coDebtRule'),
  from: coDebtRule,
  columns: {
    id: coDebtRule.id,
    merchant_id: coDebtRule.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(coDebtRule.merchantId)})`,
    currency: sql<string | null>`(select m.currency from ${merchant} m where m.id = ${outer(coDebtRule.merchantId)})`,
    scope: coDebtRule.scope,
    match_keys: coDebtRule.matchKeys,
    max_open_loans: coDebtRule.maxOpenLoans,
    max_overdue_days: coDebtRule.maxOverdueDays,
    max_outstanding: coDebtRule.maxOutstandingMinor,
    intake_effect: coDebtRule.intakeEffect,
    collection_flag: coDebtRule.collectionFlag,
    enabled: coDebtRule.enabled,
    note: coDebtRule.note,
    updated_at: coDebtRule.updatedAt,
  },
  filters: coDebtRuleListQuery,
  scope: merchantScope(coDebtRule.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(coDebtRule.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(coDebtRule.enabled, f.enabled) : undefined,
    f.intake_effect !== undefined ? eq(coDebtRule.intakeEffect, f.intake_effect) : undefined,
  ],
  sorts: { id: coDebtRule.id, updated_at: coDebtRule.updatedAt },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'scope', title: 'coDebt.field.scope' },
    { key: 'match_keys', title: 'coDebt.field.match_keys', value: (r) => ((r.match_keys ?? []) as string[]).join(', ') },
    { key: 'max_open_loans', title: 'coDebt.field.max_open_loans' },
    { key: 'max_overdue_days', title: 'coDebt.field.max_overdue_days' },
    { key: 'max_outstanding', title: 'coDebt.field.max_outstanding' },
    { key: 'intake_effect', title: 'coDebt.field.intake_effect' },
    { key: 'collection_flag', title: 'coDebt.field.collection_flag' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

const view = (r: RuleRecord) => ({
  id: r.id, merchant_id: r.merchantId, scope: r.scope, match_keys: r.matchKeys, max_open_loans: r.maxOpenLoans, max_overdue_days: r.maxOverdueDays,
  max_outstanding: r.maxOutstandingMinor, intake_effect: r.intakeEffect, collection_flag: r.collectionFlag, enabled: r.enabled, note: r.note,
  updated_at: r.updatedAt.toISOString(),
});

const notFound = (what: 'rule' | 'merchant', path: string) =>
  new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@coDebt.what.${what}` }, 200, [{ path, id: 'error.notFound', values: {} }]);
const exists = () => new AppError(CODE.CONFLICT, 'coDebt.ruleExists', {}, 200, [{ path: 'merchant_id', id: 'coDebt.ruleExists', values: {} }]);

async function scopedRule(db: DbOrTx, actor: Actor, id: number): Promise<RuleRecord> {
  const [r] = await db.select().from(coDebtRule).where(eq(coDebtRule.id, id)).for('update');
  if (!r || !merchantInScope(actor, r.merchantId)) throw notFound('rule', 'id');
  return r;
}

type Fields = Omit<z.infer<typeof coDebtRuleAddBody>, 'merchant_id'>;
const columnsOf = (b: Fields) => ({
  scope: b.scope, matchKeys: b.match_keys, maxOpenLoans: b.max_open_loans ?? null, maxOverdueDays: b.max_overdue_days ?? null,
  maxOutstandingMinor: b.max_outstanding ?? null, intakeEffect: b.intake_effect, collectionFlag: b.collection_flag, enabled: b.enabled, note: b.note,
});

export async function addCoDebtRule(ctx: CoDebtCtx, body: z.infer<typeof coDebtRuleAddBody>) {
  const { deps, req, actor } = ctx;
  const [m] = await deps.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, body.merchant_id));
  if (!m || !merchantInScope(actor, m.id)) throw notFound('merchant', 'merchant_id');
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [r] = await tx.insert(coDebtRule).values({ merchantId: m.id, ...columnsOf(body), createdBy: actor.accountId, createdAt: now, updatedAt: now })
        .onConflictDoNothing().returning();
      if (!r) throw exists();
      await writeOpLog(tx, req, { action: 'merchant.coDebtRule.add', targetType: 'co_debt_rule', targetId: r.id, after: view(r) });
      return view(r);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw exists();
    throw e;
  }
}

export async function editCoDebtRule(ctx: CoDebtCtx, body: z.infer<typeof coDebtRuleEditBody>) {
  const { deps, req, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const before = await scopedRule(tx, actor, body.id);
    const [r] = await tx.update(coDebtRule).set({ ...columnsOf(body), updatedAt: deps.now() }).where(eq(coDebtRule.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.coDebtRule.edit', targetType: 'co_debt_rule', targetId: r.id, before: view(before), after: view(r) });
    return view(r);
  });
}

export async function deleteCoDebtRule(ctx: CoDebtCtx, id: number) {
  const { deps, req, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const before = await scopedRule(tx, actor, id);
    await tx.delete(coDebtRule).where(eq(coDebtRule.id, id));
    await writeOpLog(tx, req, { action: 'merchant.coDebtRule.del', targetType: 'co_debt_rule', targetId: id, before: view(before) });
    return { id };
  });
}
