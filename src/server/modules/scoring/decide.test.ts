import { describe, expect, it } from 'vitest';
import type { Value } from '../../../schemas/scoring-expr';
import { decide, ruleOrder, type RuleInput } from './decide';

let seq = 0;
const r = (kind: RuleInput['kind'], left: string, comparator: string, right: string, actionHit: string, over: Partial<RuleInput> = {}): RuleInput => ({
  id: ++seq, kind, name: `R${seq}`, cloneCode: `C${seq}`, leftExpr: left, comparator, rightExpr: right, actionHit, actionMiss: 'none', score: 0, weight: 1, ...over,
});
const vars = (o: Record<string, Value>) => new Map(Object.entries(o));

describe('decide', () => {
  const base = r('score', '1', 'eq', '1', 'add_score', { score: 500 });
  const income = r('score', 'income_level', 'gte', '3', 'add_score', { score: 40, weight: 2.5 });

  it('adds score × weight of the rules whose action adds score, and passes above the pass score', () => {
    const d = decide([base, income], vars({ income_level: 4 }), 580);
    expect(d).toMatchObject({ result: 'approved', decision: 'pass', score: 600, reason: 'score 600 ≥ 580' });
    expect(d.items.map((i) => i.contribution)).toEqual([500, 100]);
  });

  it('rejects below the pass score, and lets a pass action override the score but never a reject', () => {
    expect(decide([base, income], vars({ income_level: 1 }), 580)).toMatchObject({ result: 'rejected', decision: 'score_low', score: 500 });
    const white = r('audit', 'whitelisted', 'eq', 'true', 'pass');
    expect(decide([white, base], vars({ whitelisted: true }), 580)).toMatchObject({ result: 'approved', decision: 'pass', reason: 'score 500 < 580, passed by rule' });
    const black = r('audit', 'blacklisted', 'eq', 'true', 'reject');
    expect(decide([white, black, base], vars({ whitelisted: true, blacklisted: true }), 580)).toMatchObject({ result: 'rejected', decision: 'reject', reason: `rule: ${black.name}` });
  });

  it('uses the miss action when a rule does not hold, and reports manual review', () => {
    const age = r('audit', 'age', 'between', '20, 60', 'none', { actionMiss: 'reject' });
    expect(decide([age], vars({ age: 18 }), null)).toMatchObject({ result: 'rejected', decision: 'reject' });
    expect(decide([age], vars({ age: 30 }), null)).toMatchObject({ result: 'approved', decision: 'pass', reason: 'score 0' });
    const big = r('audit', 'application_amount', 'gt', '1000', 'manual');
    expect(decide([age, big], vars({ age: 30, application_amount: 5000 }), null)).toMatchObject({ result: 'approved', decision: 'manual' });
  });

  it('sends a rule it cannot evaluate to manual review instead of deciding on it', () => {
    const broken = r('audit', 'no_such_variable', 'eq', '1', 'reject', { actionMiss: 'reject' });
    const d = decide([broken], vars({}), null);
    expect(d).toMatchObject({ result: 'approved', decision: 'manual' });
    expect(d.items[0]).toMatchObject({ action: 'manual', error: 'scoring.expr.unknownVariable', held: false, contribution: 0 });
  });

  it('orders audit rules before scorecard rules, each by sort order then id', () => {
    const rows = [
      { kind: 'score', sortOrder: 1, id: 1 }, { kind: 'audit', sortOrder: 20, id: 2 }, { kind: 'audit', sortOrder: 10, id: 5 }, { kind: 'audit', sortOrder: 10, id: 3 },
    ];
    expect(rows.sort(ruleOrder).map((x) => x.id)).toEqual([3, 5, 2, 1]);
  });
});
