import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { operationLog } from './log.table';

export interface OpLogEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELDS = /pass|pwd|secret|token|google_code|captcha/i;

/** Drops secrets from what is logged: the log is read by supervisors. */
export function redact(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redact);
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, SECRET_FIELDS.test(k) ? '***' : redact(x)]));
  }
  return v;
}

/** Appends one row: who, what, before, after, when, IP. Call inside the write's transaction. */
export async function writeOpLog(db: DbOrTx, req: FastifyRequest, e: OpLogEntry): Promise<void> {
  req.audited = true;
  await db.insert(operationLog).values({
    accountId: req.actor?.accountId ?? null,
    account: req.actor?.account ?? '',
    action: e.action,
    targetType: e.targetType ?? '',
    targetId: e.targetId === undefined ? '' : String(e.targetId),
    before: e.before === undefined ? null : redact(e.before),
    after: e.after === undefined ? null : redact(e.after),
    ip: req.ip,
    requestId: String(req.id),
  });
}
