import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { newCode, ownBase } from './links';
import { shortLink, shortLinkClick, shortLinkDomain, shortLinkProvider, shortLinkUse } from './shortLink.table';

/**
 * Demo short links, once (kept when the demo domain exists): an active domain, a blocked one, the sandbox provider,
 * the platform's purpose rows (SMS reminders and promotion on the demo domain), and for the first two merchants a few
 * links with clicks spread over the last days.
 */
export const DEMO_HOST = 'go.lendly-demo.com';
const DAY = 86_400_000;

export async function seedShortLinkDemo(db: Db, now: () => Date = () => new Date()): Promise<void> {
  const [exists] = await db.select({ id: shortLinkDomain.id }).from(shortLinkDomain).where(eq(shortLinkDomain.host, DEMO_HOST));
  if (exists) return;
  const [domain] = await db.insert(shortLinkDomain).values({ host: DEMO_HOST, state: 'active', remark: 'Demo domain' }).onConflictDoNothing().returning();
  if (!domain) return;
  await db.insert(shortLinkDomain).values({ host: 'old.lendly-demo.com', state: 'blocked', remark: 'Flagged by a carrier' }).onConflictDoNothing();
  const [provider] = await db.insert(shortLinkProvider).values({ name: 'Sandbox shortener', kind: 'sandbox', remark: 'Demo provider' }).onConflictDoNothing().returning();
  await db.insert(shortLinkUse).values([
    { merchantId: null, purpose: 'sms_reminder', channel: 'sms', domainId: domain.id },
    { merchantId: null, purpose: 'promotion', channel: 'web', domainId: domain.id, providerId: provider?.id ?? null },
  ]).onConflictDoNothing();
  const merchants = await db.select({ id: merchant.id, code: merchant.code }).from(merchant).orderBy(asc(merchant.id)).limit(2);
  const at = now().getTime();
  let k = 0;
  for (const m of merchants) {
    for (const [purpose, path] of [['sms_reminder', 'repay'], ['promotion', 'apply'], ['marketing', 'offer']] as const) {
      k++;
      const code = newCode();
      const onDomain = purpose !== 'marketing';
      const createdAt = new Date(at - (6 - (k % 5)) * DAY);
      const [l] = await db.insert(shortLink).values({
        merchantId: m.id, code, longUrl: `https://h5.lendly-demo.com/${path}?m=${m.code}`, purpose, channel: purpose === 'promotion' ? 'web' : 'sms',
        domainId: onDomain ? domain.id : null, shortUrl: `${onDomain ? `https://${DEMO_HOST}` : ownBase()}/s/${code}`, createdAt,
      }).returning();
      // Spread between the link's creation and now: a demo click is never in the future.
      const n = 3 + ((k * 7) % 9);
      const clicks = Array.from({ length: n }, (_, i) => ({
        linkId: l!.id, at: new Date(createdAt.getTime() + Math.floor(((i + 1) * (at - createdAt.getTime())) / (n + 1))), ipHash: `demo${(k * 31 + i) % 5}`.padEnd(32, '0'),
        userAgent: i % 2 ? 'Mozilla/5.0 (Linux; Android 13) Mobile' : 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile',
      }));
      await db.insert(shortLinkClick).values(clicks);
      await db.update(shortLink).set({ clicks: clicks.length, lastClickAt: clicks[clicks.length - 1]!.at }).where(eq(shortLink.id, l!.id));
    }
  }
}
