import type { CustomerInfo, ExtensionView, OrderView, ReductionView, RepaymentView } from '../../../schemas/customer';
import type { OrderMoney } from '../../../schemas/repayment';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { Actor } from '../../plugins/session';
import { loadCustomerDetail } from '../client/customer.service';
import { loanOrder } from '../order/order.table';
import { orderMoney } from '../repayment/money';
import { eq } from 'drizzle-orm';

/** What a loan statement shows: one order of one customer, as the customer detail shows it to this reader. */
export interface LoanStatement {
  customer: Pick<CustomerInfo, 'code' | 'name' | 'phone' | 'id_number' | 'merchant_name'>;
  order: OrderView;
  money: OrderMoney;
  repayments: RepaymentView[];
  reductions: ReductionView[];
  extensions: ExtensionView[];
  masked: boolean;
}

/**
 * Read through the customer detail (scope, masking and staff names come from one place); an order that is not this
 * customer's answers 40400 like a missing one, so another customer's order number cannot be probed.
 */
export async function loadLoanStatement(db: Db, who: Pick<Actor, 'nodes' | 'merchantIds' | 'privacy'>, customerId: number, orderId: number): Promise<LoanStatement> {
  const detail = await loadCustomerDetail(db, who, customerId);
  const [row] = await db.select().from(loanOrder).where(eq(loanOrder.id, orderId)).limit(1);
  const order = detail.orders.find((o) => o.id === orderId);
  if (!row || !order || row.customerId !== detail.customer.id) throw notFound('order');
  const mine = <T extends { order_id: number | null }>(xs: T[]) => xs.filter((x) => x.order_id === orderId);
  const c = detail.customer;
  return {
    customer: { code: c.code, name: c.name, phone: c.phone, id_number: c.id_number, merchant_name: c.merchant_name },
    order, money: orderMoney(row), repayments: mine(detail.repayments), reductions: mine(detail.reductions), extensions: mine(detail.extensions),
    masked: detail.masked,
  };
}
