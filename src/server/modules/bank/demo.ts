import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bank } from '../client/client.table';
import { bankBin } from './bank.table';
import { mirrorBins } from './banks';

/**
 * Demo BINs, once (kept when any BIN exists): every prefix the generated banks carry becomes a debit BIN of its bank,
 * plus a credit BIN one above the first prefix of every third bank (so the card-type column and filter show both), and
 * banks get a sort order by name within their market.
 */
export async function seedBankDemo(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(bankBin);
  if (n > 0) return;
  const banks = await db.select().from(bank).orderBy(asc(bank.market), asc(bank.name));
  if (!banks.length) return;
  const rows: Array<typeof bankBin.$inferInsert> = [];
  let i = 0;
  for (const b of banks) {
    for (const p of b.bins.filter((x) => /^\d{6,8}$/.test(x))) rows.push({ bankId: b.id, market: b.market, prefix: p, cardType: 'debit' });
    const first = b.bins.find((x) => /^\d{6}$/.test(x));
    if (first && i++ % 3 === 0) rows.push({ bankId: b.id, market: b.market, prefix: `${first}9`, cardType: 'credit' });
  }
  await db.transaction(async (tx) => {
    for (let k = 0; k < rows.length; k += 500) await tx.insert(bankBin).values(rows.slice(k, k + 500)).onConflictDoNothing();
    let sort = 0;
    let market = '';
    for (const b of banks) {
      sort = b.market === market ? sort + 10 : 10;
      market = b.market;
      await tx.update(bank).set({ sort }).where(eq(bank.id, b.id));
    }
    await mirrorBins(tx, banks.map((b) => b.id));
  });
}
