import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAccount } from '../empower/empower.table';
import { balances, post } from '../ledger/ledger';
import { merchant } from '../merchant/merchant.table';
import { balanceChangeTask, merchantBalanceAlert } from './merchantMoney.table';

const DAY = 86_400_000;

/**
 * Demo money of the MerchantBalance group, once (kept when any balance-change task exists): on the demo merchant
 * (M001) three top-ups and one withdrawal from balance, requested by the main merchant operator (`merchant`) and
 * confirmed by the administrator (`admin`), each posted on the ledger; a top-up of the sub-merchant; a pending top-up
 * requested by `merchant` for someone else to confirm; a low-balance alert the sub-merchant is below and one the main
 * merchant is above. Call from seedOperatingSetup.
 */
export async function seedMerchantMoneyDemo(db: Db, now: Date = new Date()): Promise<void> {
  const [any] = await db.select({ id: balanceChangeTask.id }).from(balanceChangeTask).limit(1);
  if (any) return;
  const [main] = await db.select().from(merchant).where(eq(merchant.code, 'M001'));
  const [sub] = await db.select().from(merchant).where(eq(merchant.code, 'M001-01'));
  const people = await db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount)
    .where(inArray(adminAccount.account, ['admin', 'merchant'])).orderBy(asc(adminAccount.id));
  const requester = people.find((p) => p.account === 'merchant')?.id;
  const confirmer = people.find((p) => p.account === 'admin')?.id;
  if (!main || !sub || !requester || !confirmer) return;

  const posted = async (m: typeof main, type: 'increase' | 'decrease', amount: number, remark: string, daysAgo: number) => {
    const at = new Date(now.getTime() - daysAgo * DAY);
    await db.transaction(async (tx) => {
      const [task] = await tx.insert(balanceChangeTask).values({
        merchantId: m.id, changeType: type, amountMinor: amount, currency: m.currency, remark, status: 'pending',
        requestedBy: requester, requestedAt: new Date(at.getTime() - 3_600_000), createdAt: new Date(at.getTime() - 3_600_000),
      }).returning();
      const inc = type === 'increase';
      const postingId = await post(tx, {
        merchantId: m.id, kind: inc ? 'balance_increase' : 'balance_decrease', ref: `BC${task.id}`, accountId: confirmer, businessAt: at,
        memo: `balance change task ${task.id}: ${remark}`, nonNegative: inc ? undefined : ['available'],
        lines: [{ account: 'available', amount: inc ? amount : -amount }, { account: 'equity', amount: inc ? -amount : amount }],
      });
      await tx.update(balanceChangeTask).set({ status: 'posted', confirmedBy: confirmer, confirmedAt: at, postingId, decideRemark: 'Bank receipt checked' })
        .where(eq(balanceChangeTask.id, task.id));
    });
  };
  await posted(main, 'increase', 500_000_000, 'Initial capital transfer', 20);
  await posted(main, 'increase', 200_000_000, 'Monthly funding', 12);
  await posted(main, 'increase', 100_000_000, 'Extra funding for the holiday season', 5);
  await posted(main, 'decrease', 30_000_000, 'Profit withdrawal to the owner account', 3);
  await posted(sub, 'increase', 20_000_000, 'Branch float', 8);
  await db.insert(balanceChangeTask).values({
    merchantId: sub.id, changeType: 'increase', amountMinor: 80_000_000, currency: sub.currency, remark: 'Top-up for next week\'s payouts',
    status: 'pending', requestedBy: requester, requestedAt: new Date(now.getTime() - 2 * 3_600_000), createdAt: new Date(now.getTime() - 2 * 3_600_000),
  });
  // The sub-merchant is below its alert (whatever the generated data left it), the main merchant well above its own.
  const subAvail = (await balances(db, sub.id)).available;
  const mainAvail = (await balances(db, main.id)).available;
  await db.insert(merchantBalanceAlert).values([
    { merchantId: sub.id, thresholdMinor: Math.max(0, subAvail) + 50_000_000, updatedBy: confirmer },
    { merchantId: main.id, thresholdMinor: Math.max(100_000_000, Math.floor(mainAvail / 10)), updatedBy: confirmer },
  ]).onConflictDoNothing();
}
