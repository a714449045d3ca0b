import crypto from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { sealSecret, secretHint } from '../intake/secrets';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { channelAuditRule, channelBinding, channelProvider, virtualChannel } from './channelAdmin.table';
import { sealPlainChannelSecrets } from './channels';
import { deliverDue, emitConversion } from './conversions';

/**
 * The channel area's demo (call from seedOperatingSetup, after the business data): the generated channels' secrets
 * sealed (the loader writes them in clear), on the first merchant (M001) an alias of its Facebook channel, a review
 * rule on its affiliate channel, a sandbox tracking provider with the last registrations delivered, and the marketing
 * agent bound to its Facebook and TikTok channels. Keeps what is there: safe after every (re)seed.
 */
export async function seedChannelDemo(db: Db): Promise<void> {
  await sealPlainChannelSecrets(db);
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  if (!m) return;
  const chans = await db.select().from(channel).where(eq(channel.merchantId, m.id)).orderBy(asc(channel.id));
  const bySuffix = (s: string) => chans.find((c) => c.code.toUpperCase().endsWith(`-${s}`));
  const fb = bySuffix('FB');
  const tt = bySuffix('TT');
  const aff = bySuffix('AFF');
  if (!fb || !tt) return;
  const now = new Date();

  const aliasCode = `${fb.code}-SPRING`;
  const [alias] = await db.select({ id: virtualChannel.id }).from(virtualChannel).where(eq(virtualChannel.code, aliasCode));
  if (!alias) {
    await db.insert(virtualChannel).values({ merchantId: m.id, code: aliasCode, name: `${fb.name} – spring campaign`, targetChannelId: fb.id, note: 'Campaign link of the spring promotion' });
  }

  if (aff) {
    await db.insert(channelAuditRule).values({
      // Limits only: the demo's review queues (and the keyboard tests driving them) keep the merchant's own flow.
      merchantId: m.id, channelId: aff.id, skipStages: [], addStages: [], forceManual: true, maxAmountMinor: 5_000_000_00, dailyCap: 200,
      note: 'New affiliate traffic: loans up to 5,000,000, 200 applications a day, never without a manual review',
    }).onConflictDoNothing();
  }

  const [prov] = await db.select({ id: channelProvider.id }).from(channelProvider).where(and(eq(channelProvider.merchantId, m.id), eq(channelProvider.name, 'Sandbox tracker')));
  if (!prov) {
    const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
    await db.insert(channelProvider).values({
      merchantId: m.id, name: 'Sandbox tracker', kind: 'sandbox', secretSealed: await sealSecret(db, secret), secretHint: secretHint(secret),
      events: ['registration', 'application', 'payout'], channelIds: [fb.id, tt.id], failureRate: 10,
    });
    const recent = await db.select({ id: customer.id, channelId: customer.channelId, at: customer.createdAt }).from(customer)
      .where(and(eq(customer.merchantId, m.id), isNotNull(customer.channelId))).orderBy(desc(customer.createdAt), desc(customer.id)).limit(40);
    const picked = recent.filter((c) => c.channelId === fb.id || c.channelId === tt.id).slice(0, 6);
    await db.transaction(async (tx) => {
      for (const c of picked) await emitConversion(tx, { merchantId: m.id, channelId: c.channelId, kind: 'registration', customerId: c.id, at: c.at });
    });
    await deliverDue({ db, now: () => now });
  }

  const [agent] = await db.select({ id: adminAccount.id, merchantIds: adminAccount.merchantIds }).from(adminAccount).where(eq(adminAccount.account, 'marketing'));
  if (agent && agent.merchantIds.includes(m.id)) {
    await db.insert(channelBinding).values([fb, tt].map((c) => ({ accountId: agent.id, channelId: c.id, merchantId: m.id }))).onConflictDoNothing();
  }
}
