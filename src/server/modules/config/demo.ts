import type { Db } from '../../db/client';
import { configHistory, configSetting, quickReply } from './config.table';

/** Quick replies of the demo: purpose, language, title, text. */
const REPLIES: Array<[string, string, string, string]> = [
  ['collection', 'vi', 'Nhắc hạn thanh toán', 'Chào anh/chị, khoản vay của anh/chị đã đến hạn. Vui lòng thanh toán trong hôm nay để tránh phí phạt.'],
  ['collection', 'en', 'Payment reminder', 'Hello, your loan is due today. Please pay today to avoid late fees.'],
  ['collection', 'zh', '还款提醒', '您好，您的借款今天到期，请今日内还款以免产生逾期费用。'],
  ['note', 'vi', 'Khách hứa trả', 'Khách hàng hứa sẽ thanh toán trước 18:00 hôm nay.'],
  ['note', 'en', 'Promise to pay', 'Customer promised to pay before 18:00 today.'],
  ['note', 'en', 'No answer', 'Called twice, no answer. Will try again tomorrow morning.'],
  ['sms', 'vi', 'Mã giới thiệu', 'Cảm ơn anh/chị đã sử dụng dịch vụ. Liên hệ tổng đài nếu cần hỗ trợ.'],
  ['review', 'zh', '资料不全', '客户身份证照片不清晰，已要求重新上传。'],
  ['withdrawal', 'en', 'Confirm bank card', 'Please confirm the bank card number ending in the last 4 digits before we pay out.'],
];

/**
 * Demo data, once (kept when replies exist): the quick replies above in three languages, and two settings changed from
 * their defaults with their history (the GPS range narrowed, the continuous-online limit shortened). The other settings
 * stay at their defaults. Call from seedOperatingSetup.
 */
export async function seedConfigDemo(db: Db): Promise<void> {
  const [any] = await db.select({ id: quickReply.id }).from(quickReply).limit(1);
  if (any) return;
  await db.transaction(async (tx) => {
    await tx.insert(quickReply).values(REPLIES.map(([purpose, language, title, content], i) => ({ purpose, language, title, content, sort: i })));
    await tx.insert(configSetting).values([
      { key: 'gps_range_meters', value: 300 },
      { key: 'continuous_online_limit_minutes', value: 240 },
    ]).onConflictDoNothing();
    await tx.insert(configHistory).values([
      { key: 'gps_range_meters', oldValue: '500', newValue: '300', changedAt: new Date(Date.now() - 3 * 86_400_000) },
      { key: 'continuous_online_limit_minutes', oldValue: '480', newValue: '240', changedAt: new Date(Date.now() - 86_400_000) },
    ]);
  });
}
