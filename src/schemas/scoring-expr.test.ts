import { describe, expect, it } from 'vitest';
import {
  compare, compileRule, evaluate, evaluateRule, EXPR_LIMITS, ExprError, parseExpression, parseList, RuleExprError, typeOf, variablesOf,
  type Comparator, type Value, type ValueType,
} from './scoring-expr';
import { VARIABLE_TYPES } from './scoring';

const TYPES: ReadonlyMap<string, ValueType> = new Map([
  ['age', 'number'], ['income', 'number'], ['gender', 'string'], ['blacklisted', 'boolean'], ['liveness', 'number'], ['job', 'string'],
]);
const VARS = new Map<string, Value>([['age', 30], ['income', 3], ['gender', '2'], ['blacklisted', false], ['liveness', null], ['job', 'Taxi Driver']]);

const ev = (src: string, vars: ReadonlyMap<string, Value> = VARS) => evaluate(parseExpression(src), vars);

function errorOf(fn: () => unknown): ExprError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ExprError) return e;
    throw e;
  }
  throw new Error('expected an ExprError');
}

const rule = (left: string, comparator: Comparator, right: string) => compileRule({ left, comparator, right }, TYPES);
const holds = (left: string, comparator: Comparator, right: string, vars: ReadonlyMap<string, Value> = VARS) => evaluateRule(rule(left, comparator, right), vars).held;

describe('expression parser and evaluator', () => {
  it('evaluates arithmetic with precedence, parentheses, unary minus and the × ÷ − signs', () => {
    expect(ev('1 + 2 * 3')).toBe(7);
    expect(ev('(1 + 2) * 3')).toBe(9);
    expect(ev('10 - 4 - 3')).toBe(3);
    expect(ev('12 / 4 / 3')).toBe(1);
    expect(ev('-3 + 5')).toBe(2);
    expect(ev('--3')).toBe(3);
    expect(ev('2 × 3 ÷ 4 − 1')).toBe(0.5);
    expect(ev('.5 + 0.25')).toBe(0.75);
    expect(ev('age * 2 + income')).toBe(63);
  });

  it('reads strings, booleans and null literals, variables case-insensitively', () => {
    expect(ev("'abc'")).toBe('abc');
    expect(ev('"it\\"s"')).toBe('it"s');
    expect(ev("'don\\'t'")).toBe("don't");
    expect(ev('TRUE')).toBe(true);
    expect(ev('false')).toBe(false);
    expect(ev('null')).toBe(null);
    expect(ev('AGE')).toBe(30);
  });

  it('propagates null and turns division by zero into null instead of throwing', () => {
    expect(ev('liveness + 1')).toBe(null);
    expect(ev('age / 0')).toBe(null);
    expect(ev('-liveness')).toBe(null);
    expect(ev('max(age, liveness)')).toBe(null);
    expect(ev('unknown_at_runtime', new Map())).toBe(null);
  });

  it('knows abs, round, min and max with their argument counts', () => {
    expect(ev('abs(-4)')).toBe(4);
    expect(ev('round(2.5)')).toBe(3);
    expect(ev('min(4, 2, 9)')).toBe(2);
    expect(ev('max(age, 40)')).toBe(40);
    expect(errorOf(() => parseExpression('min(1)')).id).toBe('scoring.expr.argCount');
    expect(errorOf(() => parseExpression('abs(1, 2)')).id).toBe('scoring.expr.argCount');
  });

  it('lists the variables an expression reads', () => {
    expect(variablesOf([parseExpression('age * 2 + max(income, age)')]).sort()).toEqual(['age', 'income']);
  });

  it.each([
    ['', 'scoring.expr.empty'],
    ['   ', 'scoring.expr.empty'],
    ['1 +', 'scoring.expr.unexpectedEnd'],
    ['(1 + 2', 'scoring.expr.unexpectedEnd'],
    ['1 + 2)', 'scoring.expr.unexpectedToken'],
    ['1 2', 'scoring.expr.unexpectedToken'],
    ['* 3', 'scoring.expr.unexpectedToken'],
    ["'open", 'scoring.expr.unterminatedString'],
    ['1,2', 'scoring.expr.oneValue'],
    ['1e9', 'scoring.expr.badNumber'],
    ['0x10', 'scoring.expr.badNumber'],
    ['1.2.3', 'scoring.expr.badNumber'],
    ['age % 2', 'scoring.expr.unexpectedChar'],
    ['age == 2', 'scoring.expr.unexpectedChar'],
    ['foo(1)', 'scoring.expr.unknownFunction'],
  ])('refuses %j with %s', (src, id) => {
    expect(errorOf(() => parseExpression(src)).id).toBe(id);
  });

  it('points at the character where the syntax broke', () => {
    const e = errorOf(() => parseExpression('age + * 2'));
    expect(e.id).toBe('scoring.expr.unexpectedToken');
    expect(e.pos).toBe(7);
    expect(e.values).toMatchObject({ token: '*', pos: 7 });
  });
});

describe('malicious input', () => {
  it.each([
    "process.exit(1)",
    "require('child_process')",
    'constructor.constructor("return process")()',
    'this',
    'globalThis',
    '__proto__',
    'age; drop table loan_order',
    '`whoami`',
    '${age}',
    'age.toString()',
    "eval('1')",
    'Function("return 1")()',
    'age[0]',
    '{}',
    'a => a',
    'age || 1',
    'new Date()',
  ])('never runs %j: it is refused at save time', (src) => {
    expect(() => compileRule({ left: src, comparator: 'eq', right: '1' }, VARIABLE_TYPES)).toThrow(ExprError);
  });

  it('refuses prototype names as variables even when the value map would have them', () => {
    for (const name of ['constructor', 'tostring', 'hasownproperty', '__proto__', 'prototype', 'valueof']) {
      expect(errorOf(() => typeOf(parseExpression(name), VARIABLE_TYPES)).id).toBe('scoring.expr.unknownVariable');
    }
    // Evaluation reads a Map, never an object's prototype chain.
    expect(ev('constructor', new Map())).toBe(null);
  });

  it('bounds the length, the number of tokens, the nesting and list sizes', () => {
    expect(errorOf(() => parseExpression('1+'.repeat(300) + '1')).id).toBe('scoring.expr.tooLong');
    expect(errorOf(() => parseExpression('1'.repeat(EXPR_LIMITS.maxLength + 1))).id).toBe('scoring.expr.tooLong');
    expect(errorOf(() => parseExpression('1+'.repeat(120) + '1')).id).toBe('scoring.expr.tooLong');
    expect(errorOf(() => parseExpression('('.repeat(40) + '1' + ')'.repeat(40))).id).toBe('scoring.expr.tooDeep');
    expect(errorOf(() => parseExpression('-'.repeat(60) + '1')).id).toBe('scoring.expr.tooDeep');
    expect(errorOf(() => parseExpression('abs('.repeat(30) + '1' + ')'.repeat(30))).id).toBe('scoring.expr.tooDeep');
    expect(errorOf(() => parseList(Array.from({ length: 60 }, (_, i) => i).join(','))).id).toBe('scoring.expr.tooManyItems');
    // Within the bounds: fine.
    expect(ev('('.repeat(20) + '1' + ')'.repeat(20))).toBe(1);
  });

  it('keeps huge numbers finite or refuses them; overflow evaluates to null', () => {
    expect(ev('99999999999999999999')).toBe(1e20);
    expect(errorOf(() => parseExpression('9'.repeat(400))).id).toBe('scoring.expr.badNumber');
    expect(ev('99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999')).toBe(null);
  });

  it('treats quotes, backslashes and control characters inside strings as plain text', () => {
    expect(ev("'\\'; DROP TABLE x; --'")).toBe("'; DROP TABLE x; --");
    expect(ev("'<script>alert(1)</script>'")).toBe('<script>alert(1)</script>');
  });
});

describe('rule type checks', () => {
  const sideOf = (fn: () => unknown): [string, string] => {
    const e = errorOf(fn);
    expect(e).toBeInstanceOf(RuleExprError);
    return [(e as RuleExprError).side, e.id];
  };

  it('names the side with an unknown variable', () => {
    expect(sideOf(() => rule('agee', 'gt', '18'))).toEqual(['left_expr', 'scoring.expr.unknownVariable']);
    expect(sideOf(() => rule('age', 'gt', 'incme'))).toEqual(['right_expr', 'scoring.expr.unknownVariable']);
  });

  it('asks for numbers on ordering comparators and between, text for contains', () => {
    expect(sideOf(() => rule('gender', 'gt', '1'))).toEqual(['left_expr', 'scoring.expr.needNumberSide']);
    expect(sideOf(() => rule('age', 'lte', "'20'"))).toEqual(['right_expr', 'scoring.expr.needNumberSide']);
    expect(sideOf(() => rule('age', 'contains', "'1'"))).toEqual(['left_expr', 'scoring.expr.needTextSide']);
    expect(sideOf(() => rule('job', 'contains', '1'))).toEqual(['right_expr', 'scoring.expr.needTextSide']);
    expect(sideOf(() => rule('age', 'between', '18'))).toEqual(['right_expr', 'scoring.expr.needTwo']);
    expect(sideOf(() => rule('age', 'between', '18, 30, 40'))).toEqual(['right_expr', 'scoring.expr.needTwo']);
    expect(sideOf(() => rule('gender + 1', 'eq', '2'))).toEqual(['left_expr', 'scoring.expr.needNumbers']);
  });

  it('asks for the same type on both sides of = ≠ in, allowing null', () => {
    expect(sideOf(() => rule('gender', 'eq', '1'))).toEqual(['right_expr', 'scoring.expr.typeMismatch']);
    expect(sideOf(() => rule('blacklisted', 'in', "true, 'x'"))).toEqual(['right_expr', 'scoring.expr.typeMismatch']);
    expect(() => rule('liveness', 'eq', 'null')).not.toThrow();
    expect(() => rule('gender', 'in', "'1', '2', null")).not.toThrow();
    expect(sideOf(() => rule('age', 'eq', '1, 2'))).toEqual(['right_expr', 'scoring.expr.oneValue']);
  });
});

describe('comparators', () => {
  it.each<[string, Comparator, string, boolean]>([
    ['age', 'eq', '30', true],
    ['age', 'ne', '30', false],
    ['age', 'gt', '29', true],
    ['age', 'gt', '30', false],
    ['age', 'gte', '30', true],
    ['age', 'lt', '30', false],
    ['age', 'lte', '30', true],
    ['age', 'between', '18, 30', true],
    ['age', 'between', '60, 18', true],
    ['age', 'between', '31, 60', false],
    ['age', 'in', '18, 30, 45', true],
    ['age', 'not_in', '18, 30, 45', false],
    ["gender", 'in', "'1', '2'", true],
    ['gender', 'eq', "'2'", true],
    ['job', 'contains', "'driver'", true],
    ['job', 'contains', "'pilot'", false],
    ['blacklisted', 'eq', 'false', true],
    ['0.1 + 0.2', 'eq', '0.3', true],
    ['income * 1000', 'gte', 'age * 100', true],
  ])('%s %s %s → %s', (l, c, r, want) => {
    expect(holds(l, c, r)).toBe(want);
  });

  it('is false for ordering against a missing value, true for = null', () => {
    for (const c of ['gt', 'gte', 'lt', 'lte'] as const) expect(holds('liveness', c, '50')).toBe(false);
    expect(holds('liveness', 'between', '0, 100')).toBe(false);
    expect(holds('liveness', 'eq', 'null')).toBe(true);
    expect(holds('liveness', 'ne', 'null')).toBe(false);
    expect(compare('contains', null, ['x'])).toBe(false);
  });

  it('reports the values it compared', () => {
    expect(evaluateRule(rule('age + 1', 'between', '18, income * 10'), VARS)).toEqual({ left: 31, right: [18, 30], held: false });
  });
});
