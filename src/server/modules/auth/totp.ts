import { and, eq, lt } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { DbOrTx } from '../../db/client';
import { adminAccount } from '../empower/empower.table';

export const newSecret = (): string => generateSecret();

export const otpauthUri = (secret: string, account: string, issuer: string): string =>
  generateURI({ issuer, label: account, secret });

/** Current code for a secret (tests and the demo use it). */
export const totpNow = (secret: string, now: Date): Promise<string> => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });

/**
 * Checks a 6-digit code with one period of clock drift either way. A code whose time step is at or before
 * the last accepted one is a replay and is refused.
 */
export async function checkTotp(secret: string, code: string, now: Date, lastStep: number): Promise<{ ok: true; step: number } | { ok: false; replay: boolean }> {
  const epoch = Math.floor(now.getTime() / 1000);
  const res = await verify({ secret, token: code, epoch, epochTolerance: 30 });
  if (!res.valid) return { ok: false, replay: false };
  const step = (res as unknown as { timeStep: number }).timeStep;
  if (step <= lastStep) return { ok: false, replay: true };
  return { ok: true, step };
}

/**
 * Consumes a time step for an account: a guarded update that only moves the last accepted step forward, so of
 * concurrent requests carrying one code exactly one gets the row back; the others are replays.
 */
export async function consumeTotpStep(db: DbOrTx, accountId: number, step: number): Promise<boolean> {
  const rows = await db.update(adminAccount).set({ googleLastStep: step })
    .where(and(eq(adminAccount.id, accountId), lt(adminAccount.googleLastStep, step)))
    .returning({ id: adminAccount.id });
  return rows.length === 1;
}
