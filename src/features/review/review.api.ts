import { api, type RequestOptions } from '../../app/api/request';
import type { NextOrder, ReviewFilterOptions, ReviewOrderDetail, StagePage } from '../../schemas/review';
import { COMPARATOR_SYMBOLS, type Comparator } from '../../schemas/scoring-expr';

/** Calls of the review screens that are not registry commands (reads, and the keyboard flow's next order). */
export const reviewApi = {
  orderDetail: (id: number, opts?: RequestOptions) => api.get<ReviewOrderDetail>('/loanapi/review/order_detail', { id }, opts),
  filterOptions: (opts?: RequestOptions) => api.get<ReviewFilterOptions>('/loanapi/review/filter_options', undefined, opts),
  /** Claims (when needed) and answers the next order of a stage queue for the caller; null when it has none left. */
  next: (page: StagePage, exclude: number[] = []) => api.post<NextOrder | null>(`/loanapi/review/${page}/next`, { exclude }),
  /**
   * The scoring area's per-rule breakdown of an order's machine review. The route may not exist yet (404) or have
   * nothing for the order: both are an empty breakdown, never an error on screen.
   */
  scoring: async (orderId: number, signal?: AbortSignal): Promise<ScoringBreakdown | null> => {
    try {
      const data = await api.get<unknown>('/loanapi/scoring/order_breakdown', { order_id: orderId }, { silent: true, signal });
      return normaliseBreakdown(data);
    } catch {
      return null;
    }
  },
};

export interface ScoringRuleLine {
  name: string;
  hit: boolean | null;
  score: number | null;
  weight: number | null;
  detail: string;
}

export interface ScoringBreakdown {
  total: number | null;
  result: string;
  rules: ScoringRuleLine[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** `left = 1200 (≥ 1000)`: the rule's expression with the value the order gave, when the answer carries them. */
function ruleDetail(x: Record<string, unknown>): string {
  const expr = x.left_expr && x.comparator ? `${str(x.left_expr)} ${COMPARATOR_SYMBOLS[x.comparator as Comparator] ?? str(x.comparator)} ${str(x.right_expr)}` : '';
  const value = x.left_value === undefined || x.left_value === null ? '' : `= ${typeof x.left_value === 'object' ? JSON.stringify(x.left_value) : str(x.left_value)}`;
  return [expr, value].filter(Boolean).join(' ') || str(x.detail ?? '');
}

/**
 * Reads the scoring area's answer (`{run: {score, result}, items: [{rule, held, score, weight, left_expr, …}]}`, see
 * OrderBreakdown in src/schemas/scoring.ts) and, defensively, other shapes of rule lines (an array, or `rules`),
 * so the panel degrades to "no breakdown" rather than failing when the answer changes.
 */
export function normaliseBreakdown(data: unknown): ScoringBreakdown | null {
  if (!data) return null;
  const obj = (Array.isArray(data) ? { rules: data } : data) as Record<string, unknown>;
  const run = (obj.run ?? {}) as Record<string, unknown>;
  const list = (obj.items ?? obj.rules ?? obj.rows ?? obj.breakdown) as unknown;
  const rules = Array.isArray(list) ? list.map((r): ScoringRuleLine => {
    const x = (r ?? {}) as Record<string, unknown>;
    const hit = x.held ?? x.hit ?? x.holds ?? x.passed ?? x.matched;
    return {
      name: str(x.rule ?? x.rule_name ?? x.name ?? x.title),
      hit: typeof hit === 'boolean' ? hit : null,
      score: num(x.score ?? x.points),
      weight: num(x.weight),
      detail: ruleDetail(x),
    };
  }) : [];
  const total = num(run.score ?? obj.total ?? obj.score ?? obj.total_score);
  if (!rules.length && total === null) return null;
  return { total, result: str(run.result ?? obj.result), rules };
}
