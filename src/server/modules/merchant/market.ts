import { eq, sql, type SQL } from 'drizzle-orm';
import { MARKET_TIME_ZONE, marketTimeZone, type Market } from '../../../schemas/merchant';
import type { DbOrTx } from '../../db/client';
import { moneyUnit } from '../intake/pricing';
import { merchant } from './merchant.table';

/** The market facts of a merchant: its business time zone (due dates, overdue days) and money rounding unit. */
export async function merchantMarket(db: DbOrTx, merchantId: number): Promise<{ timeZone: string; unit: number; market: Market }> {
  const [m] = await db.select({ market: merchant.market }).from(merchant).where(eq(merchant.id, merchantId));
  const market = (m?.market ?? 'vn') as Market;
  return { timeZone: marketTimeZone(market), unit: moneyUnit(market), market };
}

/** The time zone of a market column, in SQL (MARKET_TIME_ZONE as a CASE; UTC for an unknown market). */
export function marketZoneSql(market: SQL): SQL {
  const whens = sql.join(Object.entries(MARKET_TIME_ZONE).map(([m, z]) => sql`when ${m} then ${z}`), sql` `);
  return sql`(case ${market} ${whens} else 'UTC' end)`;
}
