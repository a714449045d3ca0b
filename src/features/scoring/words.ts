import type { IntlShape } from 'react-intl';
import type { RuleAction } from '../../schemas/scoring';
import { COMPARATOR_SYMBOLS, type Comparator, type Value } from '../../schemas/scoring-expr';

/** Colours of rule actions: reject red, manual orange, pass green, add score blue, nothing grey. */
export const ACTION_COLORS: Record<RuleAction, string> = { reject: 'red', manual: 'orange', pass: 'teal', add_score: 'blue', none: 'gray' };

export function actionWord(intl: IntlShape, action: string): string {
  const id = `scoring.action.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/** The comparator as a symbol (=, ≠, ≥, in, between …), the same in every language as the expressions are. */
export const comparatorSymbol = (c: string): string => COMPARATOR_SYMBOLS[c as Comparator] ?? c;

/** A value read by a rule, as the breakdown shows it: numbers as they are, text quoted, null as a dash. */
export function valueText(intl: IntlShape, v: Value | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return intl.formatMessage({ id: v ? 'customer.yes' : 'customer.no' });
  if (typeof v === 'number') return intl.formatNumber(v, { maximumFractionDigits: 2 });
  return `'${v}'`;
}

export const valuesText = (intl: IntlShape, vs: readonly Value[]): string => vs.map((v) => valueText(intl, v)).join(', ');

/** A score × weight product as it reads: "+20", "−15", "0". */
export function signed(intl: IntlShape, n: number): string {
  const s = intl.formatNumber(Math.abs(n), { maximumFractionDigits: 2 });
  return n > 0 ? `+${s}` : n < 0 ? `−${s}` : s;
}
