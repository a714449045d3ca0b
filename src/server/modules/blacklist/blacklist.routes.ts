import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { BLACKLIST_API, blacklistAddBody, blacklistIdBody, findCustomerQuery, recheckBody, type CustomerPick } from '../../../schemas/blacklist';
import { CODE, id32 } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { customer } from '../client/client.table';
import { isUnscoped } from '../empower/scope';
import { onRegistration, type Registration } from '../intake/hooks';
import { merchant } from '../merchant/merchant.table';
import type { DbOrTx } from '../../db/client';
import { maskIdNumber, maskPhone } from '../../list/mask';
import { addEntry, expireEntry, importEntries, removeEntry, type BlCtx } from './entries';
import { blacklistList, riskBlacklistList } from './lists';
import { refreshFlags } from './match';
import { recheckCustomer } from './risk';

/**
 * Routes of the blacklist area: /client blackList (list, add, import, expire immediately, remove) and /client
 * outblackList (list, re-check one customer, the customer picker of the re-check). Registration through the app
 * flags a new customer an entry already names (the intake hook below).
 */

/** A customer registering is flagged at once when an entry already names them (their phone, ID number or device). */
export async function flagOnRegistration(tx: DbOrTx, r: Registration): Promise<void> {
  await refreshFlags(tx, [r.customerId], r.at);
}

/** Multipart fields of an import (sent before the file). */
const importFields = z.object({
  merchant_id: id32,
  level: z.coerce.number().int().min(1).max(3).optional(),
  reason: z.string().trim().max(64).optional(),
});

async function readImport(req: FastifyRequest): Promise<{ fields: z.infer<typeof importFields>; buf: Buffer }> {
  if (!req.isMultipart()) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile', {}, 200, [{ path: 'file', id: 'error.uploadNoFile', values: {} }]);
  const part = await req.file();
  if (!part) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile', {}, 200, [{ path: 'file', id: 'error.uploadNoFile', values: {} }]);
  const buf = await part.toBuffer().catch(() => null);
  if (!buf || part.file.truncated) throw new AppError(CODE.VALIDATION, 'blacklist.file.tooLarge', {}, 200, [{ path: 'file', id: 'blacklist.file.tooLarge', values: {} }]);
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part.fields)) {
    const value = (v as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string' && value !== '') raw[k] = value;
  }
  const fields = importFields.safeParse(raw);
  if (!fields.success) {
    const first = fields.error.issues[0];
    const path = first.path.map(String).join('.') || 'merchant_id';
    throw new AppError(CODE.VALIDATION, 'validation.invalid', {}, 200, [{ path, id: 'validation.invalid', values: {} }]);
  }
  return { fields: fields.data, buf };
}

async function findCustomers(deps: Deps, req: FastifyRequest, keyword: string): Promise<CustomerPick[]> {
  const actor = req.actor!;
  if (!isUnscoped(actor) && !actor.merchantIds.length) return [];
  const k = keyword.trim();
  const rows = await deps.db.select({
    id: customer.id, code: customer.code, name: customer.name, phone: customer.phone, idNumber: customer.idNumber,
    blacklisted: customer.blacklisted, merchantName: merchant.name,
  }).from(customer).leftJoin(merchant, eq(merchant.id, customer.merchantId))
    .where(and(
      or(eq(customer.phone, k.replace(/[\s().-]/g, '')), eq(customer.idNumber, k.toUpperCase()), eq(customer.code, k.toUpperCase())),
      isUnscoped(actor) ? undefined : inArray(customer.merchantId, actor.merchantIds),
    )).orderBy(asc(customer.id)).limit(10);
  return rows.map((r) => ({
    id: r.id, code: r.code, name: r.name, phone: actor.privacy ? maskPhone(r.phone) : r.phone, merchant_name: r.merchantName,
    blacklisted: r.blacklisted, ...(r.idNumber ? { id_number: actor.privacy ? maskIdNumber(r.idNumber) : r.idNumber } : {}),
  }));
}

export function blacklistRoutes(app: FastifyInstance, deps: Deps): void {
  onRegistration(flagOnRegistration);
  const ctx = (req: FastifyRequest): BlCtx => ({ deps, req, actor: req.actor! });
  const bl = (verb: string) => actionKey('client', 'blackList', verb);

  // ---- /client blackList
  listRoute(app, deps, blacklistList, { url: BLACKLIST_API.list });
  route(app, { method: 'POST', url: BLACKLIST_API.add, permission: bl('add'), body: blacklistAddBody }, ({ req, body }) => addEntry(ctx(req), body));
  route(app, { method: 'POST', url: BLACKLIST_API.import, permission: bl('import') }, async ({ req }) => {
    const { fields, buf } = await readImport(req);
    return importEntries(ctx(req), fields.merchant_id, buf, { level: fields.level, reason: fields.reason });
  });
  route(app, { method: 'POST', url: BLACKLIST_API.expire, permission: bl('expire'), body: blacklistIdBody }, ({ req, body }) => expireEntry(ctx(req), body.id));
  route(app, { method: 'POST', url: BLACKLIST_API.del, permission: bl('del'), body: blacklistIdBody }, ({ req, body }) => removeEntry(ctx(req), body.id));

  // ---- /client outblackList
  listRoute(app, deps, riskBlacklistList, { url: BLACKLIST_API.riskList });
  route(app, { method: 'POST', url: BLACKLIST_API.recheck, permission: actionKey('client', 'outblackList', 'recheckRisk'), body: recheckBody },
    ({ req, body }) => recheckCustomer(ctx(req), body.customer_id));
  route(app, { method: 'GET', url: BLACKLIST_API.findCustomer, permission: pageKey('client', 'outblackList'), query: findCustomerQuery },
    ({ req, query }) => findCustomers(deps, req, query.keyword));
}
