import { generate, generateSecret, generateURI, verify } from 'otplib';

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
