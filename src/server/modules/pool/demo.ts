import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { newSecret, sealSecret, secretHint } from '../intake/secrets';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { poolConversion, poolEntry, poolEvent, poolLead, poolRule, poolSource } from './pool.table';
import { refreshPool } from './refresh';
import { rulesOf } from './rules';
import { ingestLeads } from './sources';

/**
 * The pool area's demo day (call from seedOperatingSetup): rules for the main merchant, the lists filled by a
 * refresh (with a few settled customers taken as dormant when the generated history is too young for the rule),
 * the registration specialist ('registrar') and the marketing agent ('marketing') each holding customers with some
 * work done, two conversions, and a partner source with a few leads. Idempotent: a merchant that has the demo source
 * is left alone.
 */

const DEMO_SOURCE = 'DEMO-PARTNER';
const DAY = 86_400_000;

const DEMO_LEADS: Record<string, string[]> = {
  vn: ['0912000101', '0912000102', '0912000103', '0912000104', '0912000105', '0912000106'],
  cn: ['13812000101', '13812000102', '13812000103', '13812000104', '13812000105', '13812000106'],
};

export async function seedPoolDemo(db: Db): Promise<void> {
  const [m] = await db.select().from(merchant).where(eq(merchant.code, 'M001'));
  if (!m) return;
  const [done] = await db.select({ id: poolSource.id }).from(poolSource).where(and(eq(poolSource.merchantId, m.id), eq(poolSource.code, DEMO_SOURCE)));
  if (done) return;
  const accounts = await db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount)
    .where(inArray(adminAccount.account, ['registrar', 'marketing']));
  const registrar = accounts.find((a) => a.account === 'registrar')?.id ?? null;
  const marketing = accounts.find((a) => a.account === 'marketing')?.id ?? null;
  const now = new Date();
  const secret = newSecret();
  const sealed = await sealSecret(db, secret);

  await db.transaction(async (tx) => {
    const [p] = await tx.select({ id: product.id }).from(product).where(eq(product.merchantId, m.id)).orderBy(asc(product.id)).limit(1);
    await tx.insert(poolRule).values({
      merchantId: m.id, dormantDays: 30, goodMaxOverdueDays: 3, minSettledLoans: 1, overdueMinDays: 8, unclaimedHours: 24, claimDays: 7, agentCap: 50,
      poolDormant: true, poolReturned: true, offerProductId: p?.id ?? null, offerLimitMinor: 3_000_000_00, promoUrl: 'https://promo.example.com/vip',
    }).onConflictDoNothing();
    await refreshPool(tx, now, m.id);
    await youngDormant(tx, m.id, now);

    const [source] = await tx.insert(poolSource).values({
      merchantId: m.id, code: DEMO_SOURCE, name: 'Partner leads (demo)', routeTo: 'pool', onDuplicate: 'skip', enabled: true,
      apiKey: `src_demo_${m.id}_${now.getTime().toString(36)}`, secretSealed: sealed, secretHint: secretHint(secret),
    }).returning();
    const phones = DEMO_LEADS[m.market] ?? DEMO_LEADS.vn;
    await ingestLeads(tx, source, phones.map((phone, i) => ({ row: i + 2, phone, name: `Lead ${i + 1}`, remark: 'demo' })), 'file', now);

    const open = async (where: ReturnType<typeof and>, n: number) => tx.select().from(poolEntry).where(and(eq(poolEntry.merchantId, m.id), eq(poolEntry.status, 'open'), where))
      .orderBy(asc(poolEntry.id)).limit(n);
    const hold = async (ids: number[], accountId: number | null, hoursAgo: number) => {
      if (!accountId || !ids.length) return;
      const at = new Date(now.getTime() - hoursAgo * 3_600_000);
      await tx.update(poolEntry).set({ status: 'claimed', holderId: accountId, claimedAt: at, expiresAt: new Date(at.getTime() + 7 * DAY), version: sql`${poolEntry.version} + 1` })
        .where(inArray(poolEntry.id, ids));
      await tx.insert(poolEvent).values(ids.map((entryId) => ({ entryId, kind: 'claim', accountId, createdAt: at })));
    };
    // The registration specialist: two leads and a registration from the pool.
    const regPick = [...await open(eq(poolEntry.segment, 'lead'), 2), ...await open(eq(poolEntry.segment, 'registration'), 1)];
    await hold(regPick.map((e) => e.id), registrar, 3);
    // The marketing agent: dormant customers, one with an offer sent and agreed, one rejected.
    const mkPick = [...await open(eq(poolEntry.segment, 'dormant'), 3), ...await open(eq(poolEntry.segment, 'overdue'), 1)];
    await hold(mkPick.map((e) => e.id), marketing, 20);
    const rules = await rulesOf(tx, m.id);
    if (mkPick[0] && marketing) {
      await tx.update(poolEntry).set({
        outcome: 'agreed', outcomeAt: now, calls: 1, lastCallAt: now, offerProductId: rules.offer_product_id, offerLimitMinor: rules.offer_limit_minor,
        offerLink: `${rules.promo_url}?ref=hs${mkPick[0].id}a${marketing}`, offerSentAt: now, note: 'Interested, will re-apply this week',
      }).where(eq(poolEntry.id, mkPick[0].id));
      await tx.insert(poolEvent).values([
        { entryId: mkPick[0].id, kind: 'call', accountId: marketing, createdAt: now },
        { entryId: mkPick[0].id, kind: 'result', outcome: 'agreed', accountId: marketing, createdAt: now },
        { entryId: mkPick[0].id, kind: 'offer', accountId: marketing, note: 'SMS', createdAt: now },
      ]);
    }
    if (mkPick[1] && marketing) {
      await tx.update(poolEntry).set({ outcome: 'rejected', outcomeAt: now, calls: 2, lastCallAt: now, note: 'Has a loan elsewhere' }).where(eq(poolEntry.id, mkPick[1].id));
      await tx.insert(poolEvent).values({ entryId: mkPick[1].id, kind: 'result', outcome: 'rejected', accountId: marketing, createdAt: now });
    }
    // Conversions: a dormant customer of the marketing agent re-applied; a lead the specialist held registered.
    await convert(tx, await open(eq(poolEntry.segment, 'dormant'), 1), marketing, now);
    const lead = regPick.find((e) => e.segment === 'lead');
    if (lead && registrar) await leadRegistered(tx, lead, m, registrar, now);
  });
}

/** Customers whose last loan is settled, taken as dormant for the demo when the refresh found too few. */
async function youngDormant(tx: DbOrTx, merchantId: number, now: Date): Promise<void> {
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${poolEntry} where merchant_id = ${merchantId} and segment in ('dormant', 'overdue')`));
  if (n >= 6) return;
  await tx.execute(sql`
    insert into ${poolEntry} (merchant_id, customer_id, phone, name, segment, in_pool, status, entered_at, last_settled_at, settled_loans, max_overdue_days)
    select c.merchant_id, c.id, c.phone, c.name, case when s.max_overdue >= 8 then 'overdue' else 'dormant' end, true, 'open',
      ${now.toISOString()}::timestamptz, s.last_settled, s.settled, s.max_overdue
    from (select o.customer_id, count(*) filter (where o.status = 'settled')::int as settled, max(o.settled_at) as last_settled,
            max(o.overdue_days) as max_overdue, (array_agg(o.status order by o.id desc))[1] as last_status
          from ${loanOrder} o where o.merchant_id = ${merchantId} and o.customer_id in (
            select o2.customer_id from ${loanOrder} o2 where o2.merchant_id = ${merchantId} and o2.status = 'settled' order by o2.id limit 200)
          group by o.customer_id) s
    join ${customer} c on c.id = s.customer_id
    where s.last_status = 'settled' and not c.blacklisted
    order by s.max_overdue desc, c.id
    limit 12
    on conflict do nothing`);
}

/** The lead registered in the app an hour ago: a customer with its phone, the lead marked, the holder credited. */
async function leadRegistered(tx: DbOrTx, e: typeof poolEntry.$inferSelect, m: typeof merchant.$inferSelect, agentId: number, now: Date): Promise<void> {
  const at = new Date(now.getTime() - 3_600_000);
  const [c] = await tx.insert(customer).values({
    code: `HS${m.id}${e.id}`.slice(0, 24), merchantId: m.id, market: m.market, name: e.name || 'Lead', phone: e.phone,
    registrationSource: 'android', registrationMethod: 'sms_code', createdAt: at,
  }).onConflictDoNothing().returning({ id: customer.id });
  if (!c) return;
  await tx.update(poolLead).set({ status: 'registered', customerId: c.id }).where(eq(poolLead.id, e.leadId!));
  await tx.update(poolEntry).set({ customerId: c.id, version: sql`${poolEntry.version} + 1` }).where(eq(poolEntry.id, e.id));
  await tx.insert(poolConversion).values({
    entryId: e.id, merchantId: m.id, customerId: c.id, agentId, kind: 'registration', segment: 'lead', phone: e.phone, createdAt: at,
  }).onConflictDoNothing();
  await tx.insert(poolEvent).values({ entryId: e.id, kind: 'convert', accountId: agentId, note: 'registration', createdAt: at });
}

async function convert(tx: DbOrTx, entries: (typeof poolEntry.$inferSelect)[], agentId: number | null, now: Date): Promise<void> {
  const e = entries[0];
  if (!e || !agentId || e.customerId == null) return;
  const [o] = await tx.select({ id: loanOrder.id }).from(loanOrder).where(eq(loanOrder.customerId, e.customerId)).orderBy(asc(loanOrder.id)).limit(1);
  const at = new Date(now.getTime() - 2 * 3_600_000);
  await tx.update(poolEntry).set({
    status: 'closed', holderId: agentId, claimedAt: new Date(at.getTime() - DAY), closedAt: at, closeReason: 'converted',
    ...(e.segment === 'dormant' ? { outcome: 'reapplied', outcomeAt: at } : {}),
  }).where(eq(poolEntry.id, e.id));
  await tx.insert(poolConversion).values({
    entryId: e.id, merchantId: e.merchantId, customerId: e.customerId, orderId: o?.id ?? null, agentId, kind: 'application', segment: e.segment, phone: e.phone, createdAt: at,
  }).onConflictDoNothing();
  await tx.insert(poolEvent).values({ entryId: e.id, kind: 'convert', accountId: agentId, note: 'application', createdAt: at });
}
