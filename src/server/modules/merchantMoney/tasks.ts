import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { CURRENCY_EXPONENT } from '../../../schemas/merchant';
import type { PaymentSettingsBody, TaskRequestBody, TaskView } from '../../../schemas/merchantMoney';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUnscoped } from '../empower/scope';
import { keyOwner, withIdempotency } from '../idempotency/idempotency';
import { balances, post } from '../ledger/ledger';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { balanceChangeTask, merchantBalanceAlert } from './merchantMoney.table';

/**
 * Balance-change tasks (docs/merchantMoney.md): a request by one account, a confirmation (which posts) or a rejection
 * by another. Money writes run under an Idempotency-Key (the key and its stored answer commit with the effect); the
 * task row is locked before the merchant's ledger accounts, and the status change is guarded, so any number of
 * concurrent confirmations of one task post it once.
 */

export interface MoneyCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

type TaskRecord = typeof balanceChangeTask.$inferSelect;

const inScope = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

/** The amount as people read it (1,000,000 VND; 12.50 USD) for messages. */
export function moneyText(minor: number, currency: string): string {
  const exp = CURRENCY_EXPONENT[currency] ?? 2;
  const major = minor / 10 ** exp;
  return `${major.toLocaleString('en-US', { minimumFractionDigits: exp, maximumFractionDigits: exp })} ${currency}`;
}

/** A merchant named in a body: it must exist in the account's merchants (40000 on `merchant_id` otherwise). */
export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number, path = 'merchant_id') {
  const [m] = await db.select().from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !inScope(actor, merchantId)) {
    throw new AppError(CODE.VALIDATION, 'merchantMoney.merchantUnknown', {}, 200, [{ path, id: 'merchantMoney.merchantUnknown', values: {} }]);
  }
  return m;
}

async function view(db: DbOrTx, row: TaskRecord): Promise<TaskView> {
  const b = await balances(db, row.merchantId);
  return {
    id: row.id, merchant_id: row.merchantId, change_type: row.changeType as TaskView['change_type'], amount: row.amountMinor, currency: row.currency,
    status: row.status as TaskView['status'], remark: row.remark, requested_by: row.requestedBy, confirmed_by: row.confirmedBy,
    confirmed_at: row.confirmedAt?.toISOString() ?? null, posting_id: row.postingId, available: b.available,
  };
}

const logged = (row: TaskRecord) => ({
  id: row.id, merchant_id: row.merchantId, change_type: row.changeType, amount: row.amountMinor, currency: row.currency, status: row.status,
  remark: row.remark, requested_by: row.requestedBy, confirmed_by: row.confirmedBy, posting_id: row.postingId, fail_reason: row.failReason || undefined,
});

function insufficient(available: number, amount: number, currency: string): AppError {
  return new AppError(CODE.CONFLICT, 'merchantMoney.insufficientBalance', { available: moneyText(available, currency), amount: moneyText(amount, currency) });
}

/** Request a balance change; a decrease above the available balance now is refused at once (40900). */
export async function requestTask(c: MoneyCtx, body: TaskRequestBody, key: string): Promise<TaskView> {
  const payload = { merchant_id: body.merchant_id, change_type: body.change_type, amount: body.amount, remark: body.remark };
  return withIdempotency(c.deps.db, { scope: 'balanceTask.request', owner: keyOwner.account(c.actor.accountId), key, accountId: c.actor.accountId, payload }, async (tx) => {
    const m = await scopedMerchant(tx, c.actor, body.merchant_id);
    if (!m.enabled) throw new AppError(CODE.CONFLICT, 'merchantMoney.merchantDisabled', { name: m.name });
    if (body.change_type === 'decrease') {
      const b = await balances(tx, m.id);
      if (body.amount > b.available) throw insufficient(b.available, body.amount, m.currency);
    }
    const [row] = await tx.insert(balanceChangeTask).values({
      merchantId: m.id, changeType: body.change_type, amountMinor: body.amount, currency: m.currency, remark: body.remark,
      status: 'pending', requestedBy: c.actor.accountId, requestedAt: c.deps.now(),
    }).returning();
    await writeOpLog(tx, c.req, { action: 'balanceTask.request', targetType: 'balance_change_task', targetId: row.id, after: logged(row) });
    return view(tx, row);
  });
}

/** The task locked for a decision: in the account's merchants (40400 otherwise), pending, and not the requester's. */
async function lockPending(tx: DbOrTx, actor: Actor, id: number): Promise<TaskRecord> {
  const [row] = await tx.select().from(balanceChangeTask).where(eq(balanceChangeTask.id, id)).for('update');
  if (!row || !inScope(actor, row.merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@merchantMoney.what.task' });
  if (row.status !== 'pending') throw new AppError(CODE.CONFLICT, 'merchantMoney.notPending', { status: `@merchantMoney.status.${row.status}` });
  if (row.requestedBy === actor.accountId) throw new AppError(CODE.FORBIDDEN, 'merchantMoney.sameAccount');
  return row;
}

/**
 * Confirm a pending task: one balanced posting (available against equity; a decrease may not take available below
 * zero) and the task marked posted, in one transaction with the key. A merchant disabled since the request: the task
 * fails (recorded, nothing posted).
 */
export async function confirmTask(c: MoneyCtx, input: { id: number; remark: string }, key: string): Promise<TaskView> {
  const payload = { id: input.id, remark: input.remark };
  return withIdempotency(c.deps.db, { scope: 'balanceTask.confirm', owner: keyOwner.account(c.actor.accountId), key, accountId: c.actor.accountId, payload }, async (tx) => {
    const row = await lockPending(tx, c.actor, input.id);
    const now = c.deps.now();
    const [m] = await tx.select().from(merchant).where(eq(merchant.id, row.merchantId));
    if (!m?.enabled) {
      const [failed] = await tx.update(balanceChangeTask).set({
        status: 'failed', confirmedBy: c.actor.accountId, confirmedAt: now, decideRemark: input.remark, failReason: 'merchantMoney.merchantDisabled',
      }).where(and(eq(balanceChangeTask.id, row.id), eq(balanceChangeTask.status, 'pending'))).returning();
      await writeOpLog(tx, c.req, { action: 'balanceTask.fail', targetType: 'balance_change_task', targetId: row.id, before: logged(row), after: logged(failed) });
      return view(tx, failed);
    }
    // The merchant's accounts locked (in id order, as post() does) before the balance is read.
    await tx.execute(sql`SELECT id FROM ledger_account WHERE merchant_id = ${row.merchantId} ORDER BY id FOR UPDATE`);
    const inc = row.changeType === 'increase';
    if (!inc) {
      const b = await balances(tx, row.merchantId);
      if (row.amountMinor > b.available) throw insufficient(b.available, row.amountMinor, row.currency);
    }
    const postingId = await post(tx, {
      merchantId: row.merchantId, kind: inc ? 'balance_increase' : 'balance_decrease', ref: `BC${row.id}`, accountId: c.actor.accountId,
      businessAt: c.deps.clock.now(), memo: `balance change task ${row.id}${row.remark ? `: ${row.remark}` : ''}`,
      lines: [{ account: 'available', amount: inc ? row.amountMinor : -row.amountMinor }, { account: 'equity', amount: inc ? -row.amountMinor : row.amountMinor }],
      nonNegative: inc ? undefined : ['available'],
    });
    const [done] = await tx.update(balanceChangeTask).set({
      status: 'posted', confirmedBy: c.actor.accountId, confirmedAt: now, decideRemark: input.remark, postingId,
    }).where(and(eq(balanceChangeTask.id, row.id), eq(balanceChangeTask.status, 'pending'))).returning();
    if (!done) throw new AppError(CODE.CONFLICT, 'merchantMoney.notPending', { status: '@merchantMoney.status.posted' });
    await writeOpLog(tx, c.req, { action: 'balanceTask.confirm', targetType: 'balance_change_task', targetId: row.id, before: logged(row), after: logged(done) });
    return view(tx, done);
  });
}

/** Reject a pending task (another account than the requester; a reason is required). Nothing is posted. */
export async function rejectTask(c: MoneyCtx, input: { id: number; remark: string }): Promise<TaskView> {
  return c.deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, c.actor, input.id);
    const [done] = await tx.update(balanceChangeTask).set({
      status: 'rejected', confirmedBy: c.actor.accountId, confirmedAt: c.deps.now(), decideRemark: input.remark,
    }).where(and(eq(balanceChangeTask.id, row.id), eq(balanceChangeTask.status, 'pending'))).returning();
    await writeOpLog(tx, c.req, { action: 'balanceTask.reject', targetType: 'balance_change_task', targetId: row.id, before: logged(row), after: logged(done) });
    return view(tx, done);
  });
}

/** The low-balance alert threshold of a merchant (0: off). */
export async function setAlert(c: MoneyCtx, input: { id: number; alert_threshold: number }) {
  return c.deps.db.transaction(async (tx) => {
    const m = await scopedMerchant(tx, c.actor, input.id, 'id');
    const [before] = await tx.select().from(merchantBalanceAlert).where(eq(merchantBalanceAlert.merchantId, m.id));
    await tx.insert(merchantBalanceAlert).values({ merchantId: m.id, thresholdMinor: input.alert_threshold, updatedBy: c.actor.accountId })
      .onConflictDoUpdate({ target: merchantBalanceAlert.merchantId, set: { thresholdMinor: input.alert_threshold, updatedBy: c.actor.accountId, updatedAt: sql`now()` } });
    const b = await balances(tx, m.id);
    await writeOpLog(tx, c.req, { action: 'merchantBalance.setAlert', targetType: 'merchant', targetId: m.id, before: { alert_threshold: before?.thresholdMinor ?? 0 }, after: { alert_threshold: input.alert_threshold } });
    return { id: m.id, alert_threshold: input.alert_threshold, available: b.available, low: input.alert_threshold > 0 && b.available < input.alert_threshold };
  });
}

const settingsOf = (m: typeof merchant.$inferSelect) => ({
  payout_fee_new: m.payoutFeeNewMinor, payout_fee_returning: m.payoutFeeReturningMinor, collection_fee_bp: m.collectionFeeBp, risk_fee: m.riskFeeMinor,
  risk_validity_hours: m.riskValidityHours, receive_prob_new: m.receiveProbNew, receive_prob_returning: m.receiveProbReturning, single_valid_hours: m.singleValidHours,
});

/** The merchant's payment settings (spec §3); validated by paymentSettingsBody (fees ≥ 0, 0–100 %, hours > 0). */
export async function editSettings(c: MoneyCtx, body: PaymentSettingsBody) {
  return c.deps.db.transaction(async (tx) => {
    const m = await scopedMerchant(tx, c.actor, body.id, 'id');
    const [after] = await tx.update(merchant).set({
      payoutFeeNewMinor: body.payout_fee_new, payoutFeeReturningMinor: body.payout_fee_returning, collectionFeeBp: body.collection_fee_bp,
      riskFeeMinor: body.risk_fee, riskValidityHours: body.risk_validity_hours, receiveProbNew: body.receive_prob_new,
      receiveProbReturning: body.receive_prob_returning, singleValidHours: body.single_valid_hours, updatedAt: sql`now()`,
    }).where(eq(merchant.id, m.id)).returning();
    await writeOpLog(tx, c.req, { action: 'merchant.editSettings', targetType: 'merchant', targetId: m.id, before: settingsOf(m), after: settingsOf(after) });
    return { id: m.id, ...settingsOf(after) };
  });
}
