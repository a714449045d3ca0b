import type { LoginKind, LoginReason, OperateKind } from '../../../schemas/customerSession';
import type { DbOrTx } from '../../db/client';
import { customerLoginLog, customerOperateLog } from './customerSession.table';

/**
 * The two borrower logs (spec /log/customer_login, /log/customer_operate). Phones are stored whole, like the
 * customer table: privacy-protected staff see them masked by the lists (list engine `mask`).
 */

export interface CustomerLoginEntry {
  merchantId: number;
  customerId: number | null;
  phone: string;
  kind: LoginKind;
  success: boolean;
  reason?: LoginReason | '';
  deviceId?: string;
  device?: string;
  appVersion?: string;
  ip: string;
  at: Date;
}

/** One code sent (or refused) or one sign-in attempt. Written outside the attempt's transaction: a refusal is kept too. */
export async function logCustomerLogin(db: DbOrTx, e: CustomerLoginEntry): Promise<void> {
  await db.insert(customerLoginLog).values({
    merchantId: e.merchantId, customerId: e.customerId, phone: e.phone.slice(0, 20), kind: e.kind, success: e.success, reason: e.reason ?? '',
    deviceId: (e.deviceId ?? '').slice(0, 64), device: (e.device ?? '').slice(0, 120), appVersion: (e.appVersion ?? '').slice(0, 16),
    ip: e.ip.slice(0, 64), createdAt: e.at,
  });
}

export interface CustomerOperation {
  merchantId: number;
  customerId: number | null;
  sessionId?: number | null;
  phone: string;
  kind: OperateKind;
  success: boolean;
  /** The refusal's message id. */
  reason?: string;
  /** The order number concerned. */
  ref?: string;
  /** A few request fields; callers pass no card number, token or secret. */
  detail?: Record<string, unknown> | null;
  deviceId?: string;
  ip: string;
  at: Date;
}

/**
 * Records what a borrower did (docs/customerSession.md). Call it with the transaction of the operation when there is
 * one, so that the row exists exactly when the operation does; the borrower hooks call it once the answer is known.
 */
export async function logCustomerOperation(tx: DbOrTx, op: CustomerOperation): Promise<void> {
  await tx.insert(customerOperateLog).values({
    merchantId: op.merchantId, customerId: op.customerId, sessionId: op.sessionId ?? null, phone: op.phone.slice(0, 20), kind: op.kind,
    success: op.success, reason: (op.reason ?? '').slice(0, 80), ref: (op.ref ?? '').slice(0, 40), detail: op.detail ?? null,
    deviceId: (op.deviceId ?? '').slice(0, 64), ip: op.ip.slice(0, 64), createdAt: op.at,
  });
}
