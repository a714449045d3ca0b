import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { CODE, idBody } from '../../../schemas/common';
import { PAY_CARD_PURPOSES, payCardBody, payCardEditBody, type PayCardPurpose } from '../../../schemas/payment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { PAY_CARD_LISTS } from './lists';
import { payCard, paymentChannel } from './payment.table';

type Row = typeof payCard.$inferSelect;

const view = (r: Row) => ({
  id: r.id, purpose: r.purpose, merchant_id: r.merchantId, channel_id: r.channelId, bank_name: r.bankName, account_name: r.accountName,
  account_number: r.accountNumber, enabled: r.enabled, sort: r.sort, remark: r.remark,
});

export const PAY_CARD_PAGE: Record<PayCardPurpose, string> = { repayment: 'repaymentPayCard', collection: 'collectionPayCard' };
export const payCardBase = (purpose: PayCardPurpose) => `/loanapi/${purpose}_pay_card`;

/**
 * /transfer/repaymentPayCard and /transfer/collectionPayCard: the cards / accounts customers pay repayments and
 * collection payments into, per merchant. One table, one set of routes per purpose (each page's own permission).
 */
export function payCardRoutes(app: FastifyInstance, deps: Deps): void {
  const inScope = (req: FastifyRequest, merchantId: number) => {
    const actor = req.actor!;
    return isUnscoped(actor) || actor.merchantIds.includes(merchantId);
  };
  const checkRefs = async (req: FastifyRequest, merchantId: number | undefined, channelId: number | null | undefined) => {
    if (merchantId !== undefined) {
      const [m] = await deps.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
      if (!m || !inScope(req, merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.merchant' });
    }
    if (channelId) {
      const [ch] = await deps.db.select({ id: paymentChannel.id }).from(paymentChannel).where(eq(paymentChannel.id, channelId));
      if (!ch) throw new AppError(CODE.VALIDATION, 'error.notFound', { what: '@payment.channel' }, 200, [{ path: 'channel_id', id: 'validation.invalidChoice', values: {} }]);
    }
  };

  for (const purpose of PAY_CARD_PURPOSES) {
    const page = PAY_CARD_PAGE[purpose];
    const base = payCardBase(purpose);
    const A = (verb: string) => actionKey('transfer', page, verb);
    const load = async (req: FastifyRequest, id: number): Promise<Row> => {
      const [row] = await deps.db.select().from(payCard).where(and(eq(payCard.id, id), eq(payCard.purpose, purpose)));
      if (!row || !inScope(req, row.merchantId)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.payCard' });
      return row;
    };

    listRoute(app, deps, PAY_CARD_LISTS[purpose], { url: `${base}/list` });

    route(app, { method: 'POST', url: `${base}/add`, permission: A('add'), body: payCardBody }, async ({ req, body }) => {
      await checkRefs(req, body.merchant_id, body.channel_id);
      return deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(payCard).values({
          purpose, merchantId: body.merchant_id, channelId: body.channel_id, bankName: body.bank_name, accountName: body.account_name,
          accountNumber: body.account_number, enabled: body.enabled, sort: body.sort, remark: body.remark,
        }).returning();
        await writeOpLog(tx, req, { action: `${page}.add`, targetType: 'pay_card', targetId: row.id, after: view(row) });
        return view(row);
      });
    });

    route(app, { method: 'POST', url: `${base}/edit`, permission: A('edit'), body: payCardEditBody }, async ({ req, body }) => {
      const before = await load(req, body.id);
      await checkRefs(req, undefined, body.channel_id);
      return deps.db.transaction(async (tx) => {
        const [row] = await tx.update(payCard).set({
          channelId: body.channel_id === undefined ? before.channelId : body.channel_id, bankName: body.bank_name ?? before.bankName,
          accountName: body.account_name ?? before.accountName, accountNumber: body.account_number ?? before.accountNumber,
          enabled: body.enabled ?? before.enabled, sort: body.sort ?? before.sort, remark: body.remark ?? before.remark, updatedAt: sql`now()`,
        }).where(eq(payCard.id, body.id)).returning();
        await writeOpLog(tx, req, { action: `${page}.edit`, targetType: 'pay_card', targetId: row.id, before: view(before), after: view(row) });
        return view(row);
      });
    });

    route(app, { method: 'POST', url: `${base}/del`, permission: A('del'), body: idBody }, async ({ req, body }) => {
      const before = await load(req, body.id);
      await deps.db.transaction(async (tx) => {
        await tx.delete(payCard).where(eq(payCard.id, body.id));
        await writeOpLog(tx, req, { action: `${page}.del`, targetType: 'pay_card', targetId: body.id, before: view(before) });
      });
      return null;
    });
  }
}

/** The enabled cards of a merchant customers pay into, by purpose (for the repayment link and collectors). */
export async function enabledPayCards(db: Deps['db'], merchantId: number, purpose: PayCardPurpose) {
  return db.select().from(payCard).where(and(eq(payCard.merchantId, merchantId), eq(payCard.purpose, purpose), eq(payCard.enabled, true)))
    .orderBy(payCard.sort, payCard.id);
}
