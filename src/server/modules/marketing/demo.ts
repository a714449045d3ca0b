import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { marketTimeZone, type Market } from '../../../schemas/merchant';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { normaliseFor } from './importJob';
import { marketingContact, marketingEntry, marketingGroup, marketingLanding, marketingLink, marketingSms } from './marketing.table';

/**
 * The marketing area's demo day (call from seedOperatingSetup, after the business data): for the marketing agent's
 * first merchant, two whitelist groups of a few hundred numbers, ~30 of them with the agent (some worked today: results,
 * notes, a link sent), a landing page and the agent's promotion link, and — when the business data has customers with
 * orders — two numbers that registered and applied, credited to the agent. Idempotent: a merchant that has groups is
 * left alone.
 */

/** A valid mobile number of the market from a counter (deterministic, no clash with the generated customers' numbers in practice). */
function demoPhone(market: Market, i: number): string {
  const n = String(i).padStart(6, '0');
  const raw: Record<Market, string> = {
    vn: `0987${n}`, cn: `1897${n}0`, tw: `0987${n}`, eg: `0109${n}1`, th: `0897${n}`, in: `9897${n}`, en: `2129${n}`,
  };
  return normaliseFor(market, raw[market]) ?? raw.vn;
}

const RESULTS = ['agreed', 'rejected', 'no_answer', 'agreed', 'wrong_number', 'no_answer', 'agreed', 'rejected'] as const;

export async function seedMarketingDemo(db: Db): Promise<void> {
  const [agent] = await db.select().from(adminAccount).where(eq(adminAccount.account, 'marketing')).limit(1);
  const merchantId = agent?.merchantIds[0];
  if (!agent || merchantId === undefined) return;
  const [has] = await db.select({ id: marketingGroup.id }).from(marketingGroup).where(eq(marketingGroup.merchantId, merchantId)).limit(1);
  if (has) return;
  const [m] = await db.select().from(merchant).where(eq(merchant.id, merchantId));
  if (!m) return;
  const market = (m.market ?? 'vn') as Market;
  const now = new Date();
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  // Today's calls lie within the merchant's business day, also when the demo is seeded just after its midnight (hours
  // back would put them on yesterday, and the agent's "worked today" would read 0).
  const [hh, mi, ss] = new Intl.DateTimeFormat('en-GB', { timeZone: marketTimeZone(market), hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(now).split(':').map(Number);
  const dayStart = now.getTime() - ((hh * 60 + mi) * 60 + ss) * 1000;
  const workedAt = (k: number, of: number) => new Date(Math.max(now.getTime() - (of - k) * 3_600_000, dayStart + ((now.getTime() - dayStart) * (k + 1)) / (of + 1)));
  const [prod] = await db.select({ id: product.id }).from(product).where(eq(product.merchantId, merchantId)).orderBy(asc(product.id)).limit(1);

  const groups = await db.insert(marketingGroup).values([
    { merchantId, name: 'Dormant win-back', productId: prod?.id ?? null, limitMinor: 3_000_000, expiresAt: new Date(now.getTime() + 30 * 86_400_000), createdBy: agent.id, createdAt: hoursAgo(72), updatedAt: hoursAgo(72) },
    { merchantId, name: 'Partner referrals', productId: null, limitMinor: 0, createdBy: agent.id, createdAt: hoursAgo(48), updatedAt: hoursAgo(48) },
  ]).returning();

  const rows: Array<typeof marketingEntry.$inferInsert> = [];
  let i = 0;
  for (const [g, size] of [[groups[0], 180], [groups[1], 120]] as const) {
    for (let k = 0; k < size; k++, i++) {
      rows.push({ merchantId, groupId: g.id, phone: demoPhone(market, i + 1), createdAt: g.createdAt, updatedAt: g.createdAt });
    }
  }
  const entries = await db.insert(marketingEntry).values(rows).onConflictDoNothing().returning();
  const mine = entries.filter((e) => e.groupId === groups[0].id).slice(0, 30);
  await db.update(marketingEntry).set({ agentId: agent.id, dispatchedAt: hoursAgo(24) })
    .where(sql`${marketingEntry.id} in (${sql.join(mine.map((e) => sql`${e.id}`), sql`, `)})`);

  // The promotion the agent sends: a landing page on the merchant's first channel and the agent's own link.
  const [ch] = await db.select().from(channel).where(eq(channel.merchantId, merchantId)).orderBy(asc(channel.id)).limit(1);
  let linkId: number | null = null;
  if (ch) {
    const [landing] = await db.insert(marketingLanding).values({ merchantId, channelId: ch.id, template: 'cashback', title: 'Exclusive offer', url: 'https://h5.example.com/offer', createdAt: hoursAgo(72), updatedAt: hoursAgo(72) }).returning();
    const [link] = await db.insert(marketingLink).values({
      merchantId, channelId: ch.id, landingId: landing.id, agentId: agent.id, code: `demo${merchantId}mk`.slice(0, 16),
      targetUrl: `https://h5.example.com/offer?ch=${encodeURIComponent(ch.code)}&pc=demo${merchantId}mk`, clicks: 14, createdAt: hoursAgo(72), updatedAt: hoursAgo(72),
    }).onConflictDoNothing().returning();
    linkId = link?.id ?? null;
  }

  // Today's work: the first eight numbers called (one note, links sent to those who agreed).
  const contacts: Array<typeof marketingContact.$inferInsert> = [];
  for (let k = 0; k < RESULTS.length && k < mine.length; k++) {
    const e = mine[k];
    const at = workedAt(k, RESULTS.length);
    const result = RESULTS[k];
    const sent = result === 'agreed' && linkId !== null;
    const note = k === 2 ? 'Call back after 18:00' : '';
    await db.update(marketingEntry).set({ result, resultAt: at, note, contacts: 1, smsCount: sent ? 1 : 0, lastSmsAt: sent ? at : null, linkId: sent ? linkId : null, updatedAt: at })
      .where(eq(marketingEntry.id, e.id));
    contacts.push({ merchantId, entryId: e.id, accountId: agent.id, kind: 'result', result, createdAt: at });
    if (note) contacts.push({ merchantId, entryId: e.id, accountId: agent.id, kind: 'note', note, createdAt: at });
    if (sent) {
      contacts.push({ merchantId, entryId: e.id, accountId: agent.id, kind: 'sms', note: `demo${merchantId}mk`, createdAt: at });
      await db.insert(marketingSms).values({ merchantId, entryId: e.id, phone: e.phone, linkId, content: `${m.name}: https://h5.example.com/p/demo${merchantId}mk`, accountId: agent.id, createdAt: at });
    }
  }
  if (contacts.length) await db.insert(marketingContact).values(contacts);

  // Conversions: two customers of the merchant who applied, as numbers the agent worked and that then registered.
  const converted = await db.select({ id: customer.id, phone: customer.phone, createdAt: customer.createdAt }).from(customer)
    .where(and(eq(customer.merchantId, merchantId), isNotNull(customer.phone), sql`exists (select 1 from ${loanOrder} o where o.customer_id = ${customer.id})`))
    .orderBy(asc(customer.id)).limit(2);
  for (const c of converted) {
    const before = new Date(c.createdAt.getTime() - 2 * 86_400_000);
    const [e] = await db.insert(marketingEntry).values({
      merchantId, groupId: groups[0].id, phone: c.phone, agentId: agent.id, dispatchedAt: before, result: 'agreed', resultAt: before, contacts: 1,
      smsCount: linkId ? 1 : 0, lastSmsAt: linkId ? before : null, linkId, customerId: c.id, registeredAt: c.createdAt, creditedAgentId: agent.id,
      createdAt: before, updatedAt: c.createdAt,
    }).onConflictDoNothing().returning();
    if (!e) continue;
    await db.insert(marketingContact).values({ merchantId, entryId: e.id, accountId: agent.id, kind: 'result', result: 'agreed', createdAt: before });
    await db.update(customer).set({ whitelisted: true }).where(eq(customer.id, c.id));
  }
}
