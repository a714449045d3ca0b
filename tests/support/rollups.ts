import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

/**
 * A statistics roll-up equals its table summed over what it drops, row for row and measure by measure: `keys` (an SQL
 * column list, in the roll-up's key order) kept, `cols` summed. Not empty, so the comparison proves something. The
 * roll-up's rows.
 */
export async function expectSummed(db: DbOrTx, rollup: string, table: string, keys: string, cols: readonly string[]): Promise<Record<string, unknown>[]> {
  const q = async (text: string) => rowsOf(await db.execute(sql.raw(text)));
  const a = await q(`select ${keys}, ${cols.map((c) => `${c}::bigint as ${c}`).join(', ')} from ${rollup} order by ${keys}`);
  const b = await q(`select ${keys}, ${cols.map((c) => `sum(${c})::bigint as ${c}`).join(', ')} from ${table} group by ${keys} order by ${keys}`);
  expect(a.length, rollup).toBeGreaterThan(0);
  expect(a, rollup).toEqual(b);
  return a;
}
