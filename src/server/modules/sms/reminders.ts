import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { marketTimeZone, type Market } from '../../../schemas/merchant';
import { OVERDUE_REMINDER_DAYS, type ReminderKind } from '../../../schemas/sms';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { formatMoney, langOfMarket } from '../withdrawal/sms';
import { dispatchQueued, queueSms } from './engine';
import { shortLinkFor } from './links';
import { smsMessage } from './sms.table';
import { render, templateOf } from './templates';

/**
 * Repayment reminders (docs/sms.md "Reminders"): two days and one day before the due date, on the due date, and on the
 * overdue days of OVERDUE_REMINDER_DAYS, every open order's customer gets the merchant's template of the kind in their
 * language, with a short link to the repayment page. One message per order, due date, kind and day (the message's
 * source reference), so the hourly job and a rerun after a restart text nobody twice.
 */

/** The repayment page a reminder's `{link}` leads to (REPAY_PAGE_URL, the borrower H5's repayment page). */
export function repayPageUrl(orderNo: string): string {
  const base = process.env.REPAY_PAGE_URL || 'https://pay.example.com/repay';
  return `${base}${base.includes('?') ? '&' : '?'}order=${encodeURIComponent(orderNo)}`;
}

function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const KIND_OF_OFFSET: Record<number, ReminderKind> = { [-2]: 'due_d2', [-1]: 'due_d1', 0: 'due_d0' };

export async function sendDueReminders(db: Db, today: (timeZone: string) => string): Promise<{ queued: number; sent: number }> {
  const merchants = await db.select({ id: merchant.id, name: merchant.name, market: merchant.market }).from(merchant);
  let queued = 0;
  for (const m of merchants) {
    const day = today(marketTimeZone((m.market ?? 'vn') as Market));
    // Offset = days since the due date: -2, -1, 0, then the overdue days.
    const offsets = [-2, -1, 0, ...OVERDUE_REMINDER_DAYS];
    const dates = new Map(offsets.map((o) => [addDays(day, -o), o]));
    const orders = await db.select({
      id: loanOrder.id, orderNo: loanOrder.orderNo, currency: loanOrder.currency, dueDate: loanOrder.dueDate, status: loanOrder.status,
      remaining: loanOrder.remainingDebtMinor, contract: loanOrder.contractAmountMinor, loan: loanOrder.loanAmountMinor,
      name: customer.name, phone: customer.phone, market: customer.market,
    }).from(loanOrder).innerJoin(customer, eq(customer.id, loanOrder.customerId))
      .where(and(eq(loanOrder.merchantId, m.id), inArray(loanOrder.status, ['repaying', 'extended', 'overdue']), eq(loanOrder.settled, false),
        inArray(loanOrder.dueDate, [...dates.keys()]),
        or(sql`${loanOrder.dueDate} >= ${day}`, eq(loanOrder.status, 'overdue'))));
    for (const o of orders) {
      const offset = dates.get(o.dueDate!)!;
      const kind: ReminderKind = KIND_OF_OFFSET[offset] ?? 'overdue';
      const ref = `${o.id}:${o.dueDate}:${offset}`;
      const [seen] = await db.select({ id: smsMessage.id }).from(smsMessage).where(and(eq(smsMessage.source, 'reminder'), eq(smsMessage.sourceRef, ref)));
      if (seen) continue;
      const lang = langOfMarket(o.market);
      const template = await templateOf(db, m.id, kind, lang);
      const link = template.includes('{link}') ? await shortLinkFor(db, m.id, 'sms_reminder', repayPageUrl(o.orderNo)) : '';
      const owed = Number(o.remaining) > 0 ? Number(o.remaining) : Number(o.contract);
      const content = render(template, {
        name: o.name, phone: o.phone, merchant: m.name, amount: formatMoney(Number(o.loan), o.currency, lang), due: formatMoney(owed, o.currency, lang),
        due_date: o.dueDate, days: Math.max(0, offset), order_no: o.orderNo, link,
      });
      const id = await queueSms(db, { merchantId: m.id, purpose: 'reminder', phone: o.phone, content, source: 'reminder', sourceRef: ref });
      if (id !== null) queued++;
    }
  }
  const sent = queued ? await dispatchQueued(db, 5000) : 0;
  return { queued, sent };
}
