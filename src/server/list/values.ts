import { gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { majorUnits } from '../modules/client/client.routes';
import type { ExportColumn } from './define';

/** A min / max filter on an amount column (either bound optional). */
export function amountRange(col: PgColumn, min: number | undefined, max: number | undefined): SQL[] {
  return [...(min !== undefined ? [gte(col, min)] : []), ...(max !== undefined ? [lte(col, max)] : [])];
}

/** Export value of a minor-units field in major units of the row's currency (12.50, not 1250). */
export function moneyValue(key: string): (r: Record<string, unknown>) => number | null {
  return (r) => majorUnits(r[key] as number, r.currency as string);
}

/** An export column of a minor-units field, in major units of the row's `currency` field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fits any list: a key missing from the row exports empty cells, like any column
export function moneyColumn(key: string, title: string, currency = 'currency'): ExportColumn<any> {
  return { key, title, value: (r) => majorUnits((r as Record<string, unknown>)[key] as number, (r as Record<string, unknown>)[currency] as string), text: { money: currency } };
}

/** An export column labelling a flag: `yes` when the field is truthy, else `no`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function labelColumn(key: string, title: string, yes: string, no: string): ExportColumn<any> {
  return { key, title, value: (r) => ((r as Record<string, unknown>)[key] ? yes : no), text: { label: [yes, no] } };
}
