import crypto from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, GROUPS, pageKey, SUPER_KEY } from '../../../../commands/permissions';
import { CODE, idBody, idsBody } from '../../../schemas/common';
import { channelBody, channelEditBody, secureKeyBody, type ChannelConfig, type ChannelTestResult } from '../../../schemas/payment';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { route } from '../../http';
import { listRoute } from '../../list/routes';
import { isUniqueViolation } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { channelList } from './lists';
import { merchantPaymentConfig, payCard, paymentChannel, paymentOrder } from './payment.table';
import { channelConfig, paymentRuntime } from './runtime';
import { secureKeyIsSet, setSecureKey } from './secureKey';

type ChannelRow = typeof paymentChannel.$inferSelect;

const CONFIG_KEYS = ['latency_ms', 'failure_rate', 'seed', 'url', 'merchant_no', 'callback_url', 'field_map', 'success_values', 'failure_values', 'timeout_ms'] as const;

/** A channel as the API shows it: never its secrets, only whether they are set. */
export function channelView(r: ChannelRow) {
  return {
    id: r.id, code: r.code, name: r.name, provider: r.provider, enabled: r.enabled, is_default: r.isDefault, config: channelConfig(r),
    has_api_key: r.apiKey !== '', has_sign_secret: r.signSecret !== '', remark: r.remark,
    last_test_at: r.lastTestAt?.toISOString() ?? null, last_test_ok: r.lastTestOk, last_test_message: r.lastTestMessage,
  };
}

async function loadChannel(db: DbOrTx, id: number): Promise<ChannelRow> {
  const [row] = await db.select().from(paymentChannel).where(eq(paymentChannel.id, id));
  if (!row) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.channel' });
  return row;
}

/** One default channel at most: setting one clears the others. */
async function soleDefault(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(paymentChannel).set({ isDefault: false, updatedAt: sql`now()` }).where(and(ne(paymentChannel.id, id), eq(paymentChannel.isDefault, true)));
}

/** Every page whose forms or filters choose a channel. */
const CHANNEL_CHOOSERS = [
  pageKey('system', 'bankChannel'), pageKey('merchant', 'autoPaymentConfig'),
  ...GROUPS.find((g) => g.key === 'transfer')!.pages.map((p) => pageKey('transfer', p)),
  ...GROUPS.find((g) => g.key === 'payment')!.pages.map((p) => pageKey('payment', p)),
];

/** /system/bankChannel: payment channels (CRUD, enable/disable, test connection) and the secure operation key. */
export function channelRoutes(app: FastifyInstance, deps: Deps): void {
  const A = (verb: string) => actionKey('system', 'bankChannel', verb);
  listRoute(app, deps, channelList, { url: '/loanapi/bank_channel/list' });

  route(app, { method: 'GET', url: '/loanapi/bank_channel/options', permission: CHANNEL_CHOOSERS }, async () => {
    const rows = await deps.db.select({ id: paymentChannel.id, code: paymentChannel.code, name: paymentChannel.name, enabled: paymentChannel.enabled, is_default: paymentChannel.isDefault })
      .from(paymentChannel).orderBy(asc(paymentChannel.id));
    return { rows, secure_key_set: await secureKeyIsSet(deps.db) };
  });

  route(app, { method: 'POST', url: '/loanapi/bank_channel/add', permission: A('add'), body: channelBody }, async ({ req, body }) => {
    const config = Object.fromEntries(CONFIG_KEYS.map((k) => [k, body[k]])) as unknown as ChannelConfig;
    // A sandbox signs its callbacks with a secret of its own; an HTTP gateway's is given.
    const signSecret = body.sign_secret || (body.provider === 'sandbox' ? crypto.randomBytes(32).toString('hex') : '');
    try {
      return await deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(paymentChannel).values({
          code: body.code, name: body.name, provider: body.provider, enabled: body.enabled, isDefault: body.is_default, config: config as never,
          apiKey: body.api_key, signSecret, remark: body.remark,
        }).returning();
        if (row.isDefault) await soleDefault(tx, row.id);
        await writeOpLog(tx, req, { action: 'bankChannel.add', targetType: 'payment_channel', targetId: row.id, after: channelView(row) });
        return channelView(row);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'payment_channel_code_uq')) throw new AppError(CODE.CONFLICT, 'payment.channelCodeUsed', { code: body.code });
      throw err;
    }
  });

  route(app, { method: 'POST', url: '/loanapi/bank_channel/edit', permission: A('edit'), body: channelEditBody }, async ({ req, body }) => {
    return deps.db.transaction(async (tx) => {
      const before = await loadChannel(tx, body.id);
      const config = { ...channelConfig(before) } as Record<string, unknown>;
      for (const k of CONFIG_KEYS) if (body[k] !== undefined) config[k] = body[k];
      if (before.provider === 'http' && !config.url) throw new AppError(CODE.VALIDATION, 'validation.required', {}, 200, [{ path: 'url', id: 'validation.required', values: {} }]);
      const [row] = await tx.update(paymentChannel).set({
        name: body.name ?? before.name, enabled: body.enabled ?? before.enabled, isDefault: body.is_default ?? before.isDefault, config: config as never,
        apiKey: body.api_key ? body.api_key : before.apiKey, signSecret: body.sign_secret ? body.sign_secret : before.signSecret,
        remark: body.remark ?? before.remark, updatedAt: sql`now()`,
      }).where(eq(paymentChannel.id, body.id)).returning();
      if (row.isDefault && !before.isDefault) await soleDefault(tx, row.id);
      await writeOpLog(tx, req, { action: 'bankChannel.edit', targetType: 'payment_channel', targetId: row.id, before: channelView(before), after: channelView(row) });
      return channelView(row);
    });
  });

  const toggle = (verb: 'enable' | 'disable') =>
    route(app, { method: 'POST', url: `/loanapi/bank_channel/${verb}`, permission: A(verb), body: idsBody }, async ({ req, body }) => {
      return deps.db.transaction(async (tx) => {
        const rows = await tx.update(paymentChannel).set({ enabled: verb === 'enable', updatedAt: sql`now()` }).where(inArray(paymentChannel.id, body.ids))
          .returning({ id: paymentChannel.id });
        if (!rows.length) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@payment.channel' });
        await writeOpLog(tx, req, { action: `bankChannel.${verb}`, targetType: 'payment_channel', targetId: rows.map((r) => r.id).join(','), after: { enabled: verb === 'enable' } });
        return { count: rows.length };
      });
    });
  toggle('enable');
  toggle('disable');

  route(app, { method: 'POST', url: '/loanapi/bank_channel/del', permission: A('del'), body: idBody }, async ({ req, body }) => {
    return deps.db.transaction(async (tx) => {
      const row = await loadChannel(tx, body.id);
      // A channel that paid, or that a merchant or a pay card names, stays (disable it instead): its records point to it.
      const [used] = await tx.select({ n: sql<number>`1` }).from(paymentOrder).where(eq(paymentOrder.channelId, row.id)).limit(1);
      const [named] = await tx.select({ n: sql<number>`1` }).from(merchantPaymentConfig).where(eq(merchantPaymentConfig.payoutChannelId, row.id)).limit(1);
      const [card] = await tx.select({ n: sql<number>`1` }).from(payCard).where(eq(payCard.channelId, row.id)).limit(1);
      if (used || named || card) throw new AppError(CODE.CONFLICT, 'payment.channelInUse');
      await tx.delete(paymentChannel).where(eq(paymentChannel.id, row.id));
      await writeOpLog(tx, req, { action: 'bankChannel.del', targetType: 'payment_channel', targetId: row.id, before: channelView(row) });
      return null;
    });
  });

  route(app, { method: 'POST', url: '/loanapi/bank_channel/test', permission: A('test'), body: idBody }, async ({ req, body }): Promise<ChannelTestResult> => {
    const row = await loadChannel(deps.db, body.id);
    const r = await paymentRuntime(deps).provider(row).test();
    await deps.db.update(paymentChannel).set({ lastTestAt: deps.now(), lastTestOk: r.ok, lastTestMessage: r.message.slice(0, 200) }).where(eq(paymentChannel.id, row.id));
    await writeOpLog(deps.db, req, { action: 'bankChannel.test', targetType: 'payment_channel', targetId: row.id, after: r });
    return { ok: r.ok, latency_ms: r.latencyMs, message: r.message };
  });

  route(app, { method: 'POST', url: '/loanapi/bank_channel/secure_key', permission: A('secureKey'), body: secureKeyBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const r = await setSecureKey(deps.db, { currentKey: body.current_password, newKey: body.new_password, actorId: actor.accountId, superAdmin: actor.nodes.has(SUPER_KEY) });
    await writeOpLog(deps.db, req, { action: 'payment.secureKey', targetType: 'system_config', targetId: 'payment.secure_operation_key', after: { replaced: r.replaced } });
    return r;
  });

}
