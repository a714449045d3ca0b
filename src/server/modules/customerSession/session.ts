import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { ONLINE_GAP_MS, SESSION_IDLE_DAYS, type EndReason, type GpsPoint } from '../../../schemas/customerSession';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { customer, customerLocation } from '../client/client.table';
import { setting } from '../config/settings';
import { customerSession } from './customerSession.table';

/**
 * Customer sessions (docs/customerSession.md): created by a sign-in, checked on every borrower call that carries the
 * token, ended by the borrower (logout), by staff (force logout), by a newer sign-in (replaced), by the
 * continuous-online limit or by disuse. Shaped like the staff sessions of auth/session.service.ts.
 */

export type SessionRow = typeof customerSession.$inferSelect;

export const newToken = (): string => crypto.randomBytes(16).toString('hex');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** 40100 with HTTP 401: the app must sign the borrower in (again). The reason is in `data.issues[0]`. */
export function signInAgain(messageId: string, reason = ''): AppError {
  return new AppError(CODE.UNAUTHENTICATED, messageId, {}, 401, [{ path: 'session', id: messageId, values: reason ? { reason } : {} }]);
}

export interface NewCustomerSession {
  customerId: number;
  merchantId: number;
  appKeyId: number | null;
  deviceId: string;
  device: string;
  appVersion: string;
  ip: string;
  gps: GpsPoint | null;
}

/** One live session per customer: signing in again (on any device) replaces the older session. */
export async function createCustomerSession(db: DbOrTx, now: Date, s: NewCustomerSession): Promise<{ token: string; id: number }> {
  await endCustomerSessions(db, [s.customerId], 'replaced', now);
  const token = newToken();
  const [row] = await db.insert(customerSession).values({
    tokenHash: hashToken(token), customerId: s.customerId, merchantId: s.merchantId, appKeyId: s.appKeyId, deviceId: s.deviceId,
    device: s.device.slice(0, 120), appVersion: s.appVersion.slice(0, 16), ip: s.ip.slice(0, 64), gpsLat: s.gps?.lat ?? null,
    gpsLng: s.gps?.lng ?? null, createdAt: now, lastSeenAt: now, onlineSince: now,
  }).returning({ id: customerSession.id });
  return { token, id: row.id };
}

/** Ends the live sessions of these customers; returns the sessions ended. */
export async function endCustomerSessions(db: DbOrTx, customerIds: readonly number[], reason: EndReason, now: Date, by: number | null = null): Promise<SessionRow[]> {
  if (!customerIds.length) return [];
  return db.update(customerSession).set({ endedAt: now, endedReason: reason, endedBy: by })
    .where(and(inArray(customerSession.customerId, [...customerIds]), isNull(customerSession.endedAt))).returning();
}

/** Ends these sessions (those still live); returns the sessions ended. */
export async function endSessionsById(db: DbOrTx, ids: readonly number[], reason: EndReason, now: Date, by: number | null = null): Promise<SessionRow[]> {
  if (!ids.length) return [];
  return db.update(customerSession).set({ endedAt: now, endedReason: reason, endedBy: by })
    .where(and(inArray(customerSession.id, [...ids]), isNull(customerSession.endedAt))).returning();
}

async function endOne(db: DbOrTx, id: number, reason: EndReason, now: Date): Promise<void> {
  await db.update(customerSession).set({ endedAt: now, endedReason: reason }).where(and(eq(customerSession.id, id), isNull(customerSession.endedAt)));
}

export interface LiveSession {
  session: SessionRow;
  customer: typeof customer.$inferSelect;
}

/**
 * The live session of a token, or a 401: unknown, ended (any reason), unused for SESSION_IDLE_DAYS, continuously
 * online longer than the limit (ended now with `online_limit`), or its customer may no longer use the app (ended
 * now with `disallowed`). Marks the activity: a pause longer than ONLINE_GAP_MS starts a new online stretch.
 */
export async function checkCustomerToken(db: DbOrTx, now: Date, token: string): Promise<LiveSession> {
  if (!/^[0-9a-f]{32}$/.test(token)) throw signInAgain('customerSession.error.tokenInvalid');
  const [row] = await db.select({ session: customerSession, customer }).from(customerSession)
    .innerJoin(customer, eq(customer.id, customerSession.customerId))
    .where(eq(customerSession.tokenHash, hashToken(token))).limit(1);
  if (!row) throw signInAgain('customerSession.error.tokenInvalid');
  const s = row.session;
  if (s.endedAt) throw signInAgain(s.endedReason === 'online_limit' ? 'customerSession.error.onlineLimit' : 'customerSession.error.ended', s.endedReason ?? '');
  const t = now.getTime();
  const idle = t - s.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_DAYS * 86_400_000) {
    await endOne(db, s.id, 'expired', now);
    throw signInAgain('customerSession.error.ended', 'expired');
  }
  if (!row.customer.loginAllowed || row.customer.blacklisted) {
    await endOne(db, s.id, 'disallowed', now);
    throw signInAgain('customerSession.error.ended', 'disallowed');
  }
  const onlineSince = idle > ONLINE_GAP_MS ? now : s.onlineSince;
  const limitMs = (await setting(db, 'continuous_online_limit_minutes')) * 60_000;
  if (t - onlineSince.getTime() > limitMs) {
    await endOne(db, s.id, 'online_limit', now);
    throw signInAgain('customerSession.error.onlineLimit', 'online_limit');
  }
  const [touched] = await db.update(customerSession).set({ lastSeenAt: now, onlineSince })
    .where(and(eq(customerSession.id, s.id), isNull(customerSession.endedAt))).returning();
  // Ended between the read and this write (a force logout racing the call): the call is refused like the next one.
  if (!touched) throw signInAgain('customerSession.error.ended', 'forced');
  return { session: touched, customer: row.customer };
}

/**
 * Ends the sessions that can no longer be used (continuously online past the limit, or unused for SESSION_IDLE_DAYS),
 * so that the live list shows only sessions that are. The borrower call would end them too; this job tidies the rest.
 */
export async function sweepSessions(db: DbOrTx, now: Date): Promise<number> {
  const limitMs = (await setting(db, 'continuous_online_limit_minutes')) * 60_000;
  const t = now.getTime();
  const overLimit = await db.update(customerSession).set({ endedAt: now, endedReason: 'online_limit' }).where(and(
    isNull(customerSession.endedAt),
    // Still in its stretch (the last call within the gap) and the stretch is longer than the limit.
    sql`${customerSession.lastSeenAt} > ${new Date(t - ONLINE_GAP_MS).toISOString()}::timestamptz`,
    lt(customerSession.onlineSince, new Date(t - limitMs)),
  )).returning({ id: customerSession.id });
  const stale = await db.update(customerSession).set({ endedAt: now, endedReason: 'expired' })
    .where(and(isNull(customerSession.endedAt), lt(customerSession.lastSeenAt, new Date(t - SESSION_IDLE_DAYS * 86_400_000))))
    .returning({ id: customerSession.id });
  return overLimit.length + stale.length;
}

// ---------------------------------------------------------------------------------------------------------------
// GPS range (spec §9 `gps_range_meters`)

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMeters(a: GpsPoint, b: GpsPoint): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The customer's last GPS position (the app's reports and accepted sign-ins / applications), if any. */
export async function lastGps(db: DbOrTx, customerId: number): Promise<GpsPoint | null> {
  const [row] = await db.select({ lat: customerLocation.lat, lng: customerLocation.lng }).from(customerLocation)
    .where(and(eq(customerLocation.customerId, customerId), eq(customerLocation.source, 'gps')))
    .orderBy(desc(customerLocation.capturedAt), desc(customerLocation.id)).limit(1);
  return row ?? null;
}

export interface GpsVerdict {
  ok: boolean;
  /** Metres from the last position; null when there was none (the first position is accepted and becomes the reference). */
  distance: number | null;
  range: number;
}

/** Compares a position with the customer's last one under `gps_range_meters`; records it when accepted. */
export async function checkGps(db: DbOrTx, customerId: number, at: GpsPoint, now: Date): Promise<GpsVerdict> {
  const range = await setting(db, 'gps_range_meters');
  const last = await lastGps(db, customerId);
  const distance = last ? Math.round(distanceMeters(last, at)) : null;
  const ok = distance === null || distance <= range;
  if (ok) await db.insert(customerLocation).values({ customerId, lat: at.lat, lng: at.lng, source: 'gps', capturedAt: now });
  return { ok, distance, range };
}

/** 40300 naming the distance and the range, for the app to show. */
export function gpsRefusal(v: GpsVerdict): AppError {
  const values = { distance: v.distance ?? 0, range: v.range };
  return new AppError(CODE.FORBIDDEN, 'customerSession.error.gpsOutOfRange', values, 200, [{ path: 'gps', id: 'customerSession.error.gpsOutOfRange', values }]);
}
