import { eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE, idBody } from '../../../schemas/common';
import { appKeyAddBody, appKeyListQuery, type AppKeyRow, type AppKeySecret } from '../../../schemas/intake';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { route } from '../../http';
import { defineList, merchantScope } from '../../list/define';
import { listRoute } from '../../list/routes';
import { merchantInScope } from '../client/customer.service';
import { outer } from '../client/client.routes';
import { likeEscape } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { invalid } from './customers';
import { merchantAppKey } from './intake.table';
import { newAppKey, newSecret, sealSecret, secretHint } from './secrets';

/**
 * /merchant/account: the app credentials of each merchant (list, create, disable, rotate). The secret leaves the
 * server once, in the answer to create or rotate; the list shows its last 4 characters. Rotation keeps the old
 * secret valid for ROTATION_GRACE_MS so that apps already installed can move over; disabling ends both at once
 * and is final (a new key is created instead), so that a leaked key cannot be switched back on by mistake.
 */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

const P = {
  list: pageKey('merchant', 'account'),
  add: actionKey('merchant', 'account', 'add'),
  disable: actionKey('merchant', 'account', 'disable'),
  rotate: actionKey('merchant', 'account', 'rotate'),
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const appKeyList = defineList({
  id: 'merchant.account',
  permission: P.list,
  from: merchantAppKey,
  columns: {
    id: merchantAppKey.id,
    merchant_id: merchantAppKey.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(merchantAppKey.merchantId)})`,
    merchant_code: sql<string | null>`(select m.code from ${merchant} m where m.id = ${outer(merchantAppKey.merchantId)})`,
    app_key: merchantAppKey.appKey,
    name: merchantAppKey.name,
    platform: merchantAppKey.platform,
    status: merchantAppKey.status,
    secret_hint: merchantAppKey.secretHint,
    created_at: merchantAppKey.createdAt,
    rotated_at: merchantAppKey.rotatedAt,
    prev_valid_until: merchantAppKey.prevValidUntil,
    last_used_at: merchantAppKey.lastUsedAt,
    disabled_at: merchantAppKey.disabledAt,
  },
  filters: appKeyListQuery,
  where: (f) => [
    f.merchant_id !== undefined ? eq(merchantAppKey.merchantId, f.merchant_id) : undefined,
    f.status ? eq(merchantAppKey.status, f.status) : undefined,
    f.keyword ? or(ilike(merchantAppKey.appKey, `%${likeEscape(f.keyword)}%`), ilike(merchantAppKey.name, `%${likeEscape(f.keyword)}%`)) : undefined,
  ],
  scope: merchantScope(merchantAppKey.merchantId),
  sorts: { created_at: merchantAppKey.createdAt, id: merchantAppKey.id },
  defaultSort: 'created_at:desc',
  exportColumns: [
    { key: 'id', title: 'field.id' },
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'app_key', title: 'intake.field.app_key' },
    { key: 'name', title: 'field.name' },
    { key: 'platform', title: 'intake.field.platform' },
    { key: 'status', title: 'field.status' },
    { key: 'secret_hint', title: 'intake.field.secret_hint' },
    { key: 'created_at', title: 'field.created_at' },
    { key: 'last_used_at', title: 'intake.field.last_used_at' },
  ],
});

type KeyRecord = typeof merchantAppKey.$inferSelect;

function toRow(k: KeyRecord, m: { name: string; code: string } | null): AppKeyRow {
  return {
    id: k.id, merchant_id: k.merchantId, merchant_name: m?.name ?? null, merchant_code: m?.code ?? null, app_key: k.appKey, name: k.name,
    platform: k.platform, status: k.status, secret_hint: k.secretHint, created_at: k.createdAt.toISOString(), rotated_at: iso(k.rotatedAt),
    prev_valid_until: iso(k.prevValidUntil), last_used_at: iso(k.lastUsedAt), disabled_at: iso(k.disabledAt),
  };
}

export function appKeyRoutes(app: FastifyInstance, d: Deps): void {
  listRoute(app, d, appKeyList, { url: '/loanapi/merchant_app/list' });

  /** The key with its merchant, if the actor may manage that merchant; 40400 otherwise (no probing of ids). */
  const scopedKey = async (actor: NonNullable<Parameters<typeof merchantInScope>[0]>, id: number) => {
    const [row] = await d.db.select({ k: merchantAppKey, m: { name: merchant.name, code: merchant.code } }).from(merchantAppKey)
      .innerJoin(merchant, eq(merchant.id, merchantAppKey.merchantId)).where(eq(merchantAppKey.id, id)).limit(1);
    if (!row || !merchantInScope(actor, row.k.merchantId)) throw notFound('@intake.what.appKey');
    return row;
  };
  const keyState = () => new AppError(CODE.INVALID_TRANSITION, 'intake.keyDisabled');

  route(app, { method: 'POST', url: '/loanapi/merchant_app/add', permission: P.add, body: appKeyAddBody }, async ({ req, body }): Promise<AppKeySecret> => {
    const actor = req.actor!;
    const [m] = await d.db.select().from(merchant).where(eq(merchant.id, body.merchant_id)).limit(1);
    if (!m || !merchantInScope(actor, m.id)) throw notFound('@intake.what.merchant');
    if (body.platform && m.parentId !== null) throw invalid('platform', 'intake.platformNeedsMain');
    const secret = newSecret();
    const sealed = await sealSecret(d.db, secret);
    const now = d.now();
    return d.db.transaction(async (tx) => {
      const [k] = await tx.insert(merchantAppKey).values({
        merchantId: m.id, appKey: newAppKey(), name: body.name, platform: body.platform, secretSealed: sealed, secretHint: secretHint(secret),
        createdBy: actor.accountId, createdAt: now, updatedAt: now,
      }).returning();
      const row = toRow(k, m);
      await writeOpLog(tx, req, { action: 'merchant_app.add', targetType: 'merchant_app_key', targetId: k.id, after: row });
      return { row, secret };
    });
  });

  route(app, { method: 'POST', url: '/loanapi/merchant_app/disable', permission: P.disable, body: idBody }, async ({ req, body }): Promise<AppKeyRow> => {
    const { k, m } = await scopedKey(req.actor!, body.id);
    if (k.status !== 'enabled') throw keyState();
    const now = d.now();
    return d.db.transaction(async (tx) => {
      const [after] = await tx.update(merchantAppKey)
        .set({ status: 'disabled', disabledAt: now, updatedAt: now, prevSecretSealed: null, prevValidUntil: null })
        .where(eq(merchantAppKey.id, k.id)).returning();
      const row = toRow(after, m);
      await writeOpLog(tx, req, { action: 'merchant_app.disable', targetType: 'merchant_app_key', targetId: k.id, before: toRow(k, m), after: row });
      return row;
    });
  });

  route(app, { method: 'POST', url: '/loanapi/merchant_app/rotate', permission: P.rotate, body: idBody }, async ({ req, body }): Promise<AppKeySecret> => {
    const { k, m } = await scopedKey(req.actor!, body.id);
    if (k.status !== 'enabled') throw keyState();
    const secret = newSecret();
    const sealed = await sealSecret(d.db, secret);
    const now = d.now();
    return d.db.transaction(async (tx) => {
      const [after] = await tx.update(merchantAppKey).set({
        secretSealed: sealed, secretHint: secretHint(secret), prevSecretSealed: k.secretSealed,
        prevValidUntil: new Date(now.getTime() + ROTATION_GRACE_MS), rotatedAt: now, updatedAt: now,
      }).where(eq(merchantAppKey.id, k.id)).returning();
      const row = toRow(after, m);
      await writeOpLog(tx, req, { action: 'merchant_app.rotate', targetType: 'merchant_app_key', targetId: k.id, before: toRow(k, m), after: row });
      return { row, secret };
    });
  });
}
