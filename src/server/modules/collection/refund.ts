import { CODE } from '../../../schemas/common';
import type { RefundAnswer } from '../../../schemas/collectionSupervise';
import { AppError } from '../../errors';
import { keyOwner, withIdempotency } from '../idempotency/idempotency';
import { invalid } from '../intake/customers';
import { writeOpLog } from '../log/oplog';
import { lockOrder, refundCredit } from '../repayment/account';
import type { SuperviseCtx } from './supervise';

/**
 * refundTheAmount: pays a customer's credit on an order (money paid above the debt) back to them — the order's
 * credit goes down, the posting is customer_credit +x, available −x (refundCredit, kind `refund`, tagged with the
 * order), so that −Σ of the order's customer_credit entries keeps equalling its credit. At most the credit (40900
 * collection.refundAboveCredit), never more than the merchant's available balance (40900 from the ledger).
 * Idempotent by key: a repeated request answers the first result and pays nothing more. One transaction with its
 * operation-log row; a refusal changes nothing.
 */
export async function refund(ctx: SuperviseCtx, body: { order_id?: number; id?: number; amount: number; reason: string }, key: string): Promise<RefundAnswer> {
  const { deps, req, actor, merchantIds } = ctx;
  const orderId = body.order_id ?? body.id;
  if (orderId === undefined) throw invalid('order_id', 'validation.required');
  const payload = { order_id: orderId, amount: body.amount, reason: body.reason };
  return withIdempotency(deps.db, { scope: 'collection.refund', key, owner: keyOwner.account(actor.accountId), accountId: actor.accountId, payload }, async (tx) => {
    const order = await lockOrder(tx, orderId, merchantIds);
    if (order.creditMinor <= 0) throw new AppError(CODE.CONFLICT, 'collection.noCredit');
    if (body.amount > order.creditMinor) throw invalid('amount', 'collection.refundAboveCredit');
    const postingId = await refundCredit(tx, deps, {
      merchantId: order.merchantId, orderId: order.id, amount: body.amount, actorId: actor.accountId, ref: order.orderNo,
      memo: `credit refunded: ${body.reason}`.slice(0, 200), kind: 'refund',
    });
    const credit = order.creditMinor - body.amount;
    await writeOpLog(tx, req, {
      action: 'collection.refund', targetType: 'loan_order', targetId: order.id,
      before: { credit: order.creditMinor }, after: { credit, amount: body.amount, reason: body.reason, posting_id: postingId },
    });
    return { order_id: order.id, order_no: order.orderNo, currency: order.currency, amount: body.amount, credit_before: order.creditMinor, credit, posting_id: postingId };
  });
}
