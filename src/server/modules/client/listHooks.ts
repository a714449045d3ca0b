import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Query normalisation for list routes served inside an encapsulated scope (`app.register(async (scope) => …)`),
 * run before validation and before the list engine keeps the request's input for exports:
 *
 * - `arrays`: filters that take several values arrive as repeated keys (`status=a&status=b`, an array) or once
 *   (`status=a`, or `status=a,b`, a string); both become an array, so the filter can be a plain `z.array(…)`
 *   (which the FilterBar shows as a multi-select).
 * - `sortGuards`: sorting by a column that is NULL on some rows (loan time, due date) sets a filter that keeps only
 *   the rows that have it: the list engine pages by keyset and needs a value on every row of the order.
 */
export interface ListQueryRules {
  arrays?: readonly string[];
  /** sort field → flag filter set to '1' while sorting by it. */
  sortGuards?: Readonly<Record<string, string>>;
}

export function normaliseQuery(q: Record<string, unknown>, rules: ListQueryRules): void {
  for (const key of rules.arrays ?? []) {
    const v = q[key];
    if (typeof v === 'string') q[key] = v.split(',').map((s) => s.trim()).filter(Boolean);
  }
  const sort = typeof q.sort === 'string' ? q.sort.split(':')[0] : undefined;
  const guard = sort ? rules.sortGuards?.[sort] : undefined;
  if (guard) q[guard] = '1';
}

export function normaliseListQuery(scope: FastifyInstance, rules: ListQueryRules = {}): void {
  if (!rules.arrays?.length && !rules.sortGuards) return;
  scope.addHook('preValidation', async (req: FastifyRequest) => {
    const src = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
    if (src && typeof src === 'object') normaliseQuery(src, rules);
  });
}
