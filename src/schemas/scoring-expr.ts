/**
 * The expression language of scoring rules (spec §3 "Scoring rule": left and right expression, comparator).
 *
 * Rules are typed in by merchant operators, so nothing here ever reaches eval, Function or a template: the text is
 * tokenised and parsed by hand into a small tree, type-checked against the variable catalogue, and evaluated by a
 * switch over node kinds. Pure TypeScript with no imports, so the server (validation at save time, machine review)
 * and the console (checking as the operator types) run exactly the same code.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('*' | '/') unary)*            × ÷ − are accepted for * / -
 *   unary      := '-' unary | primary
 *   primary    := number | 'text' | "text" | true | false | null | variable | function '(' args ')' | '(' expression ')'
 *   list       := expression (',' expression)*           right side of in / not in (1+) and between (exactly 2)
 *
 * Values are numbers, strings, booleans and null. Arithmetic takes numbers only; null (a value the customer does not
 * have, such as a liveness score never measured) propagates through arithmetic, and a division by zero gives null,
 * so evaluation never throws on data. Ordering comparisons with null are false.
 */

export type Value = number | string | boolean | null;
export type ValueType = 'number' | 'string' | 'boolean';
/** Static type of an expression; 'null' only for the literal null. */
export type ExprType = ValueType | 'null';

export const COMPARATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in', 'contains', 'between'] as const;
export type Comparator = (typeof COMPARATORS)[number];

/** How each comparator reads between the two expressions. */
export const COMPARATOR_SYMBOLS: Record<Comparator, string> = {
  eq: '=', ne: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤', in: 'in', not_in: 'not in', contains: 'contains', between: 'between',
};

export const FUNCTIONS = { abs: [1, 1], round: [1, 1], min: [2, 8], max: [2, 8] } as const satisfies Record<string, readonly [number, number]>;
type FnName = keyof typeof FUNCTIONS;

/** Bounds that keep a hostile expression cheap to parse and evaluate. */
export const EXPR_LIMITS = { maxLength: 500, maxTokens: 200, maxDepth: 24, maxListItems: 50 } as const;

export type Node =
  | { k: 'num'; v: number; pos: number }
  | { k: 'str'; v: string; pos: number }
  | { k: 'bool'; v: boolean; pos: number }
  | { k: 'null'; pos: number }
  | { k: 'var'; name: string; pos: number }
  | { k: 'neg'; e: Node; pos: number }
  | { k: 'bin'; op: '+' | '-' | '*' | '/'; l: Node; r: Node; pos: number }
  | { k: 'call'; fn: FnName; args: Node[]; pos: number };

/**
 * A refusal with a message id (locales: scoring.expr.*) and its values; `pos` is the 1-based character where it was
 * found, for the editor to point at.
 */
export class ExprError extends Error {
  constructor(public readonly id: string, public readonly values: Record<string, string | number> = {}, public readonly pos = 0) {
    super(id);
    this.name = 'ExprError';
  }
}

// ------------------------------------------------------------------------------------------------ tokens

type Tok =
  | { t: 'num'; v: number; text: string; pos: number }
  | { t: 'str'; v: string; pos: number }
  | { t: 'id'; v: string; pos: number }
  | { t: 'op'; v: '+' | '-' | '*' | '/' | '(' | ')' | ','; pos: number }
  | { t: 'end'; pos: number };

const OPS: Record<string, '+' | '-' | '*' | '/' | '(' | ')' | ','> = {
  '+': '+', '-': '-', '\u2212': '-', '*': '*', '\u00d7': '*', '/': '/', '\u00f7': '/', '(': '(', ')': ')', ',': ',',
};

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdPart = (c: string) => isIdStart(c) || isDigit(c);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\u3000';

function tokenize(src: string): Tok[] {
  if (src.length > EXPR_LIMITS.maxLength) throw new ExprError('scoring.expr.tooLong', { max: EXPR_LIMITS.maxLength });
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const pos = i + 1;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (out.length >= EXPR_LIMITS.maxTokens) throw new ExprError('scoring.expr.tooLong', { max: EXPR_LIMITS.maxLength }, pos);
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      let j = i;
      while (j < src.length && isDigit(src[j])) j++;
      if (src[j] === '.') {
        j++;
        while (j < src.length && isDigit(src[j])) j++;
      }
      const text = src.slice(i, j);
      // 1e9, 0x10, 12abc: a number glued to letters is a mistake, not a variable.
      if (j < src.length && (isIdPart(src[j]) || src[j] === '.')) throw new ExprError('scoring.expr.badNumber', { token: src.slice(i, Math.min(j + 8, src.length)) }, pos);
      const v = Number(text);
      if (!Number.isFinite(v)) throw new ExprError('scoring.expr.badNumber', { token: text.slice(0, 20) }, pos);
      out.push({ t: 'num', v, text, pos });
      i = j;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= src.length) throw new ExprError('scoring.expr.unterminatedString', { pos }, pos);
        const d = src[j];
        if (d === '\\' && j + 1 < src.length) {
          s += src[j + 1];
          j += 2;
          continue;
        }
        if (d === c) break;
        s += d;
        j++;
      }
      out.push({ t: 'str', v: s, pos });
      i = j + 1;
      continue;
    }
    if (isIdStart(c)) {
      let j = i;
      while (j < src.length && isIdPart(src[j])) j++;
      out.push({ t: 'id', v: src.slice(i, j).toLowerCase(), pos });
      i = j;
      continue;
    }
    const op = OPS[c];
    if (op) {
      out.push({ t: 'op', v: op, pos });
      i++;
      continue;
    }
    throw new ExprError('scoring.expr.unexpectedChar', { char: c, pos }, pos);
  }
  out.push({ t: 'end', pos: src.length + 1 });
  return out;
}

const tokText = (t: Tok): string => (t.t === 'end' ? '' : t.t === 'num' ? t.text : t.t === 'str' ? `'${t.v}'` : String(t.v));

// ------------------------------------------------------------------------------------------------ parser

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly toks: Tok[]) {}

  peek(): Tok {
    return this.toks[this.i];
  }

  next(): Tok {
    return this.toks[this.i++];
  }

  isOp(v: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === v;
  }

  unexpected(t: Tok): ExprError {
    return t.t === 'end'
      ? new ExprError('scoring.expr.unexpectedEnd', {}, t.pos)
      : new ExprError('scoring.expr.unexpectedToken', { token: tokText(t).slice(0, 30), pos: t.pos }, t.pos);
  }

  expect(v: string): void {
    if (!this.isOp(v)) throw this.unexpected(this.peek());
    this.i++;
  }

  /** Nesting guard: a deep chain of parentheses or minus signs would otherwise exhaust the stack. */
  enter(pos: number): void {
    if (++this.depth > EXPR_LIMITS.maxDepth) throw new ExprError('scoring.expr.tooDeep', { max: EXPR_LIMITS.maxDepth }, pos);
  }

  leave(): void {
    this.depth--;
  }

  expression(): Node {
    let l = this.term();
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && (t.v === '+' || t.v === '-')) {
        this.i++;
        l = { k: 'bin', op: t.v, l, r: this.term(), pos: t.pos };
      } else return l;
    }
  }

  term(): Node {
    let l = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && (t.v === '*' || t.v === '/')) {
        this.i++;
        l = { k: 'bin', op: t.v, l, r: this.unary(), pos: t.pos };
      } else return l;
    }
  }

  unary(): Node {
    const t = this.peek();
    if (t.t === 'op' && t.v === '-') {
      this.i++;
      this.enter(t.pos);
      const e = this.unary();
      this.leave();
      return { k: 'neg', e, pos: t.pos };
    }
    if (t.t === 'op' && t.v === '+') {
      this.i++;
      this.enter(t.pos);
      const e = this.unary();
      this.leave();
      return e;
    }
    return this.primary();
  }

  primary(): Node {
    const t = this.next();
    switch (t.t) {
      case 'num':
        return { k: 'num', v: t.v, pos: t.pos };
      case 'str':
        return { k: 'str', v: t.v, pos: t.pos };
      case 'id': {
        if (t.v === 'true' || t.v === 'false') return { k: 'bool', v: t.v === 'true', pos: t.pos };
        if (t.v === 'null') return { k: 'null', pos: t.pos };
        if (this.isOp('(')) {
          if (!Object.prototype.hasOwnProperty.call(FUNCTIONS, t.v)) throw new ExprError('scoring.expr.unknownFunction', { name: t.v.slice(0, 40) }, t.pos);
          const fn = t.v as FnName;
          this.i++;
          this.enter(t.pos);
          const args: Node[] = [];
          if (!this.isOp(')')) {
            args.push(this.expression());
            while (this.isOp(',')) {
              this.i++;
              args.push(this.expression());
            }
          }
          this.expect(')');
          this.leave();
          const [min, max] = FUNCTIONS[fn];
          if (args.length < min || args.length > max) throw new ExprError('scoring.expr.argCount', { name: fn, min, max }, t.pos);
          return { k: 'call', fn, args, pos: t.pos };
        }
        return { k: 'var', name: t.v, pos: t.pos };
      }
      case 'op':
        if (t.v === '(') {
          this.enter(t.pos);
          const e = this.expression();
          this.expect(')');
          this.leave();
          return e;
        }
        throw this.unexpected(t);
      default:
        throw this.unexpected(t);
    }
  }

  list(): Node[] {
    const items = [this.expression()];
    while (this.isOp(',')) {
      this.i++;
      items.push(this.expression());
      if (items.length > EXPR_LIMITS.maxListItems) throw new ExprError('scoring.expr.tooManyItems', { max: EXPR_LIMITS.maxListItems }, this.peek().pos);
    }
    return items;
  }

  end(): void {
    const t = this.peek();
    if (t.t !== 'end') {
      // A comma where one value is expected: say so rather than "unexpected ,".
      if (t.t === 'op' && t.v === ',') throw new ExprError('scoring.expr.oneValue', {}, t.pos);
      throw this.unexpected(t);
    }
  }
}

function checkedSource(src: string): string {
  if (typeof src !== 'string' || !src.trim()) throw new ExprError('scoring.expr.empty');
  return src;
}

/** Parses one expression. */
export function parseExpression(src: string): Node {
  const p = new Parser(tokenize(checkedSource(src)));
  const e = p.expression();
  p.end();
  return e;
}

/** Parses a comma-separated list of expressions (right side of in / not in / between). */
export function parseList(src: string): Node[] {
  const p = new Parser(tokenize(checkedSource(src)));
  const items = p.list();
  p.end();
  return items;
}

// ------------------------------------------------------------------------------------------------ types

/** Variable name → type (the catalogue; src/schemas/scoring.ts). */
export type VariableTypes = ReadonlyMap<string, ValueType>;

/** Names the expression reads. */
export function variablesOf(nodes: readonly Node[]): string[] {
  const out = new Set<string>();
  const walk = (n: Node): void => {
    switch (n.k) {
      case 'var': out.add(n.name); break;
      case 'neg': walk(n.e); break;
      case 'bin': walk(n.l); walk(n.r); break;
      case 'call': n.args.forEach(walk); break;
      default: break;
    }
  };
  nodes.forEach(walk);
  return [...out];
}

export function typeOf(n: Node, vars: VariableTypes): ExprType {
  switch (n.k) {
    case 'num': return 'number';
    case 'str': return 'string';
    case 'bool': return 'boolean';
    case 'null': return 'null';
    case 'var': {
      const t = vars.get(n.name);
      if (!t) throw new ExprError('scoring.expr.unknownVariable', { name: n.name.slice(0, 40) }, n.pos);
      return t;
    }
    case 'neg':
      if (typeOf(n.e, vars) !== 'number') throw new ExprError('scoring.expr.needNumbers', { op: '-' }, n.pos);
      return 'number';
    case 'bin':
      if (typeOf(n.l, vars) !== 'number' || typeOf(n.r, vars) !== 'number') throw new ExprError('scoring.expr.needNumbers', { op: n.op }, n.pos);
      return 'number';
    case 'call':
      for (const a of n.args) if (typeOf(a, vars) !== 'number') throw new ExprError('scoring.expr.needNumbers', { op: n.fn }, a.pos);
      return 'number';
  }
}

/** A rule's two sides, parsed and checked against each other. */
export interface CompiledRule {
  left: Node;
  right: Node[];
  comparator: Comparator;
}

/** Which side of a rule an ExprError belongs to. */
export class RuleExprError extends ExprError {
  constructor(public readonly side: 'left_expr' | 'right_expr', e: ExprError) {
    super(e.id, e.values, e.pos);
    this.name = 'RuleExprError';
  }
}

const ORDERING: ReadonlySet<Comparator> = new Set(['gt', 'gte', 'lt', 'lte', 'between']);
const LISTS: ReadonlySet<Comparator> = new Set(['in', 'not_in']);

function side<T>(which: 'left_expr' | 'right_expr', fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ExprError) throw new RuleExprError(which, e);
    throw e;
  }
}

/**
 * Parses and type-checks a rule: the left side is one expression; the right side one expression, a list (in,
 * not in) or exactly two bounds (between). Throws RuleExprError naming the side at fault.
 */
export function compileRule(input: { left: string; comparator: Comparator; right: string }, vars: VariableTypes): CompiledRule {
  const { comparator } = input;
  const left = side('left_expr', () => parseExpression(input.left));
  const lt = side('left_expr', () => typeOf(left, vars));
  const right = side('right_expr', () => (LISTS.has(comparator) || comparator === 'between' ? parseList(input.right) : [parseExpression(input.right)]));
  if (comparator === 'between' && right.length !== 2) throw new RuleExprError('right_expr', new ExprError('scoring.expr.needTwo'));
  const rts = right.map((r) => side('right_expr', () => typeOf(r, vars)));
  const mismatch = (pos: number) => new RuleExprError('right_expr', new ExprError('scoring.expr.typeMismatch', { left: lt, right: rts.find((t) => t !== lt && t !== 'null') ?? 'null' }, pos));
  if (ORDERING.has(comparator)) {
    if (lt !== 'number') throw new RuleExprError('left_expr', new ExprError('scoring.expr.needNumberSide', {}, left.pos));
    rts.forEach((t, i) => {
      if (t !== 'number') throw new RuleExprError('right_expr', new ExprError('scoring.expr.needNumberSide', {}, right[i].pos));
    });
  } else if (comparator === 'contains') {
    if (lt !== 'string') throw new RuleExprError('left_expr', new ExprError('scoring.expr.needTextSide', {}, left.pos));
    if (rts[0] !== 'string') throw new RuleExprError('right_expr', new ExprError('scoring.expr.needTextSide', {}, right[0].pos));
  } else {
    // = ≠ in, not in: same type on both sides, or null (a value that is missing).
    rts.forEach((t, i) => {
      if (lt !== 'null' && t !== 'null' && t !== lt) throw mismatch(right[i].pos);
    });
  }
  return { left, right, comparator };
}

// ------------------------------------------------------------------------------------------------ evaluation

/** Values of the variables; a name missing here reads as null. */
export type Variables = ReadonlyMap<string, Value>;

const num = (v: Value): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function evaluate(n: Node, vars: Variables): Value {
  switch (n.k) {
    case 'num': return n.v;
    case 'str': return n.v;
    case 'bool': return n.v;
    case 'null': return null;
    case 'var': return vars.has(n.name) ? (vars.get(n.name) ?? null) : null;
    case 'neg': {
      const v = num(evaluate(n.e, vars));
      return v === null ? null : -v;
    }
    case 'bin': {
      const a = num(evaluate(n.l, vars));
      const b = num(evaluate(n.r, vars));
      if (a === null || b === null) return null;
      switch (n.op) {
        case '+': return finite(a + b);
        case '-': return finite(a - b);
        case '*': return finite(a * b);
        case '/': return b === 0 ? null : finite(a / b);
      }
      return null;
    }
    case 'call': {
      const args = n.args.map((a) => num(evaluate(a, vars)));
      if (args.some((a) => a === null)) return null;
      const xs = args as number[];
      switch (n.fn) {
        case 'abs': return Math.abs(xs[0]);
        case 'round': return Math.round(xs[0]);
        case 'min': return Math.min(...xs);
        case 'max': return Math.max(...xs);
      }
      return null;
    }
  }
}

const EPS = 1e-9;

function same(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < EPS;
  return a === b;
}

/**
 * Whether `left comparator right` holds. Ordering with a missing (null) value is false; `contains` is a
 * case-insensitive substring test; `between` includes both bounds.
 */
export function compare(comparator: Comparator, left: Value, right: readonly Value[]): boolean {
  switch (comparator) {
    case 'eq': return same(left, right[0]);
    case 'ne': return !same(left, right[0]);
    case 'in': return right.some((r) => same(left, r));
    case 'not_in': return !right.some((r) => same(left, r));
    case 'contains':
      return typeof left === 'string' && typeof right[0] === 'string' && left.toLowerCase().includes(right[0].toLowerCase());
    default: break;
  }
  const l = num(left);
  const rs = right.map(num);
  if (l === null || rs.some((r) => r === null)) return false;
  const r = rs[0] as number;
  switch (comparator) {
    case 'gt': return l > r + EPS;
    case 'gte': return l >= r - EPS;
    case 'lt': return l < r - EPS;
    case 'lte': return l <= r + EPS;
    case 'between': {
      const lo = Math.min(r, rs[1] as number);
      const hi = Math.max(r, rs[1] as number);
      return l >= lo - EPS && l <= hi + EPS;
    }
    default: return false;
  }
}

export interface RuleOutcome {
  left: Value;
  right: Value[];
  held: boolean;
}

/** Evaluates a compiled rule on a set of variable values. */
export function evaluateRule(rule: CompiledRule, vars: Variables): RuleOutcome {
  const left = evaluate(rule.left, vars);
  const right = rule.right.map((r) => evaluate(r, vars));
  return { left, right, held: compare(rule.comparator, left, right) };
}
