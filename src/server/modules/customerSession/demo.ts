import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { merchantAppKey } from '../intake/intake.table';
import { customerLoginLog, customerOperateLog, customerSession } from './customerSession.table';
import { hashToken, newToken } from './session';

const MIN = 60_000;

/**
 * Demo borrower activity (docs/customerSession.md), once (kept when any sign-in row exists): for the newest customers
 * of the first merchant with an app key (the newest, so that tests working the oldest ones through the app see none), codes sent, sign-ins (some failed: wrong code, expired, GPS out of range),
 * what they did in the app, and live sessions (one of them ended by staff). The tokens are thrown away: only
 * their hashes exist, like real ones.
 */
export async function seedCustomerSessionDemo(db: Db, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: customerLoginLog.id }).from(customerLoginLog).limit(1);
  if (any) return;
  const [key] = await db.select().from(merchantAppKey).orderBy(asc(merchantAppKey.id)).limit(1);
  if (!key) return;
  const people = await db.select().from(customer).where(eq(customer.merchantId, key.merchantId)).orderBy(desc(customer.id)).limit(6);
  if (!people.length) return;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MIN);
  const devices = ['Samsung Galaxy A54 android 14', 'Xiaomi Redmi Note 13 android 14', 'Apple iPhone 13 ios 17.4', 'OPPO A78 android 13'];
  const login: (typeof customerLoginLog.$inferInsert)[] = [];
  const ops: (typeof customerOperateLog.$inferInsert)[] = [];
  people.forEach((c, i) => {
    const base = { merchantId: key.merchantId, customerId: c.id, phone: c.phone, deviceId: `dev-demo-${c.id}`, device: devices[i % devices.length], appVersion: '3.2.1', ip: `113.161.${20 + i}.${40 + i}` };
    const t0 = 600 - i * 90;
    login.push({ ...base, kind: 'code', success: true, createdAt: at(t0) });
    if (i % 3 === 1) login.push({ ...base, kind: 'sign_in', success: false, reason: 'code_wrong', createdAt: at(t0 - 1) });
    if (i === 4) login.push({ ...base, kind: 'sign_in', success: false, reason: 'gps_out_of_range', createdAt: at(t0 - 2) });
    login.push({ ...base, kind: 'sign_in', success: true, createdAt: at(t0 - 3) });
    const op = { merchantId: key.merchantId, customerId: c.id, phone: c.phone, deviceId: base.deviceId, ip: base.ip };
    ops.push({ ...op, kind: 'apply', success: i !== 2, reason: i === 2 ? 'intake.rule.dailyApplyPhone' : '', detail: { amount: 3_000_000 + i * 500_000, days: 14 }, createdAt: at(t0 - 10) });
    if (i % 2 === 0) ops.push({ ...op, kind: 'bind_card', success: true, detail: { bank_code: 'VCB', card_last4: String(4000 + i * 111).slice(-4) }, createdAt: at(t0 - 12) });
    if (i === 1) ops.push({ ...op, kind: 'repay', success: true, detail: { method: 'link', amount: 1_200_000 }, createdAt: at(t0 - 20) });
    if (i === 3) ops.push({ ...op, kind: 'sign_out', success: true, createdAt: at(t0 - 30) });
  });
  login.push({ merchantId: key.merchantId, customerId: null, phone: '0900000000', kind: 'code', success: false, reason: 'unknown_customer', ip: '27.72.101.9', createdAt: at(45) });
  await db.insert(customerLoginLog).values(login);
  await db.insert(customerOperateLog).values(ops);
  await db.insert(customerSession).values(people.map((c, i) => {
    const started = at(600 - i * 90 - 3);
    const ended = i === 3 ? { endedAt: at(600 - i * 90 - 30), endedReason: 'logout' } : i === 5 ? { endedAt: at(20), endedReason: 'forced' } : {};
    return {
      tokenHash: hashToken(newToken()), customerId: c.id, merchantId: key.merchantId, appKeyId: key.id, deviceId: `dev-demo-${c.id}`,
      device: devices[i % devices.length], appVersion: '3.2.1', ip: `113.161.${20 + i}.${40 + i}`, gpsLat: 10.7769 + i * 0.001, gpsLng: 106.7009 + i * 0.001,
      createdAt: started, lastSeenAt: at(Math.max(1, 5 * i)), onlineSince: at(Math.max(1, 5 * i) + 30), ...ended,
    };
  }));
}
