import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BankMatch, CardType } from '../../../schemas/bank';
import type { DbOrTx } from '../../db/client';
import { bank } from '../client/client.table';
import { bankBin } from './bank.table';

/**
 * `bankOfCard(db, cardNumber, market?)` — the bank a card number belongs to: the longest enabled BIN (6–8 digits)
 * of an enabled bank that starts the number, in the market if one is given; null when none does. The candidate
 * prefixes are the number's first 6, 7 and 8 digits, so the lookup reads the (market, prefix) index three times at
 * most whatever the size of the BIN table. Other areas call this (docs/areas.md).
 */
export async function bankOfCard(db: DbOrTx, cardNumber: string, market?: string): Promise<BankMatch | null> {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{6,32}$/.test(digits)) return null;
  const prefixes = [8, 7, 6].filter((n) => digits.length >= n).map((n) => digits.slice(0, n));
  const [row] = await db.select({
    bank_id: bank.id, bank_code: bank.code, bank_name: bank.name, market: bankBin.market, prefix: bankBin.prefix, card_type: bankBin.cardType,
  }).from(bankBin).innerJoin(bank, eq(bank.id, bankBin.bankId))
    .where(and(inArray(bankBin.prefix, prefixes), eq(bankBin.enabled, true), eq(bank.enabled, true), market ? eq(bankBin.market, market) : undefined))
    .orderBy(desc(sql`length(${bankBin.prefix})`), bankBin.id).limit(1);
  return row ? { ...row, card_type: row.card_type as CardType } : null;
}
