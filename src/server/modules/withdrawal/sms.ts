import { eq } from 'drizzle-orm';
import { LANG_BY_CODE, type LangCode } from '../../../schemas/i18n';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import type { SmsKind } from '../../../schemas/withdrawal';
import type { DbOrTx } from '../../db/client';
import { customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import type { LoanOrderRow } from '../lifecycle/transition';
import { queueSms } from '../sms/engine';
import { render, templateOf } from '../sms/templates';
import { withdrawalSmsLog } from './withdrawal.table';

/**
 * SMS of the withdrawal area. A message is written from its template (the merchant's wording on the smsConfig screen,
 * else `withdrawal.sms.<kind>` of the locale catalogues) in the language of the customer's market, with the customer's
 * name and the amounts of the order, recorded in withdrawal_sms_log (which /log/WithdrawalSMS lists, status `logged`)
 * and queued for the SMS engine in the same transaction (docs/sms.md): the log row's status follows the message
 * (sent, delivered, failed).
 */

const TEMPLATE_KIND = { reminder: 'withdrawal_reminder', payment_notice: 'payment_notice', payout_failed: 'payout_failed', dormant: 'dormant' } as const;

/** The language a market's customers read (customer.market). */
export const MARKET_LANG: Record<string, LangCode> = { vn: 'vi', cn: 'zh', tw: 'zhTW', eg: 'ArEg', th: 'ThA', in: 'India', en: 'en' };

export function langOfMarket(market: string | null | undefined): LangCode {
  return MARKET_LANG[market ?? ''] ?? 'en';
}

/** An amount of minor units as the customer's language writes money: "1.500.000 ₫", "$12.50". */
export function formatMoney(minor: number, currency: string, lang: LangCode): string {
  const exp = CURRENCY_EXPONENT[currency] ?? 2;
  const intl = LANG_BY_CODE[lang].intl;
  try {
    return new Intl.NumberFormat(intl, { style: 'currency', currency, minimumFractionDigits: exp, maximumFractionDigits: exp }).format(minor / 10 ** exp);
  } catch {
    return `${(minor / 10 ** exp).toFixed(exp)} ${currency}`;
  }
}

type OrderForSms = Pick<LoanOrderRow, 'id' | 'merchantId' | 'customerId' | 'currency' | 'loanAmountMinor' | 'receivedAmountMinor' | 'contractAmountMinor' | 'dueDate'>;

/** The text of an SMS of `kind` about `order`, and the language and phone it goes to. */
export async function composeSms(db: DbOrTx, order: OrderForSms, kind: SmsKind): Promise<{ phone: string; lang: LangCode; content: string }> {
  const [c] = await db.select({ name: customer.name, phone: customer.phone, market: customer.market }).from(customer).where(eq(customer.id, order.customerId)).limit(1);
  const [m] = await db.select({ name: merchant.name }).from(merchant).where(eq(merchant.id, order.merchantId)).limit(1);
  const lang = langOfMarket(c?.market);
  // A payout notice names what reached the card; every other message the approved principal.
  const amount = kind === 'payment_notice' ? order.receivedAmountMinor : order.loanAmountMinor;
  const template = await templateOf(db, order.merchantId, TEMPLATE_KIND[kind], lang);
  const content = render(template, {
    name: c?.name ?? '',
    phone: c?.phone ?? '',
    merchant: m?.name ?? '',
    amount: formatMoney(amount, order.currency, lang),
    due: formatMoney(order.contractAmountMinor, order.currency, lang),
    due_date: order.dueDate ?? '-',
  });
  return { phone: c?.phone ?? '', lang, content: content.slice(0, 1000) };
}

/** Writes one SMS to the log and queues it for the SMS engine (sent after the commit by the `sms.dispatch` job). */
export async function sendSms(db: DbOrTx, input: { order: OrderForSms; kind: SmsKind; accountId: number | null; at: Date }): Promise<typeof withdrawalSmsLog.$inferSelect> {
  const msg = await composeSms(db, input.order, input.kind);
  const [row] = await db.insert(withdrawalSmsLog).values({
    merchantId: input.order.merchantId, orderId: input.order.id, customerId: input.order.customerId,
    phone: msg.phone, lang: msg.lang, kind: input.kind, content: msg.content, accountId: input.accountId, createdAt: input.at,
  }).returning();
  await queueSms(db, { merchantId: row.merchantId, purpose: 'reminder', phone: row.phone, content: row.content, source: 'withdrawal', sourceRef: String(row.id) });
  return row;
}
