import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { CardBatchRow } from '../../../schemas/repaymentCard';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { merchant } from '../merchant/merchant.table';
import { loanOrder } from '../order/order.table';
import { paymentRuntime } from '../payment/runtime';
import type { ActionCtx } from '../payment/transfer.service';
import { OPEN_STATUSES } from './account';
import { issueCard } from './cards';
import { payInChannel } from './collect';
import { repaymentCardBatch } from './repayment.table';

/**
 * /repayment/resetAllRepaymentCards: re-issue the virtual-account card of every customer of a merchant who has an open
 * order, as a background batch in this process. The batch row counts its progress (total, done, failed) after every
 * customer, so the screen's progress bar follows it; one batch per merchant runs at a time (a second start is 40900
 * `repaymentCard.batchRunning`). A batch another process left running (it stopped) is marked failed when a new one is
 * started for the merchant more than STALE_MS after it began.
 */
export const CARD_BATCH_SETTINGS = { pageSize: 100, staleMs: 30 * 60_000 };

const runs = new WeakMap<Deps, Map<number, Promise<void>>>();
const runsOf = (deps: Deps) => {
  let m = runs.get(deps);
  if (!m) runs.set(deps, (m = new Map()));
  return m;
};

/** Resolves when the batch (started by this process) has finished; at once for any other. */
export function waitForCardBatch(deps: Deps, id: number): Promise<void> {
  return runsOf(deps).get(id) ?? Promise.resolve();
}

/** Waits for every batch this process is running (server shutdown). */
export async function drainCardBatches(deps: Deps): Promise<void> {
  await Promise.allSettled([...runsOf(deps).values()]);
}

type BatchRecord = typeof repaymentCardBatch.$inferSelect;

export function batchView(b: BatchRecord, merchantName: string | null = null, createdBy: string | null = null): CardBatchRow {
  return {
    id: b.id, merchant_id: b.merchantId, merchant_name: merchantName, status: b.status as CardBatchRow['status'], total: b.total, done: b.done,
    failed: b.failed, remark: b.remark, error: b.error, created_by: createdBy, created_at: b.createdAt.toISOString(), finished_at: b.finishedAt?.toISOString() ?? null,
  };
}

const openCustomers = (merchantId: number) =>
  and(eq(loanOrder.merchantId, merchantId), inArray(loanOrder.status, [...OPEN_STATUSES]));

export async function startCardBatch(deps: Deps, a: ActionCtx, input: { merchantId: number; remark?: string }): Promise<CardBatchRow> {
  if (a.merchantIds !== null && !a.merchantIds.includes(input.merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@field.merchant_id' });
  const ch = await payInChannel(deps.db, input.merchantId);
  if (!paymentRuntime(deps).provider(ch).payInMethods.includes('va')) throw new AppError(CODE.CONFLICT, 'repayment.collectUnsupported');
  const mine = runsOf(deps);
  const batch = await deps.db.transaction(async (tx) => {
    const [m] = await tx.select({ id: merchant.id, name: merchant.name }).from(merchant).where(eq(merchant.id, input.merchantId)).for('update');
    if (!m) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@field.merchant_id' });
    const running = await tx.select().from(repaymentCardBatch)
      .where(and(eq(repaymentCardBatch.merchantId, input.merchantId), eq(repaymentCardBatch.status, 'running')));
    const staleBefore = new Date(deps.now().getTime() - CARD_BATCH_SETTINGS.staleMs);
    for (const r of running) {
      if (mine.has(r.id) || r.createdAt > staleBefore) throw new AppError(CODE.CONFLICT, 'repaymentCard.batchRunning');
    }
    if (running.length) {
      await tx.update(repaymentCardBatch).set({ status: 'failed', error: 'interrupted', finishedAt: deps.now() })
        .where(and(eq(repaymentCardBatch.merchantId, input.merchantId), eq(repaymentCardBatch.status, 'running'), lt(repaymentCardBatch.createdAt, staleBefore)));
    }
    const [{ n }] = await tx.select({ n: sql<number>`count(distinct ${loanOrder.customerId})::int` }).from(loanOrder).where(openCustomers(input.merchantId));
    const [row] = await tx.insert(repaymentCardBatch).values({
      merchantId: input.merchantId, status: 'running', total: n, remark: input.remark ?? '', createdBy: a.actorId, createdAt: deps.now(),
    }).returning();
    await a.log(tx, { action: 'repayment.resetCards', targetType: 'repayment_card_batch', targetId: row.id, after: { merchant_id: input.merchantId, total: n, remark: row.remark } });
    return { row, merchantName: m.name };
  });
  const run = runBatch(deps, batch.row).finally(() => mine.delete(batch.row.id));
  mine.set(batch.row.id, run);
  return batchView(batch.row, batch.merchantName);
}

async function runBatch(deps: Deps, b: BatchRecord): Promise<void> {
  let after = 0;
  let done = 0;
  let failed = 0;
  let lastError = '';
  try {
    for (;;) {
      const page = await deps.db.selectDistinct({ id: loanOrder.customerId }).from(loanOrder)
        .where(and(openCustomers(b.merchantId), gt(loanOrder.customerId, after)))
        .orderBy(asc(loanOrder.customerId)).limit(CARD_BATCH_SETTINGS.pageSize);
      if (!page.length) break;
      for (const { id } of page) {
        after = id;
        try {
          await issueCard(deps, { merchantId: b.merchantId, customerId: id, batchId: b.id });
          done++;
        } catch (err) {
          failed++;
          lastError = String((err as Error)?.message ?? err).slice(0, 300);
        }
        await deps.db.update(repaymentCardBatch).set({ done, failed }).where(eq(repaymentCardBatch.id, b.id));
      }
    }
    await deps.db.update(repaymentCardBatch).set({ status: 'done', done, failed, total: done + failed, error: lastError, finishedAt: deps.now() })
      .where(eq(repaymentCardBatch.id, b.id));
  } catch (err) {
    await deps.db.update(repaymentCardBatch).set({ status: 'failed', done, failed, error: String((err as Error)?.message ?? err).slice(0, 300), finishedAt: deps.now() })
      .where(eq(repaymentCardBatch.id, b.id)).catch(() => undefined);
  }
}
