import crypto from 'node:crypto';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customer } from '../client/client.table';
import { sealSecret, secretHint } from '../intake/secrets';
import { merchant } from '../merchant/merchant.table';
import { pgTextArray } from './providers';
import { smsConfig, smsTask, smsTaskRecipient } from './sms.table';

/**
 * The SMS demo (from seedOperatingSetup): per merchant a sandbox configuration for reminders and one for marketing
 * (the reminder one close to its alarm threshold), a finished task and a paused one on the merchant's customers.
 * Idempotent: a merchant that has configurations is left as it is.
 */
export async function seedSmsDemo(db: DbOrTx): Promise<void> {
  const merchants = await db.select({ id: merchant.id, name: merchant.name }).from(merchant).orderBy(asc(merchant.id));
  for (const m of merchants) {
    const [has] = await db.select({ id: smsConfig.id }).from(smsConfig).where(eq(smsConfig.merchantId, m.id)).limit(1);
    if (has) continue;
    for (const [purpose, balance, alarm] of [['reminder', 1200, 1000], ['marketing', 50000, 2000]] as const) {
      const secret = `sbx_${crypto.randomBytes(24).toString('base64url')}`;
      await db.insert(smsConfig).values({
        merchantId: m.id, name: `Sandbox ${purpose}`, provider: 'sandbox', purpose, probability: 100, sortOrder: 0, balance, minBalance: 0,
        alarmThreshold: alarm, ratePerSecond: 50, params: { latency_ms: 200, failure_rate: 0.03 }, secretSealed: await sealSecret(db, secret),
        secretHint: secretHint(secret), numberPrefix: '', text: '',
      }).onConflictDoNothing();
    }
    const people = await db.select({ phone: customer.phone, name: customer.name }).from(customer).where(eq(customer.merchantId, m.id)).orderBy(asc(customer.id)).limit(60);
    if (people.length < 4) continue;
    const [done] = await db.select({ id: smsTask.id }).from(smsTask).where(and(eq(smsTask.merchantId, m.id), like(smsTask.name, 'Demo%'))).limit(1);
    if (done) continue;
    const half = Math.floor(people.length / 2);
    const sets = [
      { name: 'Demo: repayment day notice', type: 'notice', status: 'finished', people: people.slice(0, half), sent: half },
      { name: 'Demo: returning customer offer', type: 'marketing', status: 'paused', people: people.slice(half), sent: Math.floor((people.length - half) / 3) },
    ];
    for (const s of sets) {
      const failed = s.sent > 5 ? 1 : 0;
      const [task] = await db.insert(smsTask).values({
        merchantId: m.id, type: s.type, name: s.name, content: s.type === 'notice' ? 'Dear {name}, remember to repay on time in the app.' : 'Dear {name}, a new offer from {merchant} is waiting in the app.',
        source: 'customers', sourceDetail: 'all', dupCode: s.type === 'marketing' ? 'OFFER-DEMO' : '', status: s.status,
        numberCount: s.people.length, sentCount: s.sent, successCount: s.sent - failed, failedCount: failed,
        startedAt: sql`now() - interval '2 days'`, ...(s.status === 'finished' ? { finishedAt: sql`now() - interval '2 days'` } : { pausedAt: sql`now() - interval '1 day'` }),
      }).returning({ id: smsTask.id });
      const statuses = s.people.map((_, i) => (i < s.sent ? (i < failed ? 'failed' : 'delivered') : 'pending'));
      await db.execute(sql`insert into ${smsTaskRecipient} (task_id, phone, name, status)
        select ${task.id}, p, n, st from unnest(${pgTextArray(s.people.map((p) => p.phone))}::text[], ${pgTextArray(s.people.map((p) => p.name))}::text[], ${pgTextArray(statuses)}::text[]) as v(p, n, st)
        on conflict do nothing`);
    }
  }
}
