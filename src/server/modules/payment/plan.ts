import { and, asc, desc, eq } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { bankCard, customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import type { loanOrder } from '../order/order.table';
import { autoLoanRule, merchantPaymentConfig } from './payment.table';
import { usableChannel, type ChannelRecord } from './records';

type OrderRecord = typeof loanOrder.$inferSelect;
export type PaymentConfig = typeof merchantPaymentConfig.$inferSelect;

/** A merchant without a config row pays automatically, without audit, through the default channel, with no limits. */
export function defaultConfig(merchantId: number): PaymentConfig {
  return {
    merchantId, payoutChannelId: null, autoPayout: true, auditEnabled: false, auditAboveMinor: 0, minPayoutMinor: 0, maxPayoutMinor: 0,
    updatedBy: null, updatedAt: new Date(0),
  };
}

export async function loadConfig(db: DbOrTx, merchantId: number): Promise<PaymentConfig> {
  const [row] = await db.select().from(merchantPaymentConfig).where(eq(merchantPaymentConfig.merchantId, merchantId));
  return row ?? defaultConfig(merchantId);
}

export interface PayoutPlan {
  amount: number;
  /** Platform payout fee of the merchant's payment config, for a new or a returning customer. */
  fee: number;
  channel: ChannelRecord | null;
  /** Why the transfer must wait for a person ('' = send now). */
  auditReason: '' | 'threshold' | 'auto_payout_off' | 'no_channel';
  cardId: number;
}

/**
 * What confirming the withdrawal of `order` will do: the amount (the order's received amount), the fee, the channel
 * and whether the transfer waits in the audit queue. Refuses (40900, nothing changes) an order with nothing to pay,
 * an amount outside the merchant's per-payout limits, or a customer without a bank card.
 */
export async function planPayout(db: DbOrTx, order: OrderRecord): Promise<PayoutPlan> {
  const cfg = await loadConfig(db, order.merchantId);
  const amount = order.receivedAmountMinor;
  if (amount <= 0) throw new AppError(CODE.CONFLICT, 'payment.nothingToPay');
  if ((cfg.minPayoutMinor > 0 && amount < cfg.minPayoutMinor) || (cfg.maxPayoutMinor > 0 && amount > cfg.maxPayoutMinor)) {
    throw new AppError(CODE.CONFLICT, 'payment.outOfLimits', { amount, min: cfg.minPayoutMinor, max: cfg.maxPayoutMinor });
  }
  const [m] = await db.select({ feeNew: merchant.payoutFeeNewMinor, feeReturning: merchant.payoutFeeReturningMinor }).from(merchant).where(eq(merchant.id, order.merchantId));
  const fee = order.isReturning ? m?.feeReturning ?? 0 : m?.feeNew ?? 0;
  const cardId = await payoutCard(db, order);
  const channel = await usableChannel(db, cfg.payoutChannelId);
  let auditReason: PayoutPlan['auditReason'] = '';
  if (!cfg.autoPayout) auditReason = 'auto_payout_off';
  else if (!channel) auditReason = 'no_channel';
  else if (cfg.auditEnabled && amount > cfg.auditAboveMinor && !(await exemptByRule(db, order, amount))) auditReason = 'threshold';
  return { amount, fee, channel, auditReason, cardId };
}

/** The card on the order, else the customer's default (bound first). */
async function payoutCard(db: DbOrTx, order: OrderRecord): Promise<number> {
  if (order.bankCardId) return order.bankCardId;
  const [card] = await db.select({ id: bankCard.id }).from(bankCard).where(eq(bankCard.customerId, order.customerId))
    .orderBy(desc(bankCard.isDefault), asc(bankCard.status), desc(bankCard.id)).limit(1);
  if (!card) throw new AppError(CODE.CONFLICT, 'payment.noBankCard');
  return card.id;
}

/** An enabled automatic loan rule of the merchant that the order matches (/merchant/autoLoanRule). */
async function exemptByRule(db: DbOrTx, order: OrderRecord, amount: number): Promise<boolean> {
  const rules = await db.select().from(autoLoanRule).where(and(eq(autoLoanRule.merchantId, order.merchantId), eq(autoLoanRule.enabled, true)));
  if (!rules.length) return false;
  const [c] = await db.select({ loanCount: customer.loanCount }).from(customer).where(eq(customer.id, order.customerId));
  const settled = c?.loanCount ?? 0;
  return rules.some((r) =>
    (r.customerType === 'all' || (r.customerType === 'returning') === order.isReturning)
    && (r.maxAmountMinor === 0 || amount <= r.maxAmountMinor)
    && settled >= r.minSettledLoans);
}
