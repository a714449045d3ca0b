import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { post } from '../ledger/ledger';
import { bankCard, customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { paymentChannel } from './payment.table';

/** Test fixtures of the payment area: merchants with money, orders waiting for withdrawal, sandbox channels. */

let seq = 0;
const uniq = () => `${process.pid.toString(36)}${(++seq).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

export async function merchantByCode(db: Db, code: string): Promise<number> {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, code));
  return m.id;
}

/** A merchant (VND, Vietnam) with payout fees, and `available` money from an opening top-up. */
export async function createMerchant(db: Db, opts: { available?: number; feeNew?: number; feeReturning?: number; code?: string } = {}): Promise<number> {
  const [m] = await db.insert(merchant).values({
    code: opts.code ?? `PM${uniq()}`.slice(0, 32), name: 'Payment Test Lending', currency: 'VND', market: 'vn',
    payoutFeeNewMinor: opts.feeNew ?? 5_000, payoutFeeReturningMinor: opts.feeReturning ?? 3_000,
  }).returning();
  if (opts.available) await topUp(db, m.id, opts.available);
  return m.id;
}

export async function setFees(db: Db, merchantId: number, feeNew: number, feeReturning: number): Promise<void> {
  await db.update(merchant).set({ payoutFeeNewMinor: feeNew, payoutFeeReturningMinor: feeReturning }).where(eq(merchant.id, merchantId));
}

export function topUp(db: Db, merchantId: number, amount: number): Promise<number> {
  return post(db, {
    merchantId, kind: 'balance_increase', businessAt: new Date(), memo: 'test top-up',
    lines: [{ account: 'available', amount }, { account: 'equity', amount: -amount }],
  });
}

export interface OrderOpts {
  merchantId: number;
  status?: string;
  loan?: number;
  received?: number;
  contract?: number;
  loanDays?: number;
  returning?: boolean;
  /** false: the customer has no bank card. */
  card?: boolean;
  settledLoans?: number;
}

/** An order waiting for its withdrawal (by default), with a customer and a bound bank card. */
export async function createOrder(db: Db, o: OrderOpts): Promise<{ orderId: number; customerId: number; cardId: number | null }> {
  const u = uniq();
  const [p] = await db.insert(product).values({ merchantId: o.merchantId, name: 'Quick 14' }).returning({ id: product.id });
  const [c] = await db.insert(customer).values({
    code: `PC${u}`.slice(0, 24), merchantId: o.merchantId, market: 'vn', name: 'Tran Thi Payee', phone: `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    loanCount: o.settledLoans ?? (o.returning ? 1 : 0),
  } as never).returning({ id: customer.id });
  let cardId: number | null = null;
  if (o.card !== false) {
    const [card] = await db.insert(bankCard).values({
      customerId: c.id, merchantId: o.merchantId, bankName: 'Vietcombank', bankCode: 'VCB', cardNumber: `9704${u.replace(/\D/g, '').padEnd(12, '7')}`.slice(0, 19),
      cardholder: 'TRAN THI PAYEE', status: 'bound', isDefault: true,
    }).returning({ id: bankCard.id });
    cardId = card.id;
  }
  const loan = o.loan ?? 1_000_000;
  const [row] = await db.insert(loanOrder).values({
    orderNo: `PO-T-${u}`.slice(0, 32), merchantId: o.merchantId, customerId: c.id, productId: p.id, productName: 'Quick 14', currency: 'VND',
    status: o.status ?? 'withdrawal', isReturning: o.returning ?? false, applicationAmountMinor: loan, loanAmountMinor: loan,
    receivedAmountMinor: o.received ?? 900_000, contractAmountMinor: o.contract ?? 1_200_000, loanDays: o.loanDays ?? 14, reviewResult: 'approved',
  }).returning({ id: loanOrder.id });
  return { orderId: row.id, customerId: c.id, cardId };
}

/** A sandbox channel, in the database directly (the channel routes have their own tests). */
export async function createSandboxChannel(db: Db, opts: { failureRate?: number; latencyMs?: number; seed?: string; isDefault?: boolean; code?: string } = {}) {
  const [ch] = await db.insert(paymentChannel).values({
    code: opts.code ?? `SBX${uniq()}`.slice(0, 32), name: 'Sandbox', provider: 'sandbox', isDefault: opts.isDefault ?? false,
    config: { latency_ms: opts.latencyMs ?? 0, failure_rate: opts.failureRate ?? 0, seed: opts.seed ?? '' } as never,
    signSecret: crypto.randomBytes(32).toString('hex'),
  }).returning();
  return ch;
}

export async function setChannelFailureRate(db: Db, channelId: number, failureRate: number, latencyMs = 0): Promise<void> {
  await db.update(paymentChannel).set({
    config: sql`${paymentChannel.config} || ${JSON.stringify({ failure_rate: failureRate, latency_ms: latencyMs })}::jsonb`, updatedAt: sql`clock_timestamp()`,
  }).where(eq(paymentChannel.id, channelId));
}
