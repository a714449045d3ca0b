import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import {
  ruleAddBody, ruleCloneBody, ruleCloneSetBody, ruleDelBody, ruleEditBody, ruleListQuery, ruleToggleBody, thresholdBody, thresholdQuery,
  type RuleKind, type RuleRow, type ThresholdRow,
} from '../../../schemas/scoring';
import { COMPARATOR_SYMBOLS, type Comparator } from '../../../schemas/scoring-expr';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { outer } from '../client/client.routes';
import { isUniqueViolation, isUnscoped, likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import {
  assertCloneCodeFree, assertExpressions, assertMerchants, cloneCodeTaken, cloneRules, contentColumns, newCloneCode, passScoreOf, ruleOut,
  scopedRules, setPassScore,
} from './rules.service';
import { scoringRule } from './scoring.table';

/**
 * The two rule screens of the merchant group share one model (scoring_rule.kind) and one set of routes each:
 * /loanapi/auto_audit_rule/* for /merchant/autoAuditRule (kind audit) and /loanapi/order_scoring_rule/* for
 * /merchant/orderScoringRule (kind score, plus the pass score). Each guards its own permission nodes, so holding one
 * screen never reaches the other's rules. Every rule belongs to a merchant: rules of merchants outside the account's
 * scope answer 40400 as if they did not exist.
 */
export const RULE_SCREENS = {
  audit: { page: 'autoAuditRule', base: '/loanapi/auto_audit_rule' },
  score: { page: 'orderScoringRule', base: '/loanapi/order_scoring_rule' },
} as const satisfies Record<RuleKind, { page: string; base: string }>;

const perms = (kind: RuleKind) => {
  const page = RULE_SCREENS[kind].page;
  const a = (verb: string) => actionKey('merchant', page, verb);
  return { list: pageKey('merchant', page), add: a('add'), edit: a('edit'), toggle: a('toggle'), del: a('del'), clone: a('clone') };
};

function ruleList(kind: RuleKind) {
  return defineList({
    id: `merchant.${RULE_SCREENS[kind].page}`,
    permission: perms(kind).list,
    from: scoringRule,
    columns: {
      id: scoringRule.id,
      merchant_id: scoringRule.merchantId,
      merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(scoringRule.merchantId)})`,
      kind: scoringRule.kind,
      name: scoringRule.name,
      clone_code: scoringRule.cloneCode,
      left_expr: scoringRule.leftExpr,
      comparator: scoringRule.comparator,
      right_expr: scoringRule.rightExpr,
      action_hit: scoringRule.actionHit,
      action_miss: scoringRule.actionMiss,
      score: scoringRule.score,
      weight: scoringRule.weight,
      sort_order: scoringRule.sortOrder,
      enabled: scoringRule.enabled,
      updated_at: scoringRule.updatedAt,
      created_at: scoringRule.createdAt,
    },
    filters: ruleListQuery,
    scope: merchantScope(scoringRule.merchantId),
    where: (f) => [
      eq(scoringRule.kind, kind),
      f.merchant_id !== undefined ? eq(scoringRule.merchantId, f.merchant_id) : undefined,
      f.enabled !== undefined ? eq(scoringRule.enabled, f.enabled) : undefined,
      f.clone_code ? eq(scoringRule.cloneCode, f.clone_code) : undefined,
      f.keyword ? or(ilike(scoringRule.name, `%${likeEscape(f.keyword)}%`), ilike(scoringRule.cloneCode, `%${likeEscape(f.keyword)}%`)) : undefined,
    ],
    sorts: { sort_order: scoringRule.sortOrder, updated_at: scoringRule.updatedAt, id: scoringRule.id },
    defaultSort: 'sort_order:asc',
    map: (r) => ({ ...r, weight: Number(r.weight) }) as RuleRow,
    exportColumns: [
      { key: 'merchant_name', title: 'field.merchant_id' },
      { key: 'sort_order', title: 'field.sort_order' },
      { key: 'name', title: 'field.name' },
      { key: 'clone_code', title: 'field.clone_code' },
      { key: 'left_expr', title: 'field.left_expr' },
      { key: 'comparator', title: 'field.comparator', value: (r) => COMPARATOR_SYMBOLS[r.comparator as Comparator] ?? r.comparator },
      { key: 'right_expr', title: 'field.right_expr' },
      { key: 'action_hit', title: 'field.action_hit' },
      { key: 'action_miss', title: 'field.action_miss' },
      { key: 'score', title: 'field.score' },
      { key: 'weight', title: 'field.weight' },
      { key: 'enabled', title: 'field.enabled' },
      { key: 'updated_at', title: 'field.updated_at' },
    ],
  });
}

export const ruleLists = { audit: ruleList('audit'), score: ruleList('score') };

export function ruleRoutes(app: FastifyInstance, d: Deps, kind: RuleKind): void {
  const { base } = RULE_SCREENS[kind];
  const P = perms(kind);
  const target = `scoring_rule.${kind}`;
  listRoute(app, d, ruleLists[kind], { url: `${base}/list` });

  // How many of the account's merchants hold each clone identifier: counted within the scope, so a scoped account
  // learns nothing about other merchants' rule books.
  route(app, { method: 'GET', url: `${base}/clone_counts`, permission: P.list }, async ({ req }): Promise<Record<string, number>> => {
    const actor = req.actor!;
    const rows = await d.db.select({ code: scoringRule.cloneCode, n: sql<number>`count(*)::int` }).from(scoringRule)
      .where(and(eq(scoringRule.kind, kind), isUnscoped(actor) ? undefined : inArray(scoringRule.merchantId, actor.merchantIds)))
      .groupBy(scoringRule.cloneCode);
    return Object.fromEntries(rows.map((r) => [r.code, Number(r.n)]));
  });

  route(app, { method: 'POST', url: `${base}/add`, permission: P.add, body: ruleAddBody }, async ({ req, body }) => {
    const actor = req.actor!;
    await assertMerchants(d.db, actor, [body.merchant_id]);
    assertExpressions(body);
    const code = body.clone_code || newCloneCode(kind);
    await assertCloneCodeFree(d.db, body.merchant_id, kind, code);
    try {
      return await d.db.transaction(async (tx) => {
        const [row] = await tx.insert(scoringRule).values({
          ...contentColumns(body), merchantId: body.merchant_id, kind, cloneCode: code, createdBy: actor.accountId, updatedBy: actor.accountId,
          createdAt: d.now(), updatedAt: d.now(),
        }).returning();
        await writeOpLog(tx, req, { action: `${target}.add`, targetType: 'scoring_rule', targetId: row.id, after: ruleOut(row) });
        return ruleOut(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw cloneCodeTaken(code);
      throw err;
    }
  });

  route(app, { method: 'POST', url: `${base}/edit`, permission: P.edit, body: ruleEditBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const [before] = await scopedRules(d.db, actor, kind, [body.id]);
    assertExpressions(body);
    const code = body.clone_code || before.cloneCode;
    if (code !== before.cloneCode) await assertCloneCodeFree(d.db, before.merchantId, kind, code, before.id);
    try {
      return await d.db.transaction(async (tx) => {
        const [row] = await tx.update(scoringRule).set({ ...contentColumns(body), cloneCode: code, updatedBy: actor.accountId, updatedAt: d.now() })
          .where(eq(scoringRule.id, before.id)).returning();
        await writeOpLog(tx, req, { action: `${target}.edit`, targetType: 'scoring_rule', targetId: row.id, before: ruleOut(before), after: ruleOut(row) });
        return ruleOut(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw cloneCodeTaken(code);
      throw err;
    }
  });

  // Two routes rather than a flag, so that each is a plain command on the selection (no form to fill).
  for (const enabled of [true, false]) {
    route(app, { method: 'POST', url: `${base}/${enabled ? 'enable' : 'disable'}`, permission: P.toggle, body: ruleToggleBody }, async ({ req, body }) => {
      const actor = req.actor!;
      return d.db.transaction(async (tx) => {
        const rows = await scopedRules(tx, actor, kind, body.ids, true);
        await tx.update(scoringRule).set({ enabled, updatedBy: actor.accountId, updatedAt: d.now() }).where(inArray(scoringRule.id, rows.map((r) => r.id)));
        await writeOpLog(tx, req, {
          action: `${target}.${enabled ? 'enable' : 'disable'}`, targetType: 'scoring_rule', targetId: rows.map((r) => r.id).join(','),
          before: rows.map((r) => ({ id: r.id, name: r.name, enabled: r.enabled })), after: { enabled },
        });
        return { ids: rows.map((r) => r.id), enabled };
      });
    });
  }

  route(app, { method: 'POST', url: `${base}/del`, permission: P.del, body: ruleDelBody }, async ({ req, body }) => {
    const actor = req.actor!;
    return d.db.transaction(async (tx) => {
      const rows = await scopedRules(tx, actor, kind, body.ids, true);
      await tx.delete(scoringRule).where(inArray(scoringRule.id, rows.map((r) => r.id)));
      // Breakdowns keep their copy of the rule's text: past machine reviews still read after a delete.
      await writeOpLog(tx, req, { action: `${target}.del`, targetType: 'scoring_rule', targetId: rows.map((r) => r.id).join(','), before: rows.map(ruleOut) });
      return { ids: rows.map((r) => r.id) };
    });
  });

  route(app, { method: 'POST', url: `${base}/clone`, permission: P.clone, body: ruleCloneBody }, async ({ req, body }) => {
    const actor = req.actor!;
    await assertMerchants(d.db, actor, body.merchant_ids);
    return d.db.transaction(async (tx) => {
      const sources = await scopedRules(tx, actor, kind, body.ids);
      const out = await cloneRules(tx, sources, body.merchant_ids, actor.accountId, d.now());
      await writeOpLog(tx, req, {
        action: `${target}.clone`, targetType: 'scoring_rule', targetId: sources.map((r) => r.id).join(','),
        after: { merchant_ids: body.merchant_ids, ...out },
      });
      return out;
    });
  });

  route(app, { method: 'POST', url: `${base}/clone_set`, permission: P.clone, body: ruleCloneSetBody }, async ({ req, body }) => {
    const actor = req.actor!;
    await assertMerchants(d.db, actor, [body.from_merchant_id, ...body.merchant_ids]);
    return d.db.transaction(async (tx) => {
      const sources = await tx.select().from(scoringRule).where(and(eq(scoringRule.kind, kind), eq(scoringRule.merchantId, body.from_merchant_id)));
      const out = await cloneRules(tx, sources, body.merchant_ids, actor.accountId, d.now());
      // A scorecard travels with its pass score: the same rules against another bar would decide differently.
      const setting = kind === 'score' ? await passScoreOf(tx, body.from_merchant_id) : null;
      if (setting) {
        for (const m of body.merchant_ids) if (m !== body.from_merchant_id) await setPassScore(tx, m, setting.passScore, actor.accountId, d.now());
      }
      await writeOpLog(tx, req, {
        action: `${target}.clone_set`, targetType: 'merchant', targetId: body.from_merchant_id,
        after: { merchant_ids: body.merchant_ids, threshold: setting?.passScore ?? null, ...out },
      });
      return { ...out, pass_score: setting?.passScore ?? null };
    });
  });

  if (kind === 'score') {
    route(app, { method: 'GET', url: `${base}/threshold`, permission: P.list, query: thresholdQuery }, async ({ req, query }): Promise<ThresholdRow> => {
      await assertMerchants(d.db, req.actor!, [query.merchant_id]);
      const row = await passScoreOf(d.db, query.merchant_id);
      return { merchant_id: query.merchant_id, pass_score: row?.passScore ?? null, updated_at: row?.updatedAt.toISOString() ?? null };
    });

    route(app, { method: 'POST', url: `${base}/threshold`, permission: actionKey('merchant', 'orderScoringRule', 'threshold'), body: thresholdBody }, async ({ req, body }) => {
      const actor = req.actor!;
      await assertMerchants(d.db, actor, [body.merchant_id]);
      return d.db.transaction(async (tx) => {
        const before = await passScoreOf(tx, body.merchant_id);
        await setPassScore(tx, body.merchant_id, body.pass_score, actor.accountId, d.now());
        await writeOpLog(tx, req, {
          action: 'scoring_setting.threshold', targetType: 'merchant', targetId: body.merchant_id,
          // Not `pass_score`: the operation log hides keys that look like passwords.
          before: { threshold: before?.passScore ?? null }, after: { threshold: body.pass_score },
        });
        return { merchant_id: body.merchant_id, pass_score: body.pass_score, updated_at: d.now().toISOString() } satisfies ThresholdRow;
      });
    });
  }
}
