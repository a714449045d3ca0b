import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { hashPassword } from '../auth/auth.routes';
import { bankCard, customer } from '../client/client.table';
import { adminAccount, role } from '../empower/empower.table';
import { product } from '../merchant/product.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { merchantPaymentConfig } from '../payment/payment.table';
import { createMerchant, createSandboxChannel } from '../payment/payment.fixtures';

/**
 * Test world of the withdrawal area: two merchants (A with money and a sandbox payout channel, B), a product of A
 * with limits, and accounts:
 * - wdA, wdA2: withdrawal agents of A (the whole withdrawalMoney group, the SMS log);
 * - wdB: withdrawal agent of B;
 * - wdview: the withdrawal pages of A without any action node;
 * - wdremind: MywaitSMS and its send action, A;
 * - wdlender: manual lending, A; wdprivate: agent of A with privacy protection.
 */
export interface WithdrawalWorld {
  a: number;
  b: number;
  productA: number;
  productB: number;
  accounts: Record<string, number>;
}

const PASSWORD = 'Demo@2026';
let seq = 0;
const uniq = () => `${process.pid.toString(36)}${(++seq).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

export async function createWithdrawalWorld(db: Db): Promise<WithdrawalWorld> {
  const a = await createMerchant(db, { available: 500_000_000 });
  const b = await createMerchant(db, { available: 500_000_000 });
  const ch = await createSandboxChannel(db);
  await db.insert(merchantPaymentConfig).values({ merchantId: a, payoutChannelId: ch.id });
  const [pa] = await db.insert(product).values({
    merchantId: a, name: 'Manual 30', minAmountMinor: 1_000_000, maxAmountMinor: 5_000_000, minDays: 7, maxDays: 30, rateBp: 10, managementFeeBp: 500,
  }).returning();
  const [pb] = await db.insert(product).values({ merchantId: b, name: 'Other 14', minAmountMinor: 1_000_000, maxAmountMinor: 5_000_000 }).returning();

  const pwd = await hashPassword(PASSWORD);
  const roleOf = async (name: string, nodeKeys: string[]) =>
    (await db.insert(role).values({ name, identifier: `wd_${name}_${uniq()}`.slice(0, 40), nodeKeys }).returning())[0].id;
  const agent = await roleOf('agent', ['withdrawalMoney', 'log_WithdrawalSMS']);
  const viewer = await roleOf('viewer', ['withdrawalMoney_waitFor', 'withdrawalMoney_MywaitForOrder', 'withdrawalMoney_MywaitSMS', 'withdrawalMoney_WaitForcustomerService']);
  const reminder = await roleOf('reminder', ['withdrawalMoney_MywaitSMS_sendSms']);
  const lender = await roleOf('lender', ['review_manualLending_add']);
  const accounts: Record<string, number> = {};
  let phone = 870000000 + Math.floor(Math.random() * 9_000_000);
  for (const [login, roleId, merchants, privacy] of [
    ['wdA', agent, [a], false], ['wdA2', agent, [a], false], ['wdB', agent, [b], false], ['wdview', viewer, [a], false],
    ['wdremind', reminder, [a], false], ['wdlender', lender, [a], false], ['wdprivate', agent, [a], true],
  ] as const) {
    const [row] = await db.insert(adminAccount).values({
      account: login, nickname: login, name: `Agent ${login}`, phone: `0${phone++}`, passwordHash: pwd, roleId, merchantIds: [...merchants],
      privacyProtection: privacy, googleSkipUntil: new Date(Date.now() + 7 * 86_400_000),
    }).returning();
    accounts[login] = row.id;
  }
  return { a, b, productA: pa.id, productB: pb.id, accounts };
}

export interface OrderSpec {
  merchantId: number;
  productId?: number;
  status?: string;
  /** When the order entered its status (history row). */
  enteredAt: Date;
  loan?: number;
  name?: string;
  market?: string;
  card?: boolean;
  successAt?: Date;
}

/** An order in `status` (default withdrawal) since `enteredAt`, with a customer and (by default) a bound card. */
export async function createQueueOrder(db: Db, o: OrderSpec): Promise<{ id: number; customerId: number; cardId: number | null; orderNo: string; phone: string }> {
  const u = uniq();
  // ID number from the counter: two fixture customers must never be one person (the live-loan rule matches by ID).
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [c] = await db.insert(customer).values({
    code: `WC${u}`.slice(0, 24), merchantId: o.merchantId, market: o.market ?? 'vn', name: o.name ?? 'Nguyen Van Khach', phone, idNumber: `0792${String(process.pid % 10_000).padStart(4, '0')}${String(seq).padStart(4, '0')}`,
  } as never).returning({ id: customer.id });
  let cardId: number | null = null;
  if (o.card !== false) {
    const [card] = await db.insert(bankCard).values({
      customerId: c.id, merchantId: o.merchantId, bankName: 'Vietcombank', bankCode: 'VCB', cardNumber: `9704${u.replace(/\D/g, '').padEnd(12, '3')}`.slice(0, 19),
      cardholder: 'NGUYEN VAN KHACH', status: 'bound', isDefault: true,
    }).returning({ id: bankCard.id });
    cardId = card.id;
  }
  const loan = o.loan ?? 2_000_000;
  const status = o.status ?? 'withdrawal';
  const [row] = await db.insert(loanOrder).values({
    orderNo: `WO-${u}`.slice(0, 32), merchantId: o.merchantId, customerId: c.id, productId: o.productId ?? 1, productName: 'Quick 14', currency: 'VND',
    status, applicationAmountMinor: loan, loanAmountMinor: loan, receivedAmountMinor: loan - 100_000, contractAmountMinor: loan + 300_000, loanDays: 14,
    reviewResult: 'approved', bankCardId: cardId, successAt: o.successAt ?? null, dueDate: o.successAt ? '2030-01-15' : null,
    createdAt: new Date(o.enteredAt.getTime() - 3_600_000),
  }).returning({ id: loanOrder.id, orderNo: loanOrder.orderNo });
  await db.insert(orderStatusHistory).values([
    { orderId: row.id, merchantId: o.merchantId, fromStatus: 'disbursement_review', toStatus: 'withdrawal', reason: 'approve', createdAt: o.enteredAt },
    ...(status !== 'withdrawal' ? [{ orderId: row.id, merchantId: o.merchantId, fromStatus: 'withdrawal', toStatus: status, reason: 'test', createdAt: o.enteredAt }] : []),
  ]);
  return { id: row.id, customerId: c.id, cardId, orderNo: row.orderNo, phone };
}
