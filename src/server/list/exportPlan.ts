import { asc, desc, type SQL } from 'drizzle-orm';
import { PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { EXPONENT } from '../modules/client/client.routes';
import type { Actor } from '../plugins/session';
import { inlineParams } from './copy';
import type { AnyList, ListCtx } from './define';
import type { CellOp, ExportPlan, FieldKind } from './exportText';
import type { ResolvedSort } from './query';

/**
 * When a list's export can take the fast path: one `COPY (every matching row, in the sort's order) TO STDOUT`
 * whose text exportText.ts turns into cells. It can when the list has no row hook (`map`), every export column is
 * a field as is or declares what its value computes (`text`, values.ts), and every field read is a column whose
 * driver mapping exportText.ts reproduces. Otherwise null, and the export reads keyset batches (the general path).
 */

/** drizzle column classes → how their text becomes the value shapeRow gives. */
const KIND_BY_COLUMN: Record<string, FieldKind | ((c: PgColumn) => FieldKind)> = {
  PgText: 'text', PgVarchar: 'text', PgChar: 'text', PgUUID: 'text', PgDateString: 'text', PgNumeric: 'text', PgEnumColumn: 'text',
  PgInteger: 'num', PgSmallInt: 'num', PgSerial: 'num', PgSmallSerial: 'num', PgBigInt53: 'num', PgBigSerial53: 'num',
  PgReal: 'num', PgDoublePrecision: 'num', PgNumericNumber: 'num',
  PgBoolean: 'bool',
  PgTimestamp: (c) => ((c as unknown as { withTimezone: boolean }).withTimezone ? 'ts' : 'tsLocal'),
  PgDate: 'dateObj',
};

function kindOf(f: unknown): FieldKind | null {
  if (!(f instanceof PgColumn)) return null;
  const k = KIND_BY_COLUMN[f.columnType];
  return k === undefined ? null : typeof k === 'function' ? k(f) : k;
}

export interface FastExport {
  plan: ExportPlan;
  /** The COPY's query, parameters inlined. */
  query: string;
}

export function fastExport(list: AnyList, ctx: ListCtx, where: SQL | undefined, sort: ResolvedSort, actor: Pick<Actor, 'privacy'>): FastExport | null {
  const def = list.def;
  if (def.map) return null;
  const columns = def.columns as Record<string, unknown>;
  const mask = (def.mask ?? {}) as Record<string, 'phone' | 'id' | undefined>;
  const keys: string[] = [];
  const fieldOf = (k: string) => {
    let i = keys.indexOf(k);
    if (i < 0) i = keys.push(k) - 1;
    return i;
  };
  const cells: CellOp[] = [];
  for (const c of def.exportColumns as Array<{ key: string; value?: unknown; text?: { money: string } | { label: [string, string] } }>) {
    if (!(c.key in columns)) return null;
    if (!c.value) cells.push({ op: 'field', f: fieldOf(c.key) });
    else if (c.text && 'money' in c.text && c.text.money in columns) cells.push({ op: 'money', f: fieldOf(c.key), currency: fieldOf(c.text.money) });
    else if (c.text && 'label' in c.text) cells.push({ op: 'label', f: fieldOf(c.key), yes: c.text.label[0], no: c.text.label[1] });
    else return null;
  }
  const fields: ExportPlan['fields'] = [];
  const select: Record<string, PgColumn> = {};
  for (const k of keys) {
    const kind = kindOf(columns[k]);
    if (!kind) return null;
    fields.push({ kind, ...(mask[k] ? { mask: mask[k] } : {}) });
    select[k] = columns[k] as PgColumn;
  }
  const order = sort.dir === 'asc' ? asc : desc;
  const from = def.from;
  let q = (typeof from === 'function' ? from(ctx.db, select) : (ctx.db.select(select).from(from).$dynamic() as unknown as PgSelect)).where(where);
  q = sort.byKey ? q.orderBy(order(list.key)) : q.orderBy(order(sort.col), order(list.key));
  const { sql: text, params } = q.toSQL();
  const query = inlineParams(text, params as unknown[]);
  if (query === null) return null;
  return { plan: { fields, cells, exponents: { ...EXPONENT }, privacy: Boolean(actor.privacy) }, query };
}
