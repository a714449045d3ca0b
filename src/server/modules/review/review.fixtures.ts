import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../schemas/order';
import type { Db } from '../../db/client';
import { customer } from '../client/client.table';
import { adminAccount } from '../empower/empower.table';
import { recordCreation } from '../lifecycle/transition';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';

/**
 * Test world of the review tests, beside the demo accounts (which work for M001 and M001-01): a product and
 * customers of M001, a merchant outside the demo accounts' scope, and a helper that creates orders in any status.
 */
export interface ReviewWorld {
  m001: number;
  other: number;
  product: number;
  otherProduct: number;
  accounts: Record<string, number>;
  order(status: OrderStatus, o?: { returning?: boolean; merchant?: number; customer?: number; amount?: number; createdAt?: Date }): Promise<number>;
  customer(merchantId?: number): Promise<number>;
}

let seq = 0;

export async function createReviewWorld(db: Db, tag = 'RV'): Promise<ReviewWorld> {
  const [m001] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, 'M001'));
  const [other] = await db.insert(merchant).values({ code: `${tag}-X`, name: `${tag} Outside Lending`, currency: 'VND' }).returning({ id: merchant.id });
  const [p] = await db.insert(product).values({ merchantId: m001.id, name: `${tag} Quick` }).returning({ id: product.id });
  const [op] = await db.insert(product).values({ merchantId: other.id, name: `${tag} Other` }).returning({ id: product.id });
  const accounts = Object.fromEntries((await db.select({ id: adminAccount.id, account: adminAccount.account }).from(adminAccount)).map((a) => [a.account, a.id]));
  const makeCustomer = async (merchantId = m001.id) => {
    const n = ++seq;
    const [c] = await db.insert(customer).values({
      code: `${tag}${String(n).padStart(6, '0')}`, merchantId, market: 'vn', name: `${tag} Customer ${n}`, phone: `0912${String(n).padStart(6, '0')}`,
    } as never).returning({ id: customer.id });
    return c.id;
  };
  return {
    m001: m001.id, other: other.id, product: p.id, otherProduct: op.id, accounts,
    customer: makeCustomer,
    async order(status, o = {}) {
      const merchantId = o.merchant ?? m001.id;
      const customerId = o.customer ?? (await makeCustomer(merchantId));
      const amount = o.amount ?? 2_000_000;
      const [row] = await db.insert(loanOrder).values({
        orderNo: `${tag}${String(++seq).padStart(8, '0')}`, merchantId, customerId, productId: merchantId === m001.id ? p.id : op.id,
        productName: 'Quick', currency: 'VND', status, isReturning: o.returning ?? false, orderType: o.returning ? 'reloan' : 'normal',
        applicationAmountMinor: amount, loanAmountMinor: amount, createdAt: o.createdAt ?? new Date(Date.UTC(2026, 2, 1, 0, seq)),
      }).returning({ id: loanOrder.id });
      await recordCreation(db, { id: row.id, merchantId, status: status === 'reloan' ? 'reloan' : 'pending_review' }, null, new Date());
      return row.id;
    },
  };
}
