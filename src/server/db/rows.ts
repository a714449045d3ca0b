/**
 * The rows of `db.execute(sql…)` on either driver: node-postgres and PGlite answer `{rows}`, and drizzle may hand back
 * the array itself. One helper so that raw queries read the same everywhere.
 */
export function rowsOf<T = Record<string, unknown>>(res: unknown): T[] {
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] } | null)?.rows ?? []);
}
