import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { merchantAppKey } from '../intake/intake.table';
import { appRunLog, clientError } from './log.table';

const MIN = 60_000;

/**
 * Demo console errors and app runtime logs (docs/client-log.md), once: kept when either table has rows. Runs after
 * the intake app keys (seedOperatingSetup order), so that the app log belongs to a real key and merchant.
 */
export async function seedClientLogDemo(db: Db, now = new Date()): Promise<void> {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MIN);

  const [anyError] = await db.select({ id: clientError.id }).from(clientError).limit(1);
  if (!anyError) {
    const accounts = await db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount).orderBy(asc(adminAccount.id)).limit(3);
    const who = (i: number) => accounts[i % Math.max(accounts.length, 1)]?.id ?? null;
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    await db.insert(clientError).values([
      { accountId: who(0), kind: 'error', message: "TypeError: Cannot read properties of undefined (reading 'phone')", url: '/client/clientUser',
        detail: { stack: "TypeError: Cannot read properties of undefined (reading 'phone')\n    at CustomerRow (CustomerScreen.tsx:88:21)\n    at renderWithHooks" }, userAgent: ua, createdAt: at(180) },
      { accountId: who(1), kind: 'api', message: 'GET /loanapi/order/all_list 502: Bad Gateway', url: '/review/allOrder?page=2', method: 'GET',
        path: '/loanapi/order/all_list', status: 502, requestId: '3f6a2c1e-7d4b-4e0a-9c55-1b2d3e4f5a60', userAgent: ua, createdAt: at(95) },
      { accountId: who(2), kind: 'rejection', message: 'AbortError: The user aborted a request.', url: '/collection/myCollectionList',
        detail: { stack: 'AbortError: The user aborted a request.\n    at loadPage (usePagedList.ts:61:9)' }, userAgent: ua, createdAt: at(30) },
      { accountId: who(0), kind: 'api', message: 'POST /loanapi/collection/run_day 0: network error', url: '/collection/pool', method: 'POST',
        path: '/loanapi/collection/run_day', status: 0, userAgent: ua, createdAt: at(8) },
    ]);
  }

  const [anyLine] = await db.select({ id: appRunLog.id }).from(appRunLog).limit(1);
  if (anyLine) return;
  const [key] = await db.select().from(merchantAppKey).orderBy(asc(merchantAppKey.id)).limit(1);
  if (!key) return;
  const [c] = await db.select({ id: customer.id }).from(customer).where(eq(customer.merchantId, key.merchantId)).orderBy(asc(customer.id)).limit(1);
  const base = { appKeyId: key.id, merchantId: key.merchantId, device: 'Samsung SM-A525F / Android 13', appVersion: '2.4.0' };
  const lines: Array<[number, 'debug' | 'info' | 'warn' | 'error', string, string, boolean]> = [
    [240, 'info', 'boot', 'App started (cold start 1.8 s)', false],
    [239, 'debug', 'config', 'Loaded remote config v17', false],
    [120, 'info', 'auth', 'Signed in with SMS code', true],
    [118, 'warn', 'camera', 'ID photo too dark, asked to retake', true],
    [117, 'error', 'net', 'POST /loanapi/app/apply timed out after 30 s', true],
    [116, 'info', 'net', 'Retry of /loanapi/app/apply succeeded', true],
    [20, 'warn', 'location', 'GPS permission denied', false],
  ];
  await db.insert(appRunLog).values(lines.map(([ago, level, tag, message, signedIn]) => ({
    ...base, customerId: signedIn && c ? c.id : null, level, tag, message, loggedAt: at(ago), createdAt: at(ago),
  })));
}
