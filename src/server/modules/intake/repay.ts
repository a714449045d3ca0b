import { and, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { customer } from '../client/client.table';
import { applyExtension } from '../extension/service';
import { loanOrder } from '../order/order.table';
import { collect } from '../repayment/collect';
import { orderMoney } from '../repayment/money';
import type { IntakeCaller } from './auth';
import { assertMayUse, checkedPhone, homeCustomer, refusal } from './customers';
import { keyOwner } from '../idempotency/idempotency';

/**
 * The borrower app after the payout (docs/intake.md): what an order still owes, a repayment link / QR code / card
 * deduction through the merchant's payment channel, and an extension application. The money rules are the repayment
 * and extension areas'; here only who asks (the app key's merchant family, the customer by phone) is checked. The app
 * acts as nobody on the staff side: no operator, no operation log (the signed request is the record).
 */
const APP = (caller: IntakeCaller) => ({ actorId: null, owner: keyOwner.app(caller.appKeyId), merchantIds: caller.scope.map((m) => m.id), log: async () => {} });

async function customersOrder(deps: Deps, caller: IntakeCaller, phoneRaw: string, orderNo: string) {
  const phone = checkedPhone(caller.merchant, phoneRaw);
  assertMayUse(await homeCustomer(deps.db, caller, phone));
  const [row] = await deps.db.select({ o: loanOrder }).from(loanOrder).innerJoin(customer, eq(customer.id, loanOrder.customerId))
    .where(and(eq(loanOrder.orderNo, orderNo), inArray(loanOrder.merchantId, caller.scope.map((m) => m.id)), eq(customer.phone, phone))).limit(1);
  if (!row) throw refusal(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' }, 'order_no');
  return row.o;
}

export async function repaymentInfo(deps: Deps, caller: IntakeCaller, q: { phone: string; order_no: string }) {
  return orderMoney(await customersOrder(deps, caller, q.phone, q.order_no));
}

export async function appRepay(deps: Deps, caller: IntakeCaller, body: { phone: string; order_no: string; method: 'link' | 'qr' | 'card'; amount?: number }, key: string) {
  const o = await customersOrder(deps, caller, body.phone, body.order_no);
  return collect(deps, APP(caller), { orderId: o.id, method: body.method, amount: body.amount, key, scope: 'intake.repay' });
}

export async function appApplyExtension(deps: Deps, caller: IntakeCaller, body: { phone: string; order_no: string; remark?: string }) {
  const o = await customersOrder(deps, caller, body.phone, body.order_no);
  const e = await applyExtension(deps, APP(caller), { orderId: o.id, remark: body.remark });
  return { application_no: e.applicationNo, status: e.status, order_no: o.orderNo };
}
