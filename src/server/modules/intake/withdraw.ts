import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { AppConfirmBody } from '../../../schemas/intake';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { depsIn, keyOwner, withIdempotency } from '../idempotency/idempotency';
import { dateIn } from '../lifecycle/clock';
import { transitionOrder } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { confirmWithdrawal, type TransferView } from '../payment/disburse';
import { EXPIRED_REASON } from '../../seed/catalog';
import { customer } from '../client/client.table';
import { scopeIds, type IntakeCaller } from './auth';
import { approvedAt } from './apply';
import { assertMayUse, checkedPhone, homeCustomer, invalid, payoutCard, personRecords, refusal, timeZoneOf } from './customers';
import { intakeEvent } from './intake.table';
import { checkWithdrawalRules } from './rules';

/** History reason of an order closed because it was not withdrawn in time. */
export const EXPIRED = 'expired';

/**
 * Closes an approved order that waited in `withdrawal` longer than its merchant's single valid time. The guarded
 * transition makes a confirmation that won the race (status moved on) a no-op here. Returns whether it closed.
 */
export async function expireOrder(db: DbOrTx, orderId: number, at: Date): Promise<boolean> {
  try {
    await transitionOrder(db, {
      orderId, action: 'close', to: 'closed', actorId: null, reason: EXPIRED, expect: 'withdrawal', at,
      patch: { loanRemark: EXPIRED_REASON },
    });
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.code === CODE.INVALID_TRANSITION || err.code === CODE.NOT_FOUND)) return false;
    throw err;
  }
}

export interface ConfirmResult {
  order_no: string;
  transfer: TransferView;
}

/**
 * The borrower confirms the withdrawal of an approved order (withdrawal type `auto`): the customer and the
 * merchant's withdrawal rules are checked, an order past its single valid time is closed instead, the payout card
 * is settled, and the payment area's confirmWithdrawal moves the money. Idempotent by the request's key: a repeat
 * returns the first answer without checking the rules again (the first confirmation may be what now fills the
 * day's limit).
 */
export async function confirmOrderWithdrawal(deps: Deps, caller: IntakeCaller, body: AppConfirmBody, idempotencyKey: string): Promise<ConfirmResult> {
  const db = deps.db;
  const phone = checkedPhone(caller.merchant, body.phone);
  const home = await homeCustomer(db, caller, phone);
  assertMayUse(home);
  const ids = scopeIds(caller);
  const [row] = await db.select({ o: loanOrder, c: customer }).from(loanOrder)
    .innerJoin(customer, eq(customer.id, loanOrder.customerId))
    .where(and(eq(loanOrder.orderNo, body.order_no), inArray(loanOrder.merchantId, ids), eq(customer.phone, phone))).limit(1);
  if (!row) throw refusal(CODE.NOT_FOUND, 'error.notFound', { what: '@lifecycle.order' }, 'order_no');
  const m = caller.scope.find((x) => x.id === row.o.merchantId)!;

  // Past its single valid time the order closes, and that is the answer; checked before the key's transaction, whose
  // refusal would roll the closing back (a confirmation that committed moved the order on, so a replay never gets here).
  await deps.clock.refresh();
  const validUntil = async (tx: DbOrTx) => {
    const since = await approvedAt(tx, row.o.id);
    return since ? since.getTime() + m.singleValidHours * 3_600_000 : Infinity;
  };
  const expiredRefusal = () => refusal(CODE.INVALID_TRANSITION, 'intake.withdrawalExpired', { hours: m.singleValidHours }, 'order_no');
  if (row.o.status === 'withdrawal' && deps.clock.now().getTime() >= await validUntil(db)) {
    await expireOrder(db, row.o.id, deps.clock.now());
    throw expiredRefusal();
  }

  return withIdempotency(db, {
    scope: 'intake.withdrawal', owner: keyOwner.app(caller.appKeyId), key: idempotencyKey, payload: { order_no: body.order_no, phone },
  }, async (tx) => {
    assertMayUse(row.c);
    const [o] = await tx.select().from(loanOrder).where(eq(loanOrder.id, row.o.id));
    if (o.status !== 'withdrawal') throw refusal(CODE.INVALID_TRANSITION, 'intake.notWithdrawable', { status: `@option.status.${o.status}` }, 'order_no');
    const now = deps.clock.now();
    // Expired in the last moments: refused here, closed by the withdrawal housekeeping job.
    if (now.getTime() >= await validUntil(tx)) throw expiredRefusal();
    const tz = timeZoneOf(m);
    const records = await personRecords(tx, caller.familyIds, phone, row.c.idNumber);
    await checkWithdrawalRules(tx, {
      merchantId: m.id, parentId: m.parentId, familyIds: caller.familyIds, customerIds: records.map((r) => r.id), phone,
      idNumber: row.c.idNumber, deviceId: body.device_id, birthDate: row.c.birthDate, now, timeZone: tz,
    });
    if (!o.bankCardId) {
      const card = await payoutCard(tx, o.customerId);
      if (!card) throw invalid('order_no', 'intake.cardRequired');
      await tx.update(loanOrder).set({ bankCardId: card, updatedAt: sql`now()` }).where(and(eq(loanOrder.id, o.id), eq(loanOrder.status, 'withdrawal')));
    }
    // Part of this transaction (its key belongs to this app too); the payout is sent once it commits.
    const transfer = await confirmWithdrawal(depsIn(deps, tx), { orderId: o.id, actorId: null, withdrawalType: 'auto', idempotencyKey, merchantIds: [m.id] });
    await tx.insert(intakeEvent).values({
      kind: 'withdrawal', merchantId: m.id, appKeyId: caller.appKeyId, customerId: o.customerId, orderId: o.id, phone,
      idNumber: row.c.idNumber, deviceId: body.device_id, businessDate: dateIn(now, tz), createdAt: now,
    });
    return { order_no: o.orderNo, transfer };
  });
}
