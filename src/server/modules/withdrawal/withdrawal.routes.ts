import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { idsBody64 } from '../../../schemas/common';
import {
  bulkNoteBody, closeBody, confirmBody, contactBody, contactsQuery, dispatchBody, manualLendingBody, manualLookupQuery, MANUAL_LENDING_API, noteBody,
  notifyBody, returnBody, WITHDRAWAL_LISTS, WITHDRAWAL_PAGES, WITHDRAWAL_SMS_LOG_LIST, withdrawalActionPath, type ManualLookup, type WithdrawalPage,
} from '../../../schemas/withdrawal';
import type { Deps } from '../../deps';
import { route, SIGNED_IN } from '../../http';
import { listRoute } from '../../list/routes';
import { bankCard, customer } from '../client/client.table';
import { normaliseListQuery } from '../client/listHooks';
import { maskPhone } from '../empower/scope';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { contactResults } from './contact-results';
import { createManualLoan, manualLendingList } from './manual-lending';
import { withdrawalLists, withdrawalSmsLogList } from './withdrawal.lists';
import {
  agents, claim, closeOrder, confirm, contact, contactsOf, dispatch, finishDormant, forceRelease, loadOrder, notifyPaid, release, returnToWithdrawal,
  scopeOf, sendReminders, sms, toMarket, toMarketBulk, type ActCtx,
} from './withdrawal.service';

/**
 * API routes of the withdrawal area (docs/withdrawal.md): the nine /withdrawalMoney queues and their actions, the
 * contact history and results, dispatch, /review/manualLending and /log/WithdrawalSMS. Every action route enforces
 * the action node of its page (`withdrawalMoney_<page>_<verb>`) and writes the operation log.
 */
export function withdrawalRoutes(app: FastifyInstance, deps: Deps): void {
  const lists = withdrawalLists(deps);
  for (const page of WITHDRAWAL_PAGES) listRoute(app, deps, lists[page], { url: WITHDRAWAL_LISTS[page] });
  listRoute(app, deps, withdrawalSmsLogList, { url: WITHDRAWAL_SMS_LOG_LIST });
  void app.register(async (scope) => {
    normaliseListQuery(scope, { arrays: ['status'] });
    listRoute(scope, deps, manualLendingList, { url: MANUAL_LENDING_API.list });
  });

  const ctxOf = (req: FastifyRequest): ActCtx => ({ deps, req, actor: req.actor! });
  /** POST /loanapi/withdrawal/<page>/<verb>, guarded by the page's action node. */
  const act = <B extends z.ZodType>(page: WithdrawalPage, verb: string, body: B, fn: (ctx: ActCtx, body: z.infer<B>) => Promise<unknown>) =>
    route(app, { method: 'POST', url: withdrawalActionPath(page, verb), permission: actionKey('withdrawalMoney', page, verb), body }, ({ req, body: b }) => fn(ctxOf(req), b as z.infer<B>));

  const idOnly = z.object({ id: z.coerce.number().int().positive() });

  // Pools: claim (the market's "take" is the same claim).
  act('waitFor', 'claim', idOnly, (c, b) => claim(c, 'waitFor', b.id));
  act('MarketWaitTakeOrder', 'take', idOnly, (c, b) => claim(c, 'MarketWaitTakeOrder', b.id));
  act('dormantTask', 'claim', idOnly, (c, b) => claim(c, 'dormantTask', b.id));
  act('WaitForcustomerService', 'claim', idOnly, (c, b) => claim(c, 'WaitForcustomerService', b.id));
  act('waitFor', 'dispatch', dispatchBody, (c, b) => dispatch(c, b));
  act('waitFor', 'toMarket', bulkNoteBody, (c, b) => toMarketBulk(c, b));

  // The holder's work.
  for (const page of ['MywaitForOrder', 'MyTakeConfirmOrder', 'dormantTask', 'WaitForcustomerService'] as const) {
    act(page, 'contact', contactBody, (c, b) => contact(c, page, b));
    act(page, 'release', idOnly, (c, b) => release(c, page, b.id));
  }
  for (const page of ['MywaitForOrder', 'MyTakeConfirmOrder'] as const) {
    act(page, 'confirmWithdrawal', confirmBody, (c, b) => confirm(c, page, b));
    act(page, 'sendSms', idOnly, (c, b) => sms(c, page, b.id));
    act(page, 'close', closeBody, (c, b) => closeOrder(c, page, b));
  }
  act('MywaitForOrder', 'toMarket', noteBody, (c, b) => toMarket(c, b));
  act('MyPaymentNoticeOrder', 'notify', notifyBody, (c, b) => notifyPaid(c, b));
  act('dormantTask', 'sendSms', idOnly, (c, b) => sms(c, 'dormantTask', b.id));
  act('dormantTask', 'finish', noteBody, (c, b) => finishDormant(c, b));
  act('WaitForcustomerService', 'notify', idOnly, (c, b) => sms(c, 'WaitForcustomerService', b.id));
  act('WaitForcustomerService', 'returnWithdrawal', returnBody, (c, b) => returnToWithdrawal(c, b));
  act('WaitForcustomerService', 'close', closeBody, (c, b) => closeOrder(c, 'WaitForcustomerService', b));
  act('waitingForRelease', 'release', idsBody64, (c, b) => forceRelease(c, b.ids));
  act('MywaitSMS', 'sendSms', idsBody64, (c, b) => sendReminders(c, b.ids));

  route(app, { method: 'GET', url: '/loanapi/withdrawal/contact_results', permission: SIGNED_IN }, ({ req }) => contactResults(deps.db, req.lang));
  route(app, {
    method: 'GET', url: '/loanapi/withdrawal/contacts', query: contactsQuery,
    permission: WITHDRAWAL_PAGES.map((p) => pageKey('withdrawalMoney', p)),
  }, ({ req, query }) => contactsOf(deps.db, req.actor!, query.order_id));
  route(app, {
    method: 'GET', url: '/loanapi/withdrawal/cards', query: contactsQuery, permission: actionKey('withdrawalMoney', 'WaitForcustomerService', 'returnWithdrawal'),
  }, async ({ req, query }) => {
    const order = await loadOrder(deps.db, query.order_id, req.actor!);
    const cards = await deps.db.select().from(bankCard).where(and(eq(bankCard.customerId, order.customerId), eq(bankCard.status, 'bound'))).orderBy(asc(bankCard.id));
    return cards.map((k) => ({ id: k.id, bank_name: k.bankName, card_last4: k.cardNumber.slice(-4), is_default: k.isDefault, current: k.id === order.bankCardId }));
  });
  route(app, { method: 'GET', url: '/loanapi/withdrawal/agents', permission: actionKey('withdrawalMoney', 'waitFor', 'dispatch') }, ({ req }) => agents(deps.db, req.actor!));

  route(app, { method: 'POST', url: MANUAL_LENDING_API.add, permission: actionKey('review', 'manualLending', 'add'), body: manualLendingBody },
    ({ req, body }) => createManualLoan(ctxOf(req), body));
  route(app, { method: 'GET', url: MANUAL_LENDING_API.lookup, permission: actionKey('review', 'manualLending', 'add'), query: manualLookupQuery },
    async ({ req, query }) => manualLookup(deps, req, query.keyword));
}

/** The customer a manual loan is for (phone, customer code or id), in the actor's merchants. */
async function manualLookup(deps: Deps, req: FastifyRequest, keyword: string): Promise<ManualLookup> {
  const { db } = deps;
  const scope = scopeOf(req.actor!);
  const asId = /^\d{1,15}$/.test(keyword) ? Number(keyword) : -1;
  const rows = await db.select({ c: customer, m: merchant }).from(customer).innerJoin(merchant, eq(merchant.id, customer.merchantId))
    .where(or(eq(customer.phone, keyword), eq(customer.code, keyword), eq(customer.id, asId))).orderBy(asc(customer.id)).limit(20);
  const hit = rows.find((r) => !scope || scope.includes(r.c.merchantId));
  if (!hit) return { customer: null, cards: [], products: [] };
  const { c, m } = hit;
  const cards = await db.select().from(bankCard).where(and(eq(bankCard.customerId, c.id), eq(bankCard.status, 'bound'))).orderBy(asc(bankCard.id));
  const products = await db.select().from(product).where(and(eq(product.merchantId, c.merchantId), eq(product.enabled, true))).orderBy(asc(product.sort), asc(product.id));
  const phone = req.actor!.privacy ? maskPhone(c.phone) : c.phone;
  return {
    customer: {
      id: c.id, name: c.name, phone, merchant_id: m.id, merchant_name: m.name, currency: m.currency,
      blacklisted: c.blacklisted, whitelisted: c.whitelisted, login_allowed: c.loginAllowed,
    },
    cards: cards.map((k) => ({ id: k.id, bank_name: k.bankName, card_last4: k.cardNumber.slice(-4), is_default: k.isDefault })),
    products: products.map((p) => ({
      id: p.id, name: p.name, min_amount: p.minAmountMinor, max_amount: p.maxAmountMinor, min_days: p.minDays, max_days: p.maxDays,
      white_household_exclusive: p.whiteHouseholdExclusive,
    })),
  };
}
