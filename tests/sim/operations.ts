import { and, desc, eq } from 'drizzle-orm';
import { CommandApiError } from '../../commands/run';
import { AppError } from '../../src/server/errors';
import { syntheticBorrower } from '../../src/server/modules/intake/borrowers';
import { extension } from '../../src/server/modules/extension/extension.table';
import { loanOrder } from '../../src/server/modules/order/order.table';
import { topUp } from '../../src/server/modules/payment/payment.fixtures';
import { transfer } from '../../src/server/modules/payment/payment.table';
import { owedParts } from '../../src/server/modules/repayment/money';
import { repayment } from '../../src/server/modules/repayment/repayment.table';
import { runMachineReview } from '../../src/server/modules/scoring/machine-review';
import { runMachineReviewBatch } from '../../src/server/modules/scoring/machine-review.job';
import type { Op } from './plan';
import { SECURE_KEY, type World } from './world';

/**
 * What each simulated operation does, through the same doors people use: staff commands through the palette's runner
 * over HTTP, the borrower's signed app API, the sandbox's held callbacks delivered to the webhook, the jobs as their
 * scheduler runs them. The database is only read, to find what a person would see on a list (an order's status, its
 * transfer, its repayments). An operation that does not apply to the loan as it is now is skipped; one the server
 * refuses with a business code is a refusal — both are normal. Anything else (a 5xx, code 50000, a malformed answer, a
 * callback not taken) throws an Unexpected, which fails the run.
 */
export class Unexpected extends Error {}

export type Outcome = 'ok' | 'skip' | `refused ${number}`;

/** Business refusals: forbidden (same person twice), not found, conflict, idempotency in progress, invalid transition. */
const REFUSALS = new Set([40300, 40400, 40900, 40901, 42200]);

export interface Loan {
  orderId: number;
  orderNo: string;
  phone: string;
  deviceId: string;
}

export interface SimState {
  seed: string;
  loans: Map<string, Loan>;
}

const OPEN = ['repaying', 'overdue', 'extended', 'bad_debt'];
const REVIEW: Record<string, { who: 'reviewer1' | 'reviewer2' | 'prereview' | 'admin'; cmd: string }> = {
  first_review: { who: 'reviewer1', cmd: 'review.trial' },
  second_review: { who: 'reviewer2', cmd: 'review.reviewAgain' },
  pre_review: { who: 'prereview', cmd: 'review.PaymentPreTrial' },
  disbursement_review: { who: 'admin', cmd: 'review.reviewLoan' },
};
const CLOSABLE = ['withdrawal', 'failed', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended', 'pending_review'];

const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

/** Runs one operation; answers its outcome or throws Unexpected. */
export async function runOp(w: World, s: SimState, op: Op): Promise<Outcome> {
  try {
    return await dispatch(w, s, op);
  } catch (e) {
    if (e instanceof CommandApiError && REFUSALS.has(e.code)) return `refused ${e.code}`;
    if (e instanceof AppError && REFUSALS.has(e.code)) return `refused ${e.code}`;
    if (e instanceof Unexpected) throw e;
    const detail = e instanceof CommandApiError ? `code ${e.code} (HTTP ${e.httpStatus}) ${e.message}` : String((e as Error)?.stack ?? e);
    throw new Unexpected(detail);
  }
}

async function dispatch(w: World, s: SimState, op: Op): Promise<Outcome> {
  const a = op.args;
  const db = w.server.db;
  const key = `sim-key-${op.id}`;
  /** The version a reviewer reads with the order (its last change in ms), as the console's review panel sends it. */
  const versionOf = async (id: number) =>
    String((await db.select({ updatedAt: loanOrder.updatedAt }).from(loanOrder).where(eq(loanOrder.id, id)))[0].updatedAt.getTime());
  if (op.op === 'apply') return apply(w, s, op);
  if (op.op === 'machineReview') {
    // Small batches, as the scheduler's would be under load; the job logs and counts an order it failed on.
    const r = await runMachineReviewBatch(w.server.app.deps, 25);
    if (r.failed) throw new Unexpected(`machine review failed on ${r.failed} order(s)`);
    return r.skipped ? 'skip' : 'ok';
  }
  if (op.op === 'callbacks') return callbacks(w, op);
  if (op.op === 'topUp') {
    // No API moves a merchant's balance today: funding is a ledger posting, as the demo and the fixtures make it.
    await topUp(db, w.merchantId, Number(a.amount));
    return 'ok';
  }
  if (op.op === 'endOfDay') {
    await w.run('admin', 'system.test.moveClock', { advance_days: Number(a.days) });
    await w.run('admin', 'system.test.runEndOfDay', {});
    return 'ok';
  }

  const found = await pickLoan(w, s, op);
  if (!found) return 'skip';
  const { loan, o } = found;
  const sel = (id: number, k?: string) => ({ selection: id, key: k });

  switch (op.op) {
    case 'review': {
      if (o.status === 'suspended') {
        await w.run('prereview', 'review.loanInterception.interceptRelease', {}, sel(o.id));
        return 'ok';
      }
      if (o.status === 'pending_review' || o.status === 'reloan') {
        // The job's unit of work for this one order (as a second scheduler would run it, racing the batch job).
        const t0 = Date.now();
        await runMachineReview(w.server.app.deps, o.id);
        if (process.env.SIM_DEBUG) console.log(`machine review of one order: ${Date.now() - t0} ms`);
        return 'ok';
      }
      if (o.status === 'machine_review') {
        await w.run('admin', 'review.allOrder.switchManual', {}, sel(o.id));
        return 'ok';
      }
      // The review desks work the order through its remaining manual stages, each stage by its own reviewer (one
      // person may not pass two), unless it is rejected or intercepted on the way.
      let status = o.status;
      if (!REVIEW[status]) return 'skip';
      for (let step = 0; REVIEW[status] && step < 4; step++) {
        const stage = REVIEW[status];
        if (a.intercept && step === 0) {
          await w.run('prereview', 'review.loanInterception.intercept', { reason: 'Simulated interception' }, sel(o.id));
          return 'ok';
        }
        if (a.reject && step === 0) {
          await w.run(stage.who, `${stage.cmd}.reject`, { reason: w.rejectReason, remark: 'Simulated rejection', version: await versionOf(o.id) }, sel(o.id));
          return 'ok';
        }
        // A decision names the version of the order its reviewer read (another worker may change it in between: 40900).
        await w.run(stage.who, `${stage.cmd}.approve`, { version: await versionOf(o.id) }, sel(o.id));
        [{ status }] = await db.select({ status: loanOrder.status }).from(loanOrder).where(eq(loanOrder.id, o.id));
      }
      return 'ok';
    }
    case 'confirm': {
      if (o.status !== 'withdrawal') return 'skip';
      if (a.by === 'app') {
        const body = { phone: loan.phone, order_no: loan.orderNo, device_id: loan.deviceId };
        type Confirmed = { order_no: string; transfer?: { transfer_id: number } };
        const first = await w.app<Confirmed>('POST', '/loanapi/app/confirm_withdrawal', body, { 'idempotency-key': key });
        const out = intakeOutcome(first, 'confirm_withdrawal');
        if (a.retry && out === 'ok') {
          // A lost answer retried under the same key: the same payout (its status may have moved on), never a second.
          const again = await w.app<Confirmed>('POST', '/loanapi/app/confirm_withdrawal', body, { 'idempotency-key': key });
          if (again.code === 20000 && again.data.transfer?.transfer_id !== first.data.transfer?.transfer_id) {
            throw new Unexpected(`a retried confirmation answered transfer ${again.data.transfer?.transfer_id} after ${first.data.transfer?.transfer_id}`);
          }
          intakeOutcome(again, 'confirm_withdrawal (retry)');
        }
        return out;
      }
      await w.run('withdrawal', 'withdrawal.waitFor.claim', {}, sel(o.id)).catch((e) => {
        // Already claimed (by this agent on an earlier try): confirming is still theirs to do.
        if (!(e instanceof CommandApiError && REFUSALS.has(e.code))) throw e;
      });
      await w.run('withdrawal', 'withdrawal.MywaitForOrder.confirmWithdrawal', { note: 'Confirmed by phone' }, sel(o.id, key));
      return 'ok';
    }
    case 'retransfer': {
      if (o.status !== 'failed') return 'skip';
      const [t] = await db.select().from(transfer).where(eq(transfer.orderId, o.id)).orderBy(desc(transfer.id)).limit(1);
      if (!t) return 'skip';
      await w.run('admin', 'transfer.TransferOrderFail.retransfer', {}, sel(t.id, key));
      return 'ok';
    }
    case 'reverse': {
      if (o.status !== 'repaying') return 'skip';
      const [t] = await db.select().from(transfer).where(eq(transfer.orderId, o.id)).orderBy(desc(transfer.id)).limit(1);
      if (!t) return 'skip';
      await w.run('admin', 'transfer.TransferOrderSuccess.reverse', { secure_password: SECURE_KEY, reason: 'Simulated duplicate payout' }, sel(t.id, key));
      return 'ok';
    }
    case 'close': {
      if (!CLOSABLE.includes(o.status)) return 'skip';
      await w.run('admin', 'review.allOrder.close', { reason: 'Simulated close' }, sel(o.id));
      return 'ok';
    }
    case 'repay': {
      if (!OPEN.includes(o.status) || o.remainingDebtMinor <= 0) return 'skip';
      const amount = roundTo(o.remainingDebtMinor * Number(a.frac), 1000);
      const params = { order_id: o.id, amount, reference: `SIM-${op.id}` };
      await w.run('merchant', 'repayment.settlement.add', params, { key });
      if (a.retry) await w.run('merchant', 'repayment.settlement.add', params, { key });
      return 'ok';
    }
    case 'cardRepay': {
      if (!OPEN.includes(o.status) || o.remainingDebtMinor <= 0) return 'skip';
      const amount = roundTo(o.remainingDebtMinor * Number(a.frac), 1000);
      const res = await w.app('POST', '/loanapi/app/repay', { phone: loan.phone, order_no: loan.orderNo, method: 'card', amount }, { 'idempotency-key': key });
      return intakeOutcome(res, 'repay');
    }
    case 'revoke': {
      const done = await db.select({ id: repayment.id }).from(repayment)
        .where(and(eq(repayment.orderId, o.id), eq(repayment.status, 'success'))).orderBy(repayment.id);
      if (!done.length) return 'skip';
      const r = done[Math.floor(Number(a.pick) * done.length)];
      await w.run('merchant', 'repayment.repaymentList.revoke', { reason: 'Bank returned the transfer' }, sel(r.id, key));
      return 'ok';
    }
    case 'reduce': {
      if (!OPEN.includes(o.status) || o.remainingDebtMinor <= 0) return 'skip';
      const amount = roundTo(o.remainingDebtMinor * Number(a.frac), 1000);
      const r = await w.run<{ id: number }>('admin', 'merchant.repaymentDiscountRule.requestReduction', { order_id: o.id, amount, reason: 'Hardship, agreed by phone' }, { key });
      if (a.approve) await w.run('merchant', 'merchant.repaymentDiscountRule.approveReduction', {}, sel(r.id, `${key}-a`));
      else await w.run('merchant', 'merchant.repaymentDiscountRule.rejectReduction', { remark: 'Not this month' }, sel(r.id));
      return 'ok';
    }
    case 'extend': {
      if (!OPEN.includes(o.status)) return 'skip';
      const e = await w.run<{ id: number }>('admin', 'extension.ExhibitionPeriodList.apply', { order_id: o.id });
      if (!a.pass) {
        await w.run('merchant', 'extension.reviewExhibitionPeriod.reject', { remark: 'Not eligible' }, sel(e.id));
        return 'ok';
      }
      await w.run('merchant', 'extension.reviewExhibitionPeriod.pass', {}, sel(e.id));
      // The fee and the penalty owed now (what the pay screen's quote shows); the end of day may add to it meanwhile.
      const [ext] = await db.select({ fee: extension.feeMinor }).from(extension).where(eq(extension.id, e.id));
      const [now] = await db.select().from(loanOrder).where(eq(loanOrder.id, o.id));
      const amount = ext.fee + owedParts(now).penalty + Number(a.extra);
      await w.run('merchant', 'extension.ExhibitionPeriodPassedList.pay', { amount }, sel(e.id, key));
      return 'ok';
    }
    default:
      throw new Unexpected(`unknown operation ${op.op}`);
  }
}

/** Whether an operation has anything to do on an order in this state. */
function applies(kind: Op['op'], o: typeof loanOrder.$inferSelect): boolean {
  switch (kind) {
    case 'review': return ['pending_review', 'reloan', 'machine_review', 'suspended'].includes(o.status) || !!REVIEW[o.status];
    case 'confirm': return o.status === 'withdrawal';
    case 'retransfer': return o.status === 'failed';
    case 'reverse': return o.status === 'repaying';
    case 'close': return CLOSABLE.includes(o.status);
    case 'extend': return OPEN.includes(o.status);
    case 'revoke': return OPEN.includes(o.status) || o.status === 'settled';
    default: return OPEN.includes(o.status) && o.remainingDebtMinor > 0;
  }
}

/**
 * The loan an operation acts on: the one it names when there is something to do on it, else the first of its owner's
 * other loans (newest first) that has — the way a person takes the next row of their list. Depends only on the
 * database, so a replay one operation at a time picks the same loans.
 */
async function pickLoan(w: World, s: SimState, op: Op): Promise<{ loan: Loan; o: typeof loanOrder.$inferSelect } | null> {
  const named = String(op.args.loan);
  const owner = named.split('.')[0];
  const handles = [named, ...[...s.loans.keys()].filter((h) => h.split('.')[0] === owner && h !== named).reverse()];
  for (const h of handles) {
    const loan = s.loans.get(h);
    if (!loan) continue;
    const [o] = await w.server.db.select().from(loanOrder).where(eq(loanOrder.id, loan.orderId));
    if (applies(op.op, o)) return { loan, o };
  }
  return null;
}

/** A new borrower registers, binds a card and applies in the app (sometimes sending the application twice under one key). */
async function apply(w: World, s: SimState, op: Op): Promise<Outcome> {
  const a = op.args;
  const [wk, n] = String(a.loan).split('.').map(Number);
  const b = syntheticBorrower('vn', `sim-${s.seed}`, wk * 1_000_000 + n);
  const reg = await w.app('POST', '/loanapi/app/register', {
    phone: b.phone, name: b.name, id_number: b.id_number, birth_date: b.birth_date, gender: b.gender, device_id: b.device_id, device: b.device, profile: b.profile,
  });
  let out = intakeOutcome(reg, 'register');
  if (out !== 'ok') return out;
  out = intakeOutcome(await w.app('POST', '/loanapi/app/bind_card', { phone: b.phone, bank_code: b.bank.code, card_number: b.card_number, cardholder: b.name }), 'bind_card');
  if (out !== 'ok') return out;
  const p = w.products[Number(a.product) % w.products.length];
  const step = 100_000;
  const span = p.max_amount > p.min_amount ? Math.floor((p.max_amount - p.min_amount) / step) : 0;
  const amount = p.min_amount + Math.min(span, Math.floor(Number(a.amount) * (span + 1))) * step;
  const days = p.min_days + Math.min(p.max_days - p.min_days, Math.floor(Number(a.days) * (p.max_days - p.min_days + 1)));
  const body = { phone: b.phone, product_id: p.product_id, amount, days, device_id: b.device_id };
  const headers = a.dupKey ? { 'idempotency-key': `sim-key-${op.id}` } : undefined;
  const res = await w.app<{ order_no: string }>('POST', '/loanapi/app/apply', body, headers);
  out = intakeOutcome(res, 'apply');
  if (out !== 'ok') return out;
  if (a.dupKey) {
    const again = await w.app<{ order_no: string }>('POST', '/loanapi/app/apply', body, headers);
    if (again.code === 20000 && again.data.order_no !== res.data.order_no) {
      throw new Unexpected(`a retried application under one key made a second order ${again.data.order_no} besides ${res.data.order_no}`);
    }
  }
  const [o] = await w.server.db.select({ id: loanOrder.id }).from(loanOrder).where(eq(loanOrder.orderNo, res.data.order_no));
  if (!o) throw new Unexpected(`application answered order ${res.data.order_no}, which does not exist`);
  s.loans.set(String(a.loan), { orderId: o.id, orderNo: res.data.order_no, phone: b.phone, deviceId: b.device_id });
  return 'ok';
}

/** The borrower app's answer: a refusal by business code (or the intake rules, 40000) is normal, the rest is not. */
function intakeOutcome(res: { status: number; code: number; msg: string }, what: string): Outcome {
  if (res.code === 20000) return 'ok';
  if (process.env.SIM_DEBUG) console.log(`${what}: ${res.code} ${res.msg}`);
  if (res.status < 500 && (REFUSALS.has(res.code) || res.code === 40000)) return `refused ${res.code}`;
  throw new Unexpected(`${what}: HTTP ${res.status} code ${res.code} ${res.msg}`);
}

/**
 * The payment provider's held callbacks, delivered as a real gateway might: a few at a time in any order, some twice,
 * and sometimes one that was already delivered arrives again, late. Every delivery must be answered 200 (taken, or
 * recognised as a duplicate); a gateway would retry anything else for days.
 */
async function callbacks(w: World, op: Op): Promise<Outcome> {
  const a = op.args;
  const pick = Number(a.pick);
  const batch = [];
  for (let i = 0; i < Number(a.take) && w.rt.pending.length; i++) {
    const idx = Math.floor(((pick + i * 0.618) % 1) * w.rt.pending.length);
    batch.push(w.rt.pending.splice(idx, 1)[0]);
  }
  if (a.replayOld && w.delivered.length) batch.push(w.delivered[Math.floor(pick * w.delivered.length)]);
  if (!batch.length) return 'skip';
  for (const cb of batch) {
    const times = a.dup ? 2 : 1;
    for (let k = 0; k < times; k++) {
      const res = await w.rt.deliver(cb);
      if (res.status !== 200) throw new Unexpected(`callback ${JSON.stringify(cb.body)} to ${cb.target ?? 'payout'} answered HTTP ${res.status}: ${JSON.stringify(res.body)}`);
    }
    if (!w.delivered.includes(cb)) w.delivered.push(cb);
  }
  return 'ok';
}
