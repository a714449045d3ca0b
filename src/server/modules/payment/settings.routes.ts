import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey } from '../../../../commands/permissions';
import { CODE, idBody } from '../../../schemas/common';
import { autoLoanRuleBody, autoLoanRuleEditBody, paymentConfigBody } from '../../../schemas/payment';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { autoLoanRuleList, paymentConfigList } from './lists';
import { autoLoanRule, merchantPaymentConfig, paymentChannel } from './payment.table';
import { loadConfig } from './plan';

/** A merchant the actor may configure (40400 otherwise: another merchant's settings do not exist for it). */
async function scopedMerchant(deps: Deps, req: FastifyRequest, id: number): Promise<void> {
  const actor = req.actor!;
  const [m] = await deps.db.select({ id: merchant.id }).from(merchant)
    .where(and(eq(merchant.id, id), isUnscoped(actor) ? undefined : inArray(merchant.id, actor.merchantIds.length ? actor.merchantIds : [-1])));
  if (!m) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.merchant' });
}

const configView = (c: Awaited<ReturnType<typeof loadConfig>>) => ({
  merchant_id: c.merchantId, payout_channel_id: c.payoutChannelId, auto_payout: c.autoPayout, audit_enabled: c.auditEnabled,
  audit_above: c.auditAboveMinor, min_payout: c.minPayoutMinor, max_payout: c.maxPayoutMinor,
});

const ruleView = (r: typeof autoLoanRule.$inferSelect) => ({
  id: r.id, merchant_id: r.merchantId, name: r.name, customer_type: r.customerType, max_amount: r.maxAmountMinor,
  min_settled_loans: r.minSettledLoans, enabled: r.enabled, sort: r.sort,
});

/** /merchant/autoPaymentConfig (a merchant's payout settings) and /merchant/autoLoanRule (audit exemptions). */
export function settingsRoutes(app: FastifyInstance, deps: Deps): void {
  listRoute(app, deps, paymentConfigList, { url: '/loanapi/payment_config/list' });
  listRoute(app, deps, autoLoanRuleList, { url: '/loanapi/auto_loan_rule/list' });

  route(app, { method: 'POST', url: '/loanapi/payment_config/edit', permission: actionKey('merchant', 'autoPaymentConfig', 'edit'), body: paymentConfigBody }, async ({ req, body }) => {
    await scopedMerchant(deps, req, body.id);
    if (body.payout_channel_id !== null) {
      const [ch] = await deps.db.select({ id: paymentChannel.id }).from(paymentChannel).where(eq(paymentChannel.id, body.payout_channel_id));
      if (!ch) throw new AppError(CODE.VALIDATION, 'error.notFound', { what: '@payment.channel' }, 200, [{ path: 'payout_channel_id', id: 'validation.invalidChoice', values: {} }]);
    }
    return deps.db.transaction(async (tx) => {
      const before = configView(await loadConfig(tx, body.id));
      const values = {
        payoutChannelId: body.payout_channel_id, autoPayout: body.auto_payout, auditEnabled: body.audit_enabled, auditAboveMinor: body.audit_above,
        minPayoutMinor: body.min_payout, maxPayoutMinor: body.max_payout, updatedBy: req.actor!.accountId, updatedAt: sql`now()`,
      };
      await tx.insert(merchantPaymentConfig).values({ merchantId: body.id, ...values }).onConflictDoUpdate({ target: merchantPaymentConfig.merchantId, set: values });
      const after = configView(await loadConfig(tx, body.id));
      await writeOpLog(tx, req, { action: 'autoPaymentConfig.edit', targetType: 'merchant', targetId: body.id, before, after });
      return after;
    });
  });

  const R = (verb: string) => actionKey('merchant', 'autoLoanRule', verb);

  route(app, { method: 'POST', url: '/loanapi/auto_loan_rule/add', permission: R('add'), body: autoLoanRuleBody }, async ({ req, body }) => {
    await scopedMerchant(deps, req, body.merchant_id);
    return deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(autoLoanRule).values({
        merchantId: body.merchant_id, name: body.name, customerType: body.customer_type, maxAmountMinor: body.max_amount,
        minSettledLoans: body.min_settled_loans, enabled: body.enabled, sort: body.sort,
      }).returning();
      await writeOpLog(tx, req, { action: 'autoLoanRule.add', targetType: 'auto_loan_rule', targetId: row.id, after: ruleView(row) });
      return ruleView(row);
    });
  });

  const scopedRule = async (req: FastifyRequest, id: number) => {
    const [row] = await deps.db.select().from(autoLoanRule).where(eq(autoLoanRule.id, id));
    if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.rule' });
    await scopedMerchant(deps, req, row.merchantId).catch(() => { throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.rule' }); });
    return row;
  };

  route(app, { method: 'POST', url: '/loanapi/auto_loan_rule/edit', permission: R('edit'), body: autoLoanRuleEditBody }, async ({ req, body }) => {
    const before = await scopedRule(req, body.id);
    return deps.db.transaction(async (tx) => {
      const [row] = await tx.update(autoLoanRule).set({
        name: body.name ?? before.name, customerType: body.customer_type ?? before.customerType, maxAmountMinor: body.max_amount ?? before.maxAmountMinor,
        minSettledLoans: body.min_settled_loans ?? before.minSettledLoans, enabled: body.enabled ?? before.enabled, sort: body.sort ?? before.sort,
        updatedAt: sql`now()`,
      }).where(eq(autoLoanRule.id, body.id)).returning();
      await writeOpLog(tx, req, { action: 'autoLoanRule.edit', targetType: 'auto_loan_rule', targetId: row.id, before: ruleView(before), after: ruleView(row) });
      return ruleView(row);
    });
  });

  route(app, { method: 'POST', url: '/loanapi/auto_loan_rule/del', permission: R('del'), body: idBody }, async ({ req, body }) => {
    const before = await scopedRule(req, body.id);
    await deps.db.transaction(async (tx) => {
      await tx.delete(autoLoanRule).where(eq(autoLoanRule.id, body.id));
      await writeOpLog(tx, req, { action: 'autoLoanRule.del', targetType: 'auto_loan_rule', targetId: body.id, before: ruleView(before) });
    });
    return null;
  });
}
