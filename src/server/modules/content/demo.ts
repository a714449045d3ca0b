import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { contentAppVersion, contentBanner, contentHelp, contentMessage } from './content.table';

/**
 * Demo content, once (kept when any banner exists), for the first merchant: 3 banners (one scheduled to start next
 * week), an Android and an iOS release line (the latest Android one forced), 6 help articles in English and
 * Vietnamese, and 2 messages to all borrowers. Banner images are placeholder upload paths: replace them through the
 * screen's upload to see pictures.
 */
export async function seedContentDemo(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(contentBanner);
  if (n > 0) return;
  const [m] = await db.select({ id: merchant.id }).from(merchant).orderBy(asc(merchant.id)).limit(1);
  if (!m) return;
  const day = 86_400_000;
  const img = (i: number) => `/files/2026-01/00000000-0000-4000-8000-00000000000${i}.png`;
  await db.insert(contentBanner).values([
    { merchantId: m.id, title: 'First loan at 0% interest', image: img(1), linkUrl: 'https://example.com/promo/first-loan', sort: 1 },
    { merchantId: m.id, title: 'Repay on time, raise your limit', image: img(2), linkUrl: 'https://example.com/help/limit', sort: 2 },
    { merchantId: m.id, title: 'Holiday offer', image: img(3), linkUrl: '', sort: 3, startsAt: new Date(now.getTime() + 7 * day), endsAt: new Date(now.getTime() + 21 * day) },
  ]);
  await db.insert(contentAppVersion).values([
    { merchantId: m.id, platform: 'android', versionCode: 100, versionName: '1.0.0', downloadUrl: 'https://example.com/app/lender-1.0.0.apk', notes: { en: 'First release.', vi: 'Phiên bản đầu tiên.' } },
    { merchantId: m.id, platform: 'android', versionCode: 110, versionName: '1.1.0', force: true, downloadUrl: 'https://example.com/app/lender-1.1.0.apk', notes: { en: 'Security fix: update required.', vi: 'Sửa lỗi bảo mật: cần cập nhật.' } },
    { merchantId: m.id, platform: 'ios', versionCode: 100, versionName: '1.0.0', downloadUrl: 'https://apps.apple.com/app/id0000000000', notes: { en: 'First release.', vi: 'Phiên bản đầu tiên.' } },
  ]);
  const help = (lang: string, category: string, title: string, body: string, sort: number) => ({ merchantId: m.id, lang, category, title, body, sort });
  await db.insert(contentHelp).values([
    help('en', 'account', 'How do I register?', 'Enter your phone number, confirm the code we send you, then fill in your ID details.', 1),
    help('en', 'loan', 'How long does a review take?', 'Most applications are reviewed within one working day.', 2),
    help('en', 'repayment', 'How can I repay?', 'Open your loan, tap Repay and choose a bank transfer, a QR code or your bound card.', 3),
    help('vi', 'account', 'Làm thế nào để đăng ký?', 'Nhập số điện thoại, xác nhận mã chúng tôi gửi, rồi điền thông tin CCCD.', 1),
    help('vi', 'loan', 'Xét duyệt mất bao lâu?', 'Hầu hết hồ sơ được xét duyệt trong một ngày làm việc.', 2),
    help('vi', 'repayment', 'Tôi trả nợ bằng cách nào?', 'Mở khoản vay, chọn Trả nợ và chọn chuyển khoản, mã QR hoặc thẻ đã liên kết.', 3),
  ]);
  await db.insert(contentMessage).values([
    { merchantId: m.id, title: 'Welcome', body: 'Thank you for choosing us. Your first loan is interest-free.', audience: 'all', publishAt: new Date(now.getTime() - 2 * day) },
    { merchantId: m.id, title: 'Maintenance tonight', body: 'Repayments by card are paused from 01:00 to 02:00.', audience: 'all', publishAt: new Date(now.getTime() - day) },
  ]);
}
