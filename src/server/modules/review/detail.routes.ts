import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { REJECT_REASON_DICT, SERVICE_PAGES, SERVICE_QUEUES, STAGE_PAGES, STAGE_QUEUES, stagePageOf, type ReviewFilterOptions, type ReviewOrderDetail } from '../../../schemas/review';
import type { Deps } from '../../deps';
import { route } from '../../http';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { dictItem } from '../system/system.table';
import { liveTask } from '../task/task';
import { orderNotFound, passedOtherStage, scopeOf, versionOf } from './orders';
import { reviewRecord } from './review.table';
import { dictLabelSql } from '../system/dictLabel';

/** Every review page: each may open an order's review panel and read the queue filter choices. */
export const REVIEW_PAGES: readonly string[] = [
  ...STAGE_PAGES, ...SERVICE_PAGES, 'loanInterception', 'allOrder', 'resettingOrder',
].map((p) => pageKey('review', p));

/** The review panel of /details/reviewDetails and the filter choices of the review queues. */
export function detailRoutes(app: FastifyInstance, d: Deps): void {
  route(app, {
    method: 'GET', url: '/loanapi/review/order_detail', permission: [...REVIEW_PAGES],
    query: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  }, async ({ req, query }): Promise<ReviewOrderDetail> => {
    const actor = req.actor!;
    const scope = scopeOf(actor);
    const [o] = await d.db.select().from(loanOrder).where(eq(loanOrder.id, query.id));
    if (!o || (scope && !scope.includes(o.merchantId))) throw orderNotFound();
    const [m] = await d.db.select({ name: merchant.name }).from(merchant).where(eq(merchant.id, o.merchantId));
    const page = stagePageOf(o.status);
    const q = page ? STAGE_QUEUES[page] : null;
    const task = q ? await liveTask(d.db, q.queue, { orderId: o.id }) : undefined;
    const svc = q?.service ? await liveTask(d.db, SERVICE_QUEUES[q.service].queue, { orderId: o.id }) : undefined;
    const records = await d.db.select().from(reviewRecord).where(eq(reviewRecord.orderId, o.id)).orderBy(desc(reviewRecord.id)).limit(200);
    const people = [...new Set([task?.assigneeId, svc?.assigneeId, svc?.openedBy, ...records.map((r) => r.accountId)].filter((x): x is number => x != null))];
    const names = new Map(people.length
      ? (await d.db.select({ id: adminAccount.id, name: adminAccount.name }).from(adminAccount).where(inArray(adminAccount.id, people))).map((a) => [a.id, a.name])
      : []);
    const reasons = new Map((await d.db.select({ value: dictItem.value, label: dictLabelSql(req.lang) }).from(dictItem)
      .where(eq(dictItem.dictName, REJECT_REASON_DICT))).map((r) => [r.value, r.label]));
    const name = (id: number | null | undefined) => (id == null ? null : names.get(id) ?? `#${id}`);
    return {
      order: {
        id: o.id, order_no: o.orderNo, status: o.status as ReviewOrderDetail['order']['status'], customer_id: o.customerId, merchant_id: o.merchantId,
        merchant_name: m?.name ?? null, product_name: o.productName, currency: o.currency, is_returning: o.isReturning, order_type: o.orderType,
        application_amount: o.applicationAmountMinor, loan_amount: o.loanAmountMinor, review_limit: o.reviewLimitMinor, loan_days: o.loanDays,
        review_stage: o.reviewStage, review_result: o.reviewResult, loan_remark: o.loanRemark, machine_review_result: o.machineReviewResult,
        machine_review_score: o.machineReviewScore, created_at: o.createdAt.toISOString(),
      },
      page,
      task: task ? {
        status: task.status, assignee_id: task.assigneeId, assignee_name: name(task.assigneeId),
        claimed_at: task.claimedAt?.toISOString() ?? null, mine: task.status === 'claimed' && task.assigneeId === actor.accountId,
      } : null,
      service: svc && q?.service ? {
        page: q.service, note: svc.note, opened_at: svc.openedAt.toISOString(), sent_by_name: name(svc.openedBy), assignee_name: name(svc.assigneeId),
      } : null,
      can_pass: !(await passedOtherStage(d.db, o.id, actor.accountId)),
      version: versionOf(o),
      records: records.map((r) => ({
        id: r.id, stage: r.stage, result: r.result, reason: r.reason, reason_label: r.result === 'rejected' ? reasons.get(r.reason) ?? '' : '',
        remark: r.remark, limit: r.limitMinor, account_id: r.accountId, account_name: name(r.accountId), created_at: r.createdAt.toISOString(),
      })),
    };
  });

  route(app, { method: 'GET', url: '/loanapi/review/filter_options', permission: [...REVIEW_PAGES, pageKey('merchant', 'loanConfig')] }, async ({ req }): Promise<ReviewFilterOptions> => {
    const actor = req.actor!;
    const ids = isUnscoped(actor) ? null : actor.merchantIds;
    const [merchants, products] = await Promise.all([
      d.db.select({ id: merchant.id, name: merchant.name, code: merchant.code, currency: merchant.currency, parent_id: merchant.parentId })
        .from(merchant).where(ids ? inArray(merchant.id, ids) : undefined).orderBy(asc(merchant.id)),
      d.db.select({ id: product.id, name: product.name, merchant_id: product.merchantId })
        .from(product).where(and(ids ? inArray(product.merchantId, ids) : undefined)).orderBy(asc(product.merchantId), asc(product.id)),
    ]);
    return { merchants, products };
  });
}
