import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { template } from './template.table';

/**
 * Demo templates, once (kept when any exists): a global English landing page and SMS, and for the first merchant a
 * Vietnamese landing page (enabled, so /h5/t/<id> shows it), an English draft and a Vietnamese reminder SMS.
 */
export async function seedTemplateDemo(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(template);
  if (n > 0) return;
  const [m] = await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id)).limit(1);
  const landing = (title: string, head: string, line: string, cta: string) =>
    `<h1>${head}</h1>\n<p>${line}</p>\n<p><strong>{max_amount}</strong> · {max_days} ${title}</p>\n<p><a href="https://example.com/app?ch={channel}&pc={promo_code}">${cta}</a></p>`;
  await db.insert(template).values([
    { merchantId: null, kind: 'h5_landing', lang: 'en', title: 'Default landing page', enabled: true,
      body: landing('days', 'Cash when you need it', '{merchant}: {product}, approved in minutes.', 'Download the app') },
    { merchantId: null, kind: 'sms', lang: 'en', title: 'Default reminder', enabled: true,
      body: '{merchant}: Dear {name}, {amount} is due on {due_date}. Repay here: {link}' },
  ]);
  if (!m) return;
  await db.insert(template).values([
    { merchantId: m.id, kind: 'h5_landing', lang: 'vi', title: 'Trang khuyến mãi Tết', enabled: true,
      body: landing('ngày', 'Vay nhanh đón Tết', '{merchant}: {product}, duyệt trong vài phút.', 'Tải ứng dụng') },
    { merchantId: m.id, kind: 'h5_landing', lang: 'en', title: 'Spring offer (draft)', enabled: false,
      body: landing('days', 'Spring offer', '{merchant}: first loan interest-free.', 'Apply now') },
    { merchantId: m.id, kind: 'sms', lang: 'vi', title: 'Nhắc hạn thanh toán', enabled: true,
      body: '{merchant}: {name} ơi, khoản {amount} đến hạn ngày {due_date}. Thanh toán: {link}' },
  ]);
}
