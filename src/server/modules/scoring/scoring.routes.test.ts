import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../tests/support/testApp';
import type { RuleRow, ThresholdRow } from '../../../schemas/scoring';
import { hashPassword } from '../auth/auth.routes';
import { merchantIds } from '../client/customer.fixtures';
import { adminAccount, role } from '../empower/empower.table';
import { operationLog } from '../log/log.table';
import { scoringRule, scoringSetting } from './scoring.table';

const OK = 20000;
const VALIDATION = 40000;
const FORBIDDEN = 40300;
const NOT_FOUND = 40400;
const CONFLICT = 40900;
const AUDIT = '/loanapi/auto_audit_rule';
const SCORE = '/loanapi/order_scoring_rule';

let t: TestApp;
let m: { main: number; sub: number; other: number };
let admin: string;
/** The demo main-merchant operator: the whole merchant group, merchants M001 and M001-01. */
let operator: string;
/** Reads both rule screens, may do nothing on them. */
let viewer: string;

async function accountWith(login: string, nodeKeys: string[], merchants: number[]): Promise<string> {
  const [r] = await t.db.insert(role).values({ name: `Role ${login}`, identifier: `r_${login}`, nodeKeys }).returning();
  await t.db.insert(adminAccount).values({
    account: login, nickname: login, name: login, phone: `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    passwordHash: await hashPassword(DEMO_PASSWORD), roleId: r.id, merchantIds: merchants, googleSkipUntil: new Date(Date.now() + 86_400_000),
  });
  return t.login(login);
}

const rule = (over: Record<string, unknown> = {}) => ({
  merchant_id: m.main, name: 'Blacklisted customer', left_expr: 'blacklisted', comparator: 'eq', right_expr: 'true',
  action_hit: 'reject', action_miss: 'none', score: 0, weight: 1, sort_order: 10, enabled: true, ...over,
});
const editOf = (r: RuleRow, over: Record<string, unknown> = {}) => {
  const { merchant_id: _m, ...rest } = rule({ ...r, ...over });
  return { ...rest, id: r.id, clone_code: r.clone_code, ...over };
};
const rowsOf = async (token: string, base: string, q: Record<string, unknown> = {}) => (await t.get<{ rows: RuleRow[] }>(token, `${base}/list`, { size: 500, ...q })).data.rows;
const count = async () => (await t.db.select().from(scoringRule)).length;

beforeAll(async () => {
  t = await createTestApp();
  m = await merchantIds(t.db);
  admin = await t.login('admin');
  operator = await t.login('merchant');
  viewer = await accountWith('ruleviewer', ['merchant_autoAuditRule', 'merchant_orderScoringRule'], [m.main]);
}, 60_000);
afterAll(async () => t?.close());

describe('auto-audit rules: add, edit, list', () => {
  let added: RuleRow;

  it('adds a rule with a clone identifier made for it, and logs the write', async () => {
    const res = await t.post<RuleRow>(operator, `${AUDIT}/add`, rule());
    expect(res.code, res.msg).toBe(OK);
    added = res.data;
    expect(added).toMatchObject({ merchant_id: m.main, kind: 'audit', name: 'Blacklisted customer', comparator: 'eq', action_hit: 'reject', enabled: true, weight: 1 });
    expect(added.clone_code).toMatch(/^AA-[0-9A-F]{8}$/);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'scoring_rule.audit.add'), eq(operationLog.targetId, String(added.id))));
    expect(log.after).toMatchObject({ name: 'Blacklisted customer', left_expr: 'blacklisted' });
  });

  it('lists the rules of the account’s merchants in evaluation order, with the merchant and clone count', async () => {
    await t.post(operator, `${AUDIT}/add`, rule({ name: 'Too young', left_expr: 'age', comparator: 'lt', right_expr: '18', sort_order: 5 }));
    const rows = await rowsOf(operator, AUDIT, { merchant_id: m.main });
    expect(rows.map((r) => r.name)).toEqual(['Too young', 'Blacklisted customer']);
    expect(rows[1]).toMatchObject({ merchant_name: 'Saigon Credit', weight: 1, score: 0 });
    expect((await rowsOf(operator, AUDIT, { keyword: 'young' })).map((r) => r.name)).toEqual(['Too young']);
    // Scoring rules are another screen's.
    expect(await rowsOf(operator, SCORE)).toEqual([]);
  });

  it('edits a rule, keeping its merchant and clone identifier', async () => {
    const res = await t.post<RuleRow>(operator, `${AUDIT}/edit`, editOf(added, { name: 'Blacklist level 2+', left_expr: 'blacklist_level', comparator: 'gte', right_expr: '2', action_miss: 'pass' }));
    expect(res.code, res.msg).toBe(OK);
    expect(res.data).toMatchObject({ id: added.id, merchant_id: m.main, clone_code: added.clone_code, left_expr: 'blacklist_level', action_miss: 'pass' });
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'scoring_rule.audit.edit'), eq(operationLog.targetId, String(added.id))));
    expect(log.before).toMatchObject({ left_expr: 'blacklisted' });
    added = res.data;
  });

  it('refuses a clone identifier the merchant already uses (40900) and a malformed one (40000)', async () => {
    const other = (await t.post<RuleRow>(operator, `${AUDIT}/add`, rule({ name: 'Night owl', clone_code: 'AA-NIGHT', left_expr: 'apply_hour', comparator: 'between', right_expr: '0, 5' }))).data;
    expect(other.clone_code).toBe('AA-NIGHT');
    expect((await t.post(operator, `${AUDIT}/add`, rule({ clone_code: 'AA-NIGHT' }))).code).toBe(CONFLICT);
    const res = await t.post(operator, `${AUDIT}/edit`, editOf(added, { clone_code: 'AA-NIGHT' }));
    expect(res.code).toBe(CONFLICT);
    expect(res.data.issues[0]).toMatchObject({ path: 'clone_code', id: 'scoring.cloneCodeTaken' });
    expect((await t.post(operator, `${AUDIT}/add`, rule({ clone_code: 'has space' }))).code).toBe(VALIDATION);
  });
});

describe('validation: expressions, score and weight', () => {
  it.each([
    [{ left_expr: 'agee' }, 'left_expr', 'scoring.expr.unknownVariable', 'Unknown variable “agee”'],
    [{ right_expr: '18 +' }, 'right_expr', 'scoring.expr.unexpectedEnd', 'The expression ends too early'],
    [{ left_expr: 'age', comparator: 'gt', right_expr: "'18'" }, 'right_expr', 'scoring.expr.needNumberSide', 'This comparator compares numbers'],
    [{ left_expr: 'age', comparator: 'between', right_expr: '18' }, 'right_expr', 'scoring.expr.needTwo', 'Between takes two values: low, high'],
    [{ left_expr: 'gender', comparator: 'eq', right_expr: '1' }, 'right_expr', 'scoring.expr.typeMismatch', 'A text cannot be compared with a number'],
    [{ left_expr: "process.exit(1)" }, 'left_expr', 'scoring.expr.unexpectedChar', '“.” at character 8 is not allowed'],
  ])('refuses %j at %s (%s) and writes nothing', async (over, path, id, words) => {
    const before = await count();
    const res = await t.post(operator, `${AUDIT}/add`, rule(over));
    expect(res.code).toBe(VALIDATION);
    expect(res.msg).toBe(words);
    expect(res.data.issues).toEqual([expect.objectContaining({ path, id })]);
    expect(await count()).toBe(before);
  });

  it('words the refusal in the caller’s language', async () => {
    const zh = await t.post(operator, `${AUDIT}/add`, rule({ left_expr: 'agee' }), { 'lang-code': '200' });
    expect(zh.msg).toBe('未知变量“agee”');
    const vi = await t.post(operator, `${AUDIT}/add`, rule({ left_expr: 'agee' }), { 'lang-code': '300' });
    expect(vi.msg).toBe('Không có biến “agee”');
  });

  it('asks for score and weight (spec §5) and keeps them in range', async () => {
    const { score: _s, weight: _w, ...noScore } = rule();
    const res = await t.post(operator, `${SCORE}/add`, noScore);
    expect(res.code).toBe(VALIDATION);
    expect(res.data.issues.map((i: { path: string; id: string }) => [i.path, i.id])).toEqual([['score', 'validation.enterScoreWeight'], ['weight', 'validation.enterScoreWeight']]);
    expect(res.msg).toContain('Enter score and weight');
    expect((await t.post(operator, `${SCORE}/add`, rule({ weight: -1 }))).code).toBe(VALIDATION);
    expect((await t.post(operator, `${SCORE}/add`, rule({ score: 2.5 }))).code).toBe(VALIDATION);
    expect((await t.post(operator, `${SCORE}/add`, rule({ action_hit: 'explode' }))).code).toBe(VALIDATION);
    expect((await t.post(operator, `${SCORE}/add`, rule({ comparator: '==' }))).code).toBe(VALIDATION);
  });
});

describe('permissions and merchant scope', () => {
  let ruleOfOther: RuleRow;
  beforeAll(async () => {
    ruleOfOther = (await t.post<RuleRow>(admin, `${AUDIT}/add`, rule({ merchant_id: m.other, name: 'Other lender rule' }))).data;
  });

  it('refuses every write to an account holding only the pages (40300) but lets it read', async () => {
    const [mine] = await rowsOf(operator, AUDIT, { merchant_id: m.main });
    const before = await count();
    for (const [url, body] of [
      [`${AUDIT}/add`, rule()], [`${AUDIT}/edit`, editOf(mine)], [`${AUDIT}/enable`, { ids: [mine.id] }], [`${AUDIT}/disable`, { ids: [mine.id] }],
      [`${AUDIT}/del`, { ids: [mine.id] }], [`${AUDIT}/clone`, { ids: [mine.id], merchant_ids: [m.sub] }],
      [`${AUDIT}/clone_set`, { from_merchant_id: m.main, merchant_ids: [m.sub] }], [`${SCORE}/threshold`, { merchant_id: m.main, pass_score: 1 }],
    ] as const) {
      expect((await t.post(viewer, url, body)).code, url).toBe(FORBIDDEN);
    }
    expect(await count()).toBe(before);
    expect((await t.get(viewer, `${AUDIT}/list`)).code).toBe(OK);
    expect((await t.get(viewer, `${SCORE}/threshold`, { merchant_id: m.main })).code).toBe(OK);
    // A first-review reviewer has no merchant pages at all.
    expect((await t.get(await t.login('reviewer1'), `${AUDIT}/list`)).code).toBe(FORBIDDEN);
  });

  it('answers 40400 for another merchant’s rules and merchants, and never lists them', async () => {
    expect((await rowsOf(operator, AUDIT)).some((r) => r.id === ruleOfOther.id)).toBe(false);
    expect((await rowsOf(admin, AUDIT)).some((r) => r.id === ruleOfOther.id)).toBe(true);
    const before = await count();
    expect((await t.post(operator, `${AUDIT}/add`, rule({ merchant_id: m.other }))).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${AUDIT}/add`, rule({ merchant_id: 999_999 }))).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${AUDIT}/edit`, editOf(ruleOfOther, { name: 'Hijacked' }))).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${AUDIT}/disable`, { ids: [ruleOfOther.id] })).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${AUDIT}/del`, { ids: [ruleOfOther.id] })).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${AUDIT}/clone`, { ids: [ruleOfOther.id], merchant_ids: [m.main] })).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${SCORE}/threshold`, { merchant_id: m.other, pass_score: 1 })).code).toBe(NOT_FOUND);
    expect((await t.get(operator, `${SCORE}/threshold`, { merchant_id: m.other })).code).toBe(NOT_FOUND);
    expect(await count()).toBe(before);
    const [still] = await t.db.select().from(scoringRule).where(eq(scoringRule.id, ruleOfOther.id));
    expect(still).toMatchObject({ name: 'Other lender rule', enabled: true });
  });

  it('keeps the two screens apart: an audit rule is not found through the scoring routes', async () => {
    const [mine] = await rowsOf(operator, AUDIT, { merchant_id: m.main });
    expect((await t.post(operator, `${SCORE}/edit`, editOf(mine))).code).toBe(NOT_FOUND);
    expect((await t.post(operator, `${SCORE}/del`, { ids: [mine.id] })).code).toBe(NOT_FOUND);
  });
});

describe('enable, disable, delete', () => {
  it('disables and enables the selected rules, all or nothing', async () => {
    const rows = await rowsOf(operator, AUDIT, { merchant_id: m.main });
    const ids = rows.slice(0, 2).map((r) => r.id);
    expect((await t.post(operator, `${AUDIT}/disable`, { ids })).data).toEqual({ ids: [...ids].sort((a, b) => a - b), enabled: false });
    expect((await rowsOf(operator, AUDIT, { merchant_id: m.main, enabled: '0' })).map((r) => r.id).sort()).toEqual([...ids].sort());
    // One unknown id: nothing changes.
    expect((await t.post(operator, `${AUDIT}/enable`, { ids: [...ids, 987_654] })).code).toBe(NOT_FOUND);
    expect((await rowsOf(operator, AUDIT, { merchant_id: m.main, enabled: '0' })).length).toBe(2);
    expect((await t.post(operator, `${AUDIT}/enable`, { ids })).code).toBe(OK);
    expect((await rowsOf(operator, AUDIT, { merchant_id: m.main, enabled: '0' }))).toEqual([]);
    expect((await t.post(operator, `${AUDIT}/enable`, { ids: [] })).code).toBe(VALIDATION);
  });

  it('deletes rules and logs what they were', async () => {
    const r = (await t.post<RuleRow>(operator, `${AUDIT}/add`, rule({ name: 'Short lived' }))).data;
    expect((await t.post(operator, `${AUDIT}/del`, { ids: [r.id] })).code).toBe(OK);
    expect(await t.db.select().from(scoringRule).where(eq(scoringRule.id, r.id))).toEqual([]);
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'scoring_rule.audit.del'), eq(operationLog.targetId, String(r.id))));
    expect(log.before).toEqual([expect.objectContaining({ name: 'Short lived' })]);
  });
});

describe('clone', () => {
  it('copies rules to other merchants under the same clone identifier, and updates the copies when cloned again', async () => {
    const src = (await t.post<RuleRow>(operator, `${SCORE}/add`, rule({ name: 'Income', left_expr: 'income_level', comparator: 'gte', right_expr: '3', action_hit: 'add_score', score: 40, weight: 1.5 }))).data;
    const first = await t.post(operator, `${SCORE}/clone`, { ids: [src.id], merchant_ids: [m.sub, m.main] });
    expect(first.code, first.msg).toBe(OK);
    expect(first.data).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    const copies = await rowsOf(operator, SCORE, { clone_code: src.clone_code });
    expect(copies.map((r) => r.merchant_id).sort()).toEqual([m.main, m.sub].sort());
    expect(copies.find((r) => r.merchant_id === m.sub)).toMatchObject({ name: 'Income', score: 40, weight: 1.5 });
    expect((await t.get(operator, `${SCORE}/clone_counts`)).data[src.clone_code]).toBe(2);

    await t.post(operator, `${SCORE}/edit`, editOf(src, { score: 55 }));
    const again = await t.post(operator, `${SCORE}/clone`, { ids: [src.id], merchant_ids: [m.sub] });
    expect(again.data).toMatchObject({ created: 0, updated: 1 });
    expect((await rowsOf(operator, SCORE, { clone_code: src.clone_code, merchant_id: m.sub }))[0].score).toBe(55);
    expect((await t.db.select().from(scoringRule).where(eq(scoringRule.cloneCode, src.clone_code))).length).toBe(2);

    // Cloning into a merchant outside the scope is refused as a whole.
    expect((await t.post(operator, `${SCORE}/clone`, { ids: [src.id], merchant_ids: [m.sub, m.other] })).code).toBe(NOT_FOUND);
    expect((await t.db.select().from(scoringRule).where(and(eq(scoringRule.cloneCode, src.clone_code), eq(scoringRule.merchantId, m.other))))).toEqual([]);
  });

  it('copies a merchant’s whole scorecard with its pass score', async () => {
    await t.post(admin, `${SCORE}/add`, rule({ merchant_id: m.main, name: 'Base', left_expr: '1', comparator: 'eq', right_expr: '1', action_hit: 'add_score', score: 500 }));
    expect((await t.post(operator, `${SCORE}/threshold`, { merchant_id: m.main, pass_score: 620 })).code).toBe(OK);
    const target = (await t.db.select().from(scoringRule).where(eq(scoringRule.merchantId, m.other))).length;
    const res = await t.post(admin, `${SCORE}/clone_set`, { from_merchant_id: m.main, merchant_ids: [m.other] });
    expect(res.code, res.msg).toBe(OK);
    const mainRules = await t.db.select().from(scoringRule).where(and(eq(scoringRule.merchantId, m.main), eq(scoringRule.kind, 'score')));
    expect(res.data).toMatchObject({ created: mainRules.length, pass_score: 620 });
    const copied = await t.db.select().from(scoringRule).where(and(eq(scoringRule.merchantId, m.other), eq(scoringRule.kind, 'score')));
    expect(copied.map((r) => r.cloneCode).sort()).toEqual(mainRules.map((r) => r.cloneCode).sort());
    expect((await t.db.select().from(scoringRule).where(eq(scoringRule.merchantId, m.other))).length).toBe(target + mainRules.length);
    const [setting] = await t.db.select().from(scoringSetting).where(eq(scoringSetting.merchantId, m.other));
    expect(setting.passScore).toBe(620);
    // Counted within the scope: the operator does not see that another lender holds the same identifiers.
    const code = mainRules[0].cloneCode;
    expect((await t.get(admin, `${SCORE}/clone_counts`)).data[code]).toBe((await t.db.select().from(scoringRule).where(eq(scoringRule.cloneCode, code))).length);
    expect((await t.get(operator, `${SCORE}/clone_counts`)).data[code]).toBe(mainRules.filter((r) => r.cloneCode === code).length
      + (await t.db.select().from(scoringRule).where(and(eq(scoringRule.cloneCode, code), eq(scoringRule.merchantId, m.sub)))).length);
  });
});

describe('pass score', () => {
  it('sets and reads a merchant’s pass score, logged', async () => {
    expect((await t.get<ThresholdRow>(operator, `${SCORE}/threshold`, { merchant_id: m.sub })).data).toMatchObject({ merchant_id: m.sub, pass_score: null });
    const res = await t.post(operator, `${SCORE}/threshold`, { merchant_id: m.sub, pass_score: 580 });
    expect(res.code, res.msg).toBe(OK);
    expect((await t.get<ThresholdRow>(operator, `${SCORE}/threshold`, { merchant_id: m.sub })).data).toMatchObject({ pass_score: 580 });
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.action, 'scoring_setting.threshold'), eq(operationLog.targetId, String(m.sub))));
    expect(log).toMatchObject({ before: { threshold: null }, after: { threshold: 580 } });
    expect((await t.post(operator, `${SCORE}/threshold`, { merchant_id: m.sub })).code).toBe(VALIDATION);
    expect((await t.post(operator, `${SCORE}/threshold`, { merchant_id: m.sub, pass_score: 'high' })).code).toBe(VALIDATION);
  });
});
