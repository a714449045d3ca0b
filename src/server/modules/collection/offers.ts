import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { isUnscoped } from '../empower/scope';
import { applyExtension } from '../extension/service';
import { writeOpLog } from '../log/oplog';
import type { Actor } from '../../plugins/session';
import { requestReduction } from '../repayment/reduction';
import { findCase, returnCase, type CaseRow } from './cases';

/**
 * What a collector offers or does from the case they hold (issue 6 "reduction or extension offered from the case"):
 * an extension application for the case's order, a reduction request (approved by someone else, as every reduction),
 * or the case given back to the pool. The money rules are the extension and reduction services'; this file only
 * checks that the actor holds the case and names the order.
 */
const scopeOf = (actor: Actor) => (isUnscoped(actor) ? null : actor.merchantIds);

async function heldCase(deps: Deps, actor: Actor, caseId: number): Promise<CaseRow> {
  const c = await findCase(deps.db, caseId, scopeOf(actor));
  if (c.collectorId !== actor.accountId) throw new AppError(CODE.FORBIDDEN, 'collection.notYours');
  if (c.status !== 'open') throw new AppError(CODE.INVALID_TRANSITION, 'collection.caseClosed');
  return c;
}

const logger = (req: FastifyRequest) => (tx: Parameters<typeof writeOpLog>[0], e: Parameters<typeof writeOpLog>[2]) => writeOpLog(tx, req, e);

export async function offerExtension(deps: Deps, req: FastifyRequest, body: { id: number; remark?: string }) {
  const c = await heldCase(deps, req.actor!, body.id);
  return applyExtension(deps, { actorId: req.actor!.accountId, merchantIds: scopeOf(req.actor!), log: logger(req) }, { orderId: c.orderId, remark: body.remark });
}

export async function offerReduction(deps: Deps, req: FastifyRequest, body: { id: number; amount: number; reason: string }) {
  const c = await heldCase(deps, req.actor!, body.id);
  return requestReduction(deps, { actorId: req.actor!.accountId, merchantIds: scopeOf(req.actor!), log: logger(req) }, { orderId: c.orderId, amount: body.amount, reason: body.reason });
}

export async function giveBack(deps: Deps, req: FastifyRequest, body: { id: number; note?: string }) {
  const row = await returnCase(deps.db, deps, { caseId: body.id, accountId: req.actor!.accountId, anyHolder: false, note: body.note, merchantIds: scopeOf(req.actor!) });
  await writeOpLog(deps.db, req, { action: 'collection.giveBack', targetType: 'collection_case', targetId: row.id, after: { order_id: row.orderId, note: body.note ?? '' } });
  return { id: row.id, collector_id: row.collectorId };
}
