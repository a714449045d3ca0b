import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchant } from '../merchant/merchant.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import {
  bankCard, customer, customerApp, customerAuthRecord, customerCall, customerContact, customerDevice, customerDocument, customerLabel,
  customerLabelLink, customerLocation, customerSms,
} from './client.table';

/**
 * Test support for the customer-detail API (not used by the server): customers with every kind of detail row,
 * written straight into a test database next to the demo merchants.
 */

let seq = 0;

export interface FixtureCustomer {
  id: number;
  phone: string;
  idNumber: string;
  merchantId: number;
}

export async function merchantIds(db: Db): Promise<{ main: number; sub: number; other: number }> {
  const rows = await db.select().from(merchant);
  const main = rows.find((m) => m.code === 'M001')!.id;
  const sub = rows.find((m) => m.code === 'M001-01')!.id;
  let other = rows.find((m) => m.code === 'TDET-OTHER')?.id;
  if (!other) [{ id: other }] = await db.insert(merchant).values({ code: 'TDET-OTHER', name: 'Other Lender', currency: 'THB', market: 'th' }).returning();
  return { main, sub, other };
}

/** A customer of `merchantId` with emergency contacts, documents, a device, a card, two orders and `sms` SMS rows. */
export async function makeCustomer(db: Db, merchantId: number, opts: { sms?: number; phone?: string; idNumber?: string; deviceId?: string; video?: boolean } = {}): Promise<FixtureCustomer> {
  seq += 1;
  const n = String(seq).padStart(4, '0');
  const phone = opts.phone ?? `0912${String(100000 + seq * 7919).slice(-6)}`;
  const idNumber = opts.idNumber ?? `07909${String(1000000 + seq * 104729).slice(-7)}`;
  const [c] = await db.insert(customer).values({
    code: `TDET${n}`, merchantId, market: 'vn', name: `Nguyen Van ${n}`, phone, idNumber, taxId: `TAX${n}00001`,
    registrationSource: 'android', registrationMethod: 'sms_code', gender: '1', maritalStatus: '2', education: '3', birthDate: '1990-05-17',
    companyName: 'Saigon Logistics', companyPhone: '02838123456', occupation: 'Driver', incomeLevel: '2', companySize: '3',
    idFrontUrl: '/files/2000-01/00000000-0000-4000-8000-000000000001.png', idBackUrl: '/files/2000-01/00000000-0000-4000-8000-000000000002.png',
    selfieUrl: '/files/2000-01/00000000-0000-4000-8000-000000000003.png', livenessScore: 92.5, carrierAuthStatus: 'success',
    carrierAuthAt: new Date('2026-01-05T03:00:00Z'), machineReviewResult: 'approved', machineReviewStatus: 'done',
    machineReviewAt: new Date('2026-01-05T03:05:00Z'), blacklistLevel: 0,
    homeAddress: { region: 'HCM', city: 'Ho Chi Minh City', district: 'District 1', line: '12 Le Loi', postcode: '700000', full: '12 Le Loi, District 1, Ho Chi Minh City' },
  }).returning();
  await db.insert(customerContact).values([
    { customerId: c.id, kind: 'emergency', name: 'Tran Thi Mai', relation: '1', phone: '0987654321' },
    { customerId: c.id, kind: 'emergency', name: 'Le Van Binh', relation: '4', phone: '0976543210' },
    ...Array.from({ length: 60 }, (_, i) => ({ customerId: c.id, kind: 'phonebook', name: `Contact ${i}`, phone: `0901${String(i).padStart(6, '0')}` })),
  ]);
  await db.insert(customerDocument).values([
    { customerId: c.id, kind: 'face', url: '/files/2000-01/00000000-0000-4000-8000-000000000004.png' },
    ...(opts.video ? [{ customerId: c.id, kind: 'video', url: '/files/2000-01/00000000-0000-4000-8000-000000000005.mp4' }] : []),
  ]);
  await db.insert(customerAuthRecord).values([
    { customerId: c.id, kind: 'liveness', status: 'success', provider: 'sandbox', score: 92.5 },
    { customerId: c.id, kind: 'carrier', status: 'success', provider: 'sandbox', remark: 'Viettel' },
  ]);
  await db.insert(customerLocation).values({ customerId: c.id, lat: 10.77, lng: 106.7, address: 'District 1', source: 'gps' });
  await db.insert(customerDevice).values({ customerId: c.id, deviceId: opts.deviceId ?? `dev-${n}`, brand: 'Samsung', model: 'A54', os: 'android', osVersion: '14' });
  await db.insert(customerApp).values([{ customerId: c.id, appName: 'Zalo', packageName: 'com.zing.zalo' }]);
  await db.insert(customerCall).values({ customerId: c.id, phone: '0987654321', name: 'Tran Thi Mai', direction: 'out', durationSeconds: 65, calledAt: new Date('2026-01-04T10:00:00Z') });
  await db.insert(bankCard).values({ customerId: c.id, merchantId, bankName: 'Vietcombank', bankCode: 'VCB', cardNumber: '9704366612345678', cardholder: 'NGUYEN VAN', status: 'bound', isDefault: true });
  if (opts.sms) {
    // Several rows share a timestamp, so paging has ties that only the id breaks.
    const base = Date.parse('2026-01-01T00:00:00Z');
    await db.insert(customerSms).values(Array.from({ length: opts.sms }, (_, i) => ({
      customerId: c.id, phone: '8088', direction: i % 2 ? 'in' : 'out', content: `Message ${i}`, sentAt: new Date(base + Math.floor(i / 3) * 60_000),
    })));
  }
  const [o1] = await db.insert(loanOrder).values({
    orderNo: `TDO${n}1`, merchantId, customerId: c.id, productId: 1, productName: 'Quick 14', currency: 'VND', status: 'settled',
    loanAmountMinor: 2_000_000, contractAmountMinor: 2_300_000, paidAmountMinor: 2_300_000, settled: true, machineReviewResult: 'approved',
    machineReviewScore: 710, reviewStage: 'second', reviewResult: 'approved', loanDays: 14, dueDate: '2025-12-01', reductionTotalMinor: 50_000,
  }).returning();
  const [o2] = await db.insert(loanOrder).values({
    orderNo: `TDO${n}2`, merchantId, customerId: c.id, productId: 1, productName: 'Quick 14', currency: 'VND', status: 'overdue',
    loanAmountMinor: 3_000_000, contractAmountMinor: 3_400_000, dueAmountMinor: 3_500_000, remainingDebtMinor: 3_500_000, overdueDays: 4,
    machineReviewResult: 'approved', machineReviewScore: 688, loanDays: 14, dueDate: '2026-01-10', extensionCount: 1, extensionDays: 7,
    extensionFeeMinor: 150_000, extendedAt: new Date('2026-01-03T00:00:00Z'),
  }).returning();
  await db.insert(orderStatusHistory).values([
    { orderId: o1.id, merchantId, fromStatus: null, toStatus: 'pending_review' },
    { orderId: o1.id, merchantId, fromStatus: 'first_review', toStatus: 'second_review', reason: 'documents ok' },
    { orderId: o2.id, merchantId, fromStatus: 'second_review', toStatus: 'withdrawal', reason: 'approved' },
  ]);
  const [label] = await db.select().from(customerLabel).where(eq(customerLabel.labelName, 'TDET VIP'));
  const labelId = label?.id ?? (await db.insert(customerLabel).values({ labelName: 'TDET VIP', markColor: '#e03131' }).returning())[0].id;
  await db.insert(customerLabelLink).values({ customerId: c.id, labelId });
  return { id: c.id, phone, idNumber, merchantId };
}
