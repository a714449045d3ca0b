import { asc, sql } from 'drizzle-orm';
import { BLACKLIST_REASON_DICT } from '../../../schemas/blacklist';
import { MARKETS, type Market } from '../../../schemas/merchant';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bankCard, customer, customerDevice } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { dictItem } from '../system/system.table';
import { MARKET_DATA } from '../../seed/markets';
import { Rng } from '../../seed/rng';
import { blacklistEntry, riskBlacklistEntry, riskBlacklistSync } from './blacklist.table';
import { normaliseIdentifier } from './identity';
import { customersOfEntries, refreshFlags } from './match';
import { riskProvider, storeListings, type Received } from './risk';

/** The reasons dictionary: value → label in zh, zhTW, vi, en, ArEg, ThA, India (en is also the base label). */
const REASONS: Array<[string, [string, string, string, string, string, string, string]]> = [
  ['1', ['恶意逾期', '惡意逾期', 'Cố ý quá hạn', 'Wilful default', 'تعثر متعمد', 'จงใจค้างชำระ', 'Wilful default']],
  ['2', ['身份欺诈', '身分詐欺', 'Gian lận danh tính', 'Identity fraud', 'احتيال في الهوية', 'ฉ้อโกงตัวตน', 'Identity fraud']],
  ['3', ['资料造假', '資料造假', 'Giấy tờ giả mạo', 'Forged documents', 'مستندات مزورة', 'เอกสารปลอม', 'Forged documents']],
  ['4', ['辱骂催收员', '辱罵催收員', 'Lăng mạ nhân viên thu hồi nợ', 'Abused collectors', 'إساءة لموظفي التحصيل', 'ด่าทอพนักงานติดตามหนี้', 'Abused collectors']],
  ['5', ['多头借贷', '多頭借貸', 'Vay nhiều nơi', 'Multi-lender borrowing', 'اقتراض من جهات متعددة', 'กู้หลายแหล่ง', 'Multi-lender borrowing']],
  ['6', ['本人申请拉黑', '本人申請列黑', 'Khách hàng tự yêu cầu', 'Self-exclusion request', 'طلب استبعاد ذاتي', 'ขอระงับตนเอง', 'Self-exclusion request']],
];
const LANG_ORDER = ['zh', 'zhTW', 'vi', 'en', 'ArEg', 'ThA', 'India'] as const;

/** The `blacklist_reason` dictionary (kept if it is there: staff may have edited it). */
export async function seedBlacklistReasons(db: Db): Promise<void> {
  await db.insert(dictItem).values(REASONS.map(([value, labels], i) => ({
    dictName: BLACKLIST_REASON_DICT, value, label: labels[3], name: 'Blacklist reason', sort: i + 1,
    labels: Object.fromEntries(LANG_ORDER.map((code, k) => [code, labels[k]])),
  }))).onConflictDoNothing();
}

const DAY = 86_400_000;
type NewEntry = typeof blacklistEntry.$inferInsert;
interface Person { id: number; merchantId: number; phone: string; idNumber: string; level: number }

/**
 * Demo blacklists, once (kept when entries exist): the reasons dictionary; for every merchant, an entry for each
 * customer the generator marked blacklisted (so the flags and the entries agree), a few entries naming other customers
 * (by phone, device, bank card), a few dozen naming nobody yet, and expired ones; the risk provider's feed (sandbox)
 * and a few risk-control entries received for customers. The flags of every customer concerned are then refreshed.
 * A handful of queries for all merchants together, so it stays fast on a large demo. Call from seedOperatingSetup.
 */
export async function seedBlacklistDemo(db: Db, now: Date = new Date()): Promise<void> {
  await seedBlacklistReasons(db);
  const [any] = await db.select({ id: blacklistEntry.id }).from(blacklistEntry).limit(1);
  if (any) return;
  const merchants = await db.select({ id: merchant.id, market: merchant.market }).from(merchant).orderBy(asc(merchant.id));
  if (!merchants.length) return;

  const flaggedAll = rowsOf<{ id: string | number; merchant_id: number; phone: string; id_number: string; level: number }>(await db.execute(sql`
    select id, merchant_id, phone, id_number, blacklist_level as level from (
      select c.*, row_number() over (partition by merchant_id order by id) as n from ${customer} c where c.blacklisted) x where n <= 500`));
  const othersAll = rowsOf<{ id: string | number; merchant_id: number; phone: string; device_id: string | null; card_number: string | null }>(await db.execute(sql`
    select x.id, x.merchant_id, x.phone,
      (select d.device_id from ${customerDevice} d where d.customer_id = x.id and d.device_id <> '' order by d.id limit 1) as device_id,
      (select b.card_number from ${bankCard} b where b.customer_id = x.id order by b.id limit 1) as card_number
    from (select c.id, c.merchant_id, c.phone, row_number() over (partition by merchant_id order by id) as n from ${customer} c where not c.blacklisted) x
    where n <= 40`));
  const person = (r: { id: string | number; merchant_id: number; phone: string; id_number?: string; level?: number }): Person =>
    ({ id: Number(r.id), merchantId: r.merchant_id, phone: r.phone, idNumber: r.id_number ?? '', level: r.level ?? 0 });

  const p = riskProvider();
  const entries: NewEntry[] = [];
  const received: Received[] = [];
  const touched: number[] = [];
  for (const row of merchants) {
    const market = ((MARKETS as readonly string[]).includes(row.market) ? row.market : 'vn') as Market;
    const rng = new Rng('blacklist-demo', 'merchant', row.id);
    const keys = new Set<string>();
    const push = (e: Omit<NewEntry, 'merchantId' | 'createdAt'> & { createdAt?: Date }) => {
      const k = `${e.type}:${e.normValue}`;
      if (keys.has(k) && !e.expiredAt) return;
      if (!e.expiredAt) keys.add(k);
      entries.push({ merchantId: row.id, createdAt: e.createdAt ?? new Date(now.getTime() - rng.int(1, 200) * DAY), ...e });
    };

    for (const c of flaggedAll.filter((r) => r.merchant_id === row.id).map(person)) {
      const byId = !!c.idNumber && rng.chance(0.7);
      const level = Math.min(3, Math.max(1, c.level || 2));
      push({
        type: byId ? 'id_number' : 'phone', normValue: byId ? c.idNumber : c.phone, level, reason: level === 3 ? '1' : rng.pick(['1', '2', '3', '5']),
        source: level === 3 ? 'collection' : 'rule', remark: level === 3 ? 'Bad debt written off' : '',
      });
      touched.push(c.id);
    }

    // Customers not flagged yet, named by their phone, a device or a card.
    const others = othersAll.filter((r) => r.merchant_id === row.id);
    for (const [i, c] of rng.sample(others, Math.min(6, others.length)).entries()) {
      touched.push(Number(c.id));
      if (i % 3 === 1 && c.device_id) push({ type: 'device', normValue: c.device_id, level: 1, reason: '2', source: 'staff', remark: 'Device shared by several applicants' });
      else if (i % 3 === 2 && c.card_number) push({ type: 'bank_card', normValue: c.card_number, level: 2, reason: '3', source: 'staff', remark: 'Card reported stolen' });
      // Some lapse within weeks: the expiry job clears them.
      else push({ type: 'phone', normValue: c.phone, level: rng.int(1, 2), reason: rng.pick(['4', '5', '6']), source: 'staff', expiresAt: new Date(now.getTime() + rng.int(3, 60) * DAY) });
    }

    // People listed before they ever applied (from other lenders' reports, self-exclusion requests).
    const md = MARKET_DATA[market];
    for (let i = 0; i < 16; i++) {
      const type = rng.weighted([['phone', 5], ['id_number', 3], ['device', 1], ['bank_card', 1]] as const);
      const raw = type === 'phone' ? md.phone(rng)
        : type === 'id_number' ? md.idNumber(rng, new Date(Date.UTC(rng.int(1970, 2002), rng.int(0, 11), rng.int(1, 28))), rng.chance(0.5) ? 'M' : 'F', rng.pick(md.regions))
          : type === 'device' ? rng.chars(16, '0123456789abcdef') : rng.pick(md.banks).bins[0] + rng.digits(10);
      const norm = normaliseIdentifier(type, market, raw);
      if (!norm.ok) continue;
      push({ type, normValue: norm.value, level: rng.int(1, 3), reason: rng.pick(['1', '2', '3', '5', '6']), source: rng.pick(['staff', 'rule', 'collection'] as const) });
    }

    // Expired entries: lifted by hand, or lapsed by time.
    for (const [i, c] of rng.sample(others, Math.min(4, others.length)).entries()) {
      const created = new Date(now.getTime() - rng.int(90, 300) * DAY);
      const ended = new Date(created.getTime() + rng.int(10, 60) * DAY);
      push({
        type: 'phone', normValue: c.phone, level: 1, reason: '6', source: 'staff', createdAt: created,
        expiresAt: i % 2 ? ended : null, expiredAt: ended, remark: i % 2 ? '' : 'Lifted after the debt was settled',
      });
      touched.push(Number(c.id));
    }

    // The start of the provider's feed (the sync job fetches the rest), and risk-control entries received for two customers (re-checks).
    const feed = await p.feed({ id: row.id, market }, '', 30, now);
    for (const listing of feed.listings) received.push({ merchant: { id: row.id, market }, listing });
    for (const c of rng.sample(others, Math.min(2, others.length))) {
      received.push({
        merchant: { id: row.id, market }, customerId: Number(c.id), listing: {
          ref: `SBC-DEMO-${c.id}`, type: 'phone', value: c.phone, level: 2, source: 'fraud_consortium',
          reason: 'Reported for identity fraud by a consortium member', listedAt: new Date(now.getTime() - rng.int(5, 90) * DAY),
        },
      });
      touched.push(Number(c.id));
    }
    await db.insert(riskBlacklistSync).values({ merchantId: row.id, provider: p.name, cursor: feed.cursor, syncedAt: now, received: feed.listings.length })
      .onConflictDoNothing();
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < entries.length; i += 1000) await tx.insert(blacklistEntry).values(entries.slice(i, i + 1000)).onConflictDoNothing();
    const riskIds = await storeListings(tx, p, received, now);
    touched.push(...await customersOfEntries(tx, riskBlacklistEntry, riskIds));
    await refreshFlags(tx, touched, now);
  });
}
