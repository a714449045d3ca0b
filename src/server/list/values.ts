import { gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { majorUnits } from '../modules/client/client.routes';

/** A min / max filter on an amount column (either bound optional). */
export function amountRange(col: PgColumn, min: number | undefined, max: number | undefined): SQL[] {
  return [...(min !== undefined ? [gte(col, min)] : []), ...(max !== undefined ? [lte(col, max)] : [])];
}

/** Export value of a minor-units field in major units of the row's currency (12.50, not 1250). */
export function moneyValue(key: string): (r: Record<string, unknown>) => number | null {
  return (r) => majorUnits(r[key] as number, r.currency as string);
}
