import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { merchantAppKey } from './intake.table';
import { sealSecret, secretHint } from './secrets';

/**
 * Demo app credentials (docs/intake.md, `npm run simulate -- --help`): deterministic, so that the simulator and
 * people trying the API know them without opening the console. Never use them outside a demo: anyone who read the
 * docs can sign requests with them.
 */
export interface DemoApp {
  merchantCode: string;
  appKey: string;
  secret: string;
  platform: boolean;
}

export function demoApp(merchantCode: string, platform = false): DemoApp {
  const slug = merchantCode.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return {
    merchantCode, platform,
    appKey: `demo_${slug}${platform ? '_platform' : ''}`,
    secret: `sk_demo_${merchantCode}${platform ? '_platform' : ''}`,
  };
}

/**
 * One app key per demo merchant, plus a platform key for each main merchant with sub-merchants. Idempotent: keys
 * already there are kept as they are. For the integrator to call from the demo seed.
 */
export async function seedIntakeApps(db: Db): Promise<DemoApp[]> {
  const merchants = await db.select().from(merchant).orderBy(asc(merchant.id));
  const apps: Array<DemoApp & { merchantId: number }> = [];
  for (const m of merchants) {
    apps.push({ ...demoApp(m.code), merchantId: m.id });
    if (m.parentId === null && merchants.some((s) => s.parentId === m.id)) apps.push({ ...demoApp(m.code, true), merchantId: m.id });
  }
  for (const a of apps) {
    await db.insert(merchantAppKey).values({
      merchantId: a.merchantId, appKey: a.appKey, name: a.platform ? 'Demo platform app' : 'Demo app', platform: a.platform,
      secretSealed: await sealSecret(db, a.secret), secretHint: secretHint(a.secret),
    }).onConflictDoNothing();
  }
  return apps.map(({ merchantId: _m, ...a }) => a);
}
