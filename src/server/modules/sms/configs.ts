import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import type { SmsConfigBody, SmsConfigRow } from '../../../schemas/sms';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { sendSms } from './engine';
import { smsConfig } from './sms.table';

/**
 * Saving SMS configurations (systemSmsConfig: the platform's, merchant_id null; smsConfig: a merchant's). The secret
 * is sealed before it is stored and only its last four characters are ever shown; an edit without a secret keeps it.
 * A sandbox configuration gets a generated secret (it signs the sandbox's delivery reports).
 */

export interface SmsCtx { deps: Deps; req: FastifyRequest; actor: Actor }

export const notFound = (what: string) => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@sms.what.${what}` });
export const invalidField = (path: string, id: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, id, values, 200, [{ path, id, values }]);

export const mayReach = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

export async function scopedMerchant(ctx: SmsCtx, merchantId: number) {
  const [m] = await ctx.deps.db.select().from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !mayReach(ctx.actor, merchantId)) throw notFound('merchant');
  return m;
}

type ConfigDb = typeof smsConfig.$inferSelect;

export function configView(c: ConfigDb, merchantName: string | null = null): SmsConfigRow {
  return {
    id: c.id, merchant_id: c.merchantId, merchant_name: merchantName, name: c.name, provider: c.provider as SmsConfigRow['provider'],
    purpose: c.purpose as SmsConfigRow['purpose'], enabled: c.enabled, probability: c.probability, sort_order: c.sortOrder,
    balance: c.balance, min_balance: c.minBalance, alarm_threshold: c.alarmThreshold, alarm: c.alarmRaised, rate_per_second: c.ratePerSecond,
    params: c.params as SmsConfigRow['params'], secret_hint: c.secretHint, number_prefix: c.numberPrefix, text: c.text, sent: c.sent,
    updated_at: c.updatedAt.toISOString(),
  };
}

/** A configuration the actor may change: the platform's (merchantId null) through systemSmsConfig, else its merchant's. */
async function scopedConfig(ctx: SmsCtx, id: number, merchantId: number | null): Promise<ConfigDb> {
  const [c] = await ctx.deps.db.select().from(smsConfig).where(eq(smsConfig.id, id));
  if (!c) throw notFound('config');
  if (merchantId === null ? c.merchantId !== null : c.merchantId === null || !mayReach(ctx.actor, c.merchantId)) throw notFound('config');
  return c;
}

/** Adds or edits a configuration (merchantId null: the platform's). */
export async function saveConfig(ctx: SmsCtx, merchantId: number | null, body: SmsConfigBody): Promise<SmsConfigRow> {
  const { db } = ctx.deps;
  if (merchantId !== null) await scopedMerchant(ctx, merchantId);
  if (body.alarm_threshold < body.min_balance) throw invalidField('alarm_threshold', 'sms.config.alarmBelowMinimum');
  if (body.provider === 'http' && !body.params.url) throw invalidField('params.url', 'sms.config.urlNeeded');
  const before = body.id !== undefined ? await scopedConfig(ctx, body.id, merchantId) : null;
  if (before && before.merchantId !== merchantId) throw notFound('config');
  let secret = body.secret || null;
  if (!secret && !before?.secretSealed && body.provider === 'sandbox') secret = `sbx_${crypto.randomBytes(24).toString('base64url')}`;
  const sealed = secret ? { secretSealed: await sealSecret(db, secret), secretHint: secretHint(secret) } : {};
  const now = ctx.deps.now();
  const values = {
    name: body.name, provider: body.provider, purpose: body.purpose, enabled: body.enabled, probability: body.probability,
    sortOrder: body.sort_order, balance: body.balance, minBalance: body.min_balance, alarmThreshold: body.alarm_threshold,
    ratePerSecond: body.rate_per_second, params: body.params, numberPrefix: body.number_prefix, text: body.text, updatedAt: now,
    // Topped up above the threshold: the alarm can ring again.
    ...(body.balance > body.alarm_threshold ? { alarmRaised: false } : {}),
    ...sealed,
  };
  try {
    return await db.transaction(async (tx) => {
      let row: ConfigDb;
      if (before) {
        [row] = await tx.update(smsConfig).set(values).where(eq(smsConfig.id, before.id)).returning();
      } else {
        [row] = await tx.insert(smsConfig).values({ ...values, merchantId, createdBy: ctx.actor.accountId, createdAt: now }).returning();
      }
      const view = configView(row);
      await writeOpLog(tx, ctx.req, {
        action: before ? 'sms.config.edit' : 'sms.config.add', targetType: 'sms_config', targetId: row.id,
        ...(before ? { before: configView(before) } : {}), after: view,
      });
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(CODE.CONFLICT, 'sms.config.nameTaken', { name: body.name }, 200, [{ path: 'name', id: 'sms.config.nameTaken', values: { name: body.name } }]);
    throw err;
  }
}

/** Sends one test message through a configuration the actor may reach (bypassing the choice by probability). */
export async function testConfig(ctx: SmsCtx, body: { id: number; phone: string; content: string }, system: boolean) {
  const [c] = await ctx.deps.db.select().from(smsConfig).where(system ? and(eq(smsConfig.id, body.id), isNull(smsConfig.merchantId)) : eq(smsConfig.id, body.id));
  if (!c || (!system && (c.merchantId === null || !mayReach(ctx.actor, c.merchantId)))) throw notFound('config');
  const merchantId = c.merchantId ?? ctx.actor.merchantIds[0] ?? 0;
  const res = await sendSms(ctx.deps.db, { merchantId, purpose: c.purpose as 'marketing', phone: body.phone.replace(/[\s().-]/g, ''), content: body.content, source: 'test' }, c.id);
  await writeOpLog(ctx.deps.db, ctx.req, { action: 'sms.config.test', targetType: 'sms_config', targetId: c.id, after: { phone: body.phone, status: res.status } });
  return res;
}
