import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { post } from '../modules/ledger/ledger';
import { rowsOf } from '../db/rows';


/**
 * The payout records of the generated orders, so that the payment and transfer screens show the history the
 * orders imply: a transfer and a payment-channel attempt for every order that reached the payout (success for
 * disbursed loans, failure for failed ones, in progress for those still disbursing, through the demo channel).
 * The money of the in-flight payouts is frozen by a posting, as a real confirmation would have, so that the
 * re-check job can land them later and the book still balances. Runs once per generated data set.
 */
export async function seedPayoutHistory(db: Db, channelId: number): Promise<{ transfers: number }> {
  const [{ n }] = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM transfer`));
  if (Number(n) > 0) return { transfers: 0 };
  await db.execute(sql`
    INSERT INTO transfer (transfer_no, order_id, merchant_id, customer_id, bank_card_id, currency, amount_minor, fee_minor, loan_amount_minor,
      status, channel_id, provider_ref, attempts, failure_reason, withdrawal_type, created_at, updated_at, sent_at, completed_at)
    SELECT 'TR' || o.order_no, o.id, o.merchant_id, o.customer_id, o.bank_card_id, o.currency, o.received_amount_minor,
      CASE WHEN o.is_returning THEN m.payout_fee_returning_minor ELSE m.payout_fee_new_minor END, o.loan_amount_minor,
      CASE WHEN o.status = 'failed' THEN 'failure' WHEN o.status = 'disbursing' THEN 'in_progress' ELSE 'success' END,
      ${channelId}, 'SBX' || o.order_no, 1, CASE WHEN o.status = 'failed' THEN left(o.loan_remark, 200) ELSE '' END, o.withdrawal_type,
      coalesce(o.withdrawal_at, o.loan_at), o.updated_at, o.loan_at,
      CASE WHEN o.status = 'disbursing' THEN NULL WHEN o.status = 'failed' THEN o.updated_at ELSE o.success_at END
    FROM loan_order o JOIN merchant m ON m.id = o.merchant_id
    WHERE o.loan_at IS NOT NULL`);
  await db.execute(sql`
    INSERT INTO payment_order (payment_no, transfer_id, order_id, merchant_id, channel_id, provider, currency, amount_minor, status,
      provider_ref, failure_reason, created_at, updated_at, callback_at, completed_at)
    SELECT 'PO' || substr(t.transfer_no, 3), t.id, t.order_id, t.merchant_id, t.channel_id, 'sandbox', t.currency, t.amount_minor, t.status,
      t.provider_ref, t.failure_reason, t.sent_at, t.updated_at, t.completed_at, t.completed_at
    FROM transfer t`);
  const inFlight = rowsOf<{ merchant_id: number; total: string; ts: string }>(await db.execute(sql`
    SELECT merchant_id, sum(amount_minor + fee_minor) AS total, max(created_at) AS ts FROM transfer WHERE status = 'in_progress' GROUP BY merchant_id`));
  for (const r of inFlight) {
    const total = Number(r.total);
    if (total > 0) {
      await post(db, {
        merchantId: Number(r.merchant_id), kind: 'disburse_freeze', memo: 'payouts in flight at load', businessAt: new Date(r.ts),
        lines: [{ account: 'available', amount: -total }, { account: 'frozen', amount: total }],
      });
    }
  }
  const [{ c }] = rowsOf<{ c: string }>(await db.execute(sql`SELECT count(*) AS c FROM transfer`));
  return { transfers: Number(c) };
}
