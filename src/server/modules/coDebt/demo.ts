import { count, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { coDebtRule } from './coDebt.table';

/**
 * Demo co-debt rules, once (kept when any rule exists): every main merchant counts its sister merchants by ID number
 * and phone — the first refuses an applicant with more than 2 open loans or 30 days overdue there, the others send such
 * an application to manual review — and the collection flag is on.
 */
export async function seedCoDebtDemo(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(coDebtRule);
  if (n > 0) return;
  const mains = await db.select({ id: merchant.id }).from(merchant).where(isNull(merchant.parentId)).orderBy(merchant.id);
  if (!mains.length) return;
  await db.insert(coDebtRule).values(mains.map((m, i) => ({
    merchantId: m.id, scope: 'family', matchKeys: ['id_number', 'phone'], maxOpenLoans: 2, maxOverdueDays: 30, maxOutstandingMinor: null,
    intakeEffect: i === 0 ? 'reject' : 'review', collectionFlag: true, enabled: true, note: 'Demo rule',
  }))).onConflictDoNothing();
}
