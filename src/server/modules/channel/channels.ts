import crypto from 'node:crypto';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import {
  channelListQuery, type channelAddBody, type channelEditBody, type ChannelOption, type ChannelRow, type ChannelSecretName, type ChannelSecrets,
} from '../../../schemas/channel';
import type { DbOrTx } from '../../db/client';
import { defineList, merchantScope } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { isUnscoped, likeEscape } from '../empower/scope';
import { openSecret, sealSecret, secretHint } from '../intake/secrets';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { channelBinding, channelSecret, virtualChannel } from './channelAdmin.table';
import { conflictField, invalidField, iso, scopedChannel, scopedMerchant, type ChannelCtx, type ChannelRecord } from './scope';

/**
 * /merchant/channel (spec §3 "Channel and promotion link"). The plain secret columns of `channel` are left empty:
 * the communication private key, the tracking-provider secret and the access token are sealed in `channel_secret`
 * like app keys, returned once in the answer that set them, and shown afterwards by their last 4 characters only.
 */

const PAGE = pageKey('merchant', 'channel');
const hint = (col: 'private_key_hint' | 'tracking_secret_hint' | 'access_token_hint') =>
  sql<string>`coalesce((select s.${sql.raw(col)} from ${channelSecret} s where s.channel_id = ${outer(channel.id)}), '')`;

export const channelList = defineList({
  id: 'merchant.channel',
  permission: PAGE,
  from: channel,
  columns: {
    id: channel.id,
    merchant_id: channel.merchantId,
    merchant_name: sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(channel.merchantId)})`,
    code: channel.code,
    name: channel.name,
    type: channel.type,
    opened_at: channel.openedAt,
    expires_at: channel.expiresAt,
    extendable_quantity: channel.extendableQuantity,
    fixed_identifier: channel.fixedIdentifier,
    initial_tag: channel.initialTag,
    public_key: channel.publicKey,
    tracking_provider: channel.trackingProvider,
    tracking_id: channel.trackingId,
    pixel_id: channel.pixelId,
    forwarding_url: channel.forwardingUrl,
    promotion_url: channel.promotionUrl,
    promotion_product_id: channel.promotionProductId,
    enabled: channel.enabled,
    private_key_hint: hint('private_key_hint'),
    tracking_secret_hint: hint('tracking_secret_hint'),
    access_token_hint: hint('access_token_hint'),
    bound_accounts: sql<number>`(select count(*)::int from ${channelBinding} b where b.channel_id = ${outer(channel.id)})`,
    created_at: channel.createdAt,
    updated_at: channel.updatedAt,
  },
  filters: channelListQuery,
  where: (f, actor) => [
    f.merchant_id !== undefined ? eq(channel.merchantId, f.merchant_id) : undefined,
    f.type ? eq(channel.type, f.type) : undefined,
    f.enabled !== undefined ? eq(channel.enabled, f.enabled) : undefined,
    f.keyword ? or(ilike(channel.code, `%${likeEscape(f.keyword)}%`), ilike(channel.name, `%${likeEscape(f.keyword)}%`)) : undefined,
    f.mine ? sql`${channel.id} in (select b.channel_id from ${channelBinding} b where b.account_id = ${actor.accountId})` : undefined,
  ],
  scope: merchantScope(channel.merchantId),
  sorts: { id: channel.id, created_at: channel.createdAt, opened_at: channel.openedAt, code: channel.code },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'code', title: 'channel.field.code' },
    { key: 'name', title: 'field.name' },
    { key: 'type', title: 'field.type' },
    { key: 'opened_at', title: 'channel.field.opened_at' },
    { key: 'expires_at', title: 'channel.field.expires_at' },
    { key: 'extendable_quantity', title: 'channel.field.extendable_quantity' },
    { key: 'fixed_identifier', title: 'channel.field.fixed_identifier' },
    { key: 'initial_tag', title: 'channel.field.initial_tag' },
    { key: 'tracking_provider', title: 'channel.field.tracking_provider' },
    { key: 'tracking_id', title: 'channel.field.tracking_id' },
    { key: 'pixel_id', title: 'channel.field.pixel_id' },
    { key: 'promotion_url', title: 'channel.field.promotion_url' },
    { key: 'enabled', title: 'field.enabled' },
  ],
});

// ------------------------------------------------------------------------------------------------ secrets

type SecretInput = Partial<Record<ChannelSecretName, string>>;
const SEALED: Record<ChannelSecretName, { sealed: 'privateKeySealed' | 'trackingSecretSealed' | 'accessTokenSealed'; hint: 'privateKeyHint' | 'trackingSecretHint' | 'accessTokenHint' }> = {
  private_key: { sealed: 'privateKeySealed', hint: 'privateKeyHint' },
  tracking_secret: { sealed: 'trackingSecretSealed', hint: 'trackingSecretHint' },
  access_token: { sealed: 'accessTokenSealed', hint: 'accessTokenHint' },
};

/** The communication key pair (P-256): the public key is the channel's, the private key goes to the partner once. */
export function newKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', {
    namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

/** PEM ends with a fixed footer: the hint is taken from the key body so that two keys can be told apart. */
function hintOf(name: ChannelSecretName, value: string): string {
  if (name === 'private_key') return secretHint(value.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  return secretHint(value);
}

/** Seals the given secrets (sealing reads the key-encryption key through `db`, outside the write's transaction). */
export async function sealSecrets(db: DbOrTx, input: SecretInput): Promise<Partial<typeof channelSecret.$inferInsert>> {
  const out: Partial<typeof channelSecret.$inferInsert> = {};
  for (const name of Object.keys(SEALED) as ChannelSecretName[]) {
    const v = input[name];
    if (!v) continue;
    out[SEALED[name].sealed] = await sealSecret(db, v);
    out[SEALED[name].hint] = hintOf(name, v);
  }
  return out;
}

async function storeSealed(tx: DbOrTx, channelId: number, sealed: Partial<typeof channelSecret.$inferInsert>, now: Date, rotated = false): Promise<void> {
  if (!Object.keys(sealed).length) return;
  const set = { ...sealed, updatedAt: now, ...(rotated ? { rotatedAt: now } : {}) };
  await tx.insert(channelSecret).values({ channelId, ...set }).onConflictDoUpdate({ target: channelSecret.channelId, set });
}

/** A channel's secret in clear, for the server's own use (signing for the partner); null when unset or unreadable. */
export async function channelSecretOf(db: DbOrTx, channelId: number, name: ChannelSecretName): Promise<string | null> {
  const [row] = await db.select().from(channelSecret).where(eq(channelSecret.channelId, channelId));
  const sealed = row?.[SEALED[name].sealed];
  return sealed ? openSecret(db, sealed) : null;
}

/**
 * Moves secrets still kept in clear in `channel` (rows written before this area, or by the seed loader) into sealed
 * storage and empties the clear columns. Idempotent.
 */
export async function sealPlainChannelSecrets(db: DbOrTx, ids?: number[]): Promise<number> {
  const plain = await db.select({ id: channel.id, privateKey: channel.privateKey, trackingSecret: channel.trackingSecret, accessToken: channel.accessToken })
    .from(channel)
    .where(and(or(sql`${channel.privateKey} <> ''`, sql`${channel.trackingSecret} <> ''`, sql`${channel.accessToken} <> ''`), ids ? inArray(channel.id, ids) : undefined));
  if (!plain.length) return 0;
  const now = new Date();
  const rows: Array<typeof channelSecret.$inferInsert> = [];
  for (const c of plain) {
    const sealed = await sealSecrets(db, { private_key: c.privateKey, tracking_secret: c.trackingSecret, access_token: c.accessToken });
    rows.push({
      channelId: c.id, privateKeySealed: sealed.privateKeySealed ?? null, privateKeyHint: sealed.privateKeyHint ?? '',
      trackingSecretSealed: sealed.trackingSecretSealed ?? null, trackingSecretHint: sealed.trackingSecretHint ?? '',
      accessTokenSealed: sealed.accessTokenSealed ?? null, accessTokenHint: sealed.accessTokenHint ?? '', updatedAt: now,
    });
  }
  // One statement each way: the demo seals a few hundred channels at once. A secret already sealed is kept unless
  // the clear column held a new one.
  const keep = (col: string, hint = false) => (hint
    ? sql.raw(`case when excluded.${col} <> '' then excluded.${col} else channel_secret.${col} end`)
    : sql.raw(`coalesce(excluded.${col}, channel_secret.${col})`));
  await db.transaction(async (tx) => {
    await tx.insert(channelSecret).values(rows).onConflictDoUpdate({
      target: channelSecret.channelId,
      set: {
        privateKeySealed: keep('private_key_sealed'), privateKeyHint: keep('private_key_hint', true),
        trackingSecretSealed: keep('tracking_secret_sealed'), trackingSecretHint: keep('tracking_secret_hint', true),
        accessTokenSealed: keep('access_token_sealed'), accessTokenHint: keep('access_token_hint', true), updatedAt: now,
      },
    });
    await tx.update(channel).set({ privateKey: '', trackingSecret: '', accessToken: '' }).where(inArray(channel.id, plain.map((c) => c.id)));
  });
  return plain.length;
}

// ------------------------------------------------------------------------------------------------ rows

async function rowOf(db: DbOrTx, c: ChannelRecord): Promise<ChannelRow> {
  const [s] = await db.select().from(channelSecret).where(eq(channelSecret.channelId, c.id));
  const [m] = await db.select({ name: merchant.name }).from(merchant).where(eq(merchant.id, c.merchantId));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(channelBinding).where(eq(channelBinding.channelId, c.id));
  return {
    id: c.id, merchant_id: c.merchantId, merchant_name: m?.name ?? null, code: c.code, name: c.name, type: c.type, opened_at: c.openedAt.toISOString(),
    expires_at: iso(c.expiresAt), extendable_quantity: c.extendableQuantity, fixed_identifier: c.fixedIdentifier, initial_tag: c.initialTag,
    public_key: c.publicKey, tracking_provider: c.trackingProvider, tracking_id: c.trackingId, pixel_id: c.pixelId, forwarding_url: c.forwardingUrl,
    promotion_url: c.promotionUrl, promotion_product_id: c.promotionProductId, enabled: c.enabled,
    private_key_hint: s?.privateKeyHint ?? '', tracking_secret_hint: s?.trackingSecretHint ?? '', access_token_hint: s?.accessTokenHint ?? '',
    bound_accounts: n, created_at: c.createdAt.toISOString(), updated_at: c.updatedAt.toISOString(),
  };
}

/** What the operation log keeps of a channel: no secret, not even its hint. */
const logView = (r: ChannelRow) => {
  const { private_key_hint: _a, tracking_secret_hint: _b, access_token_hint: _c, ...rest } = r;
  return rest;
};

// ------------------------------------------------------------------------------------------------ checks

type Fields = Omit<z.infer<typeof channelEditBody>, 'id' | 'private_key' | 'tracking_secret' | 'access_token'>;

async function checkFields(db: DbOrTx, merchantId: number, f: Fields, openedAt: Date): Promise<void> {
  if (f.expires_at) {
    const exp = new Date(f.expires_at);
    if (exp.getTime() <= openedAt.getTime()) throw invalidField('expires_at', 'channel.expiryBeforeOpened');
  }
  if (f.promotion_product_id != null) {
    const [p] = await db.select({ merchantId: product.merchantId }).from(product).where(eq(product.id, f.promotion_product_id));
    if (!p || p.merchantId !== merchantId) throw invalidField('promotion_product_id', 'channel.productNotOfMerchant');
  }
}

/** Channel and alias codes share one name space: intake looks a code up in both. */
export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [a] = await db.select({ id: channel.id }).from(channel).where(sql`lower(${channel.code}) = lower(${code})`).limit(1);
  if (a) return true;
  const [b] = await db.select({ id: virtualChannel.id }).from(virtualChannel).where(sql`lower(${virtualChannel.code}) = lower(${code})`).limit(1);
  return !!b;
}

const fieldValues = (f: Fields) => ({
  name: f.name, type: f.type, expiresAt: f.expires_at ? new Date(f.expires_at) : null, extendableQuantity: f.extendable_quantity,
  fixedIdentifier: f.fixed_identifier, initialTag: f.initial_tag, publicKey: f.public_key, trackingProvider: f.tracking_provider,
  trackingId: f.tracking_id, pixelId: f.pixel_id, forwardingUrl: f.forwarding_url, promotionUrl: f.promotion_url,
  promotionProductId: f.promotion_product_id ?? null,
});

// ------------------------------------------------------------------------------------------------ writes

export async function addChannel(ctx: ChannelCtx, body: z.infer<typeof channelAddBody>): Promise<ChannelSecrets> {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  const now = deps.now();
  const openedAt = body.opened_at ? new Date(body.opened_at) : now;
  await checkFields(deps.db, body.merchant_id, body, openedAt);
  if (body.generate_keys && body.private_key) throw invalidField('private_key', 'channel.keysGivenAndGenerated');
  const secrets: SecretInput = { tracking_secret: body.tracking_secret, access_token: body.access_token, private_key: body.private_key };
  let publicKey = body.public_key;
  if (body.generate_keys) {
    const pair = newKeyPair();
    publicKey = pair.publicKey;
    secrets.private_key = pair.privateKey;
  }
  const sealed = await sealSecrets(deps.db, secrets);
  return deps.db.transaction(async (tx) => {
    if (await codeTaken(tx, body.code)) throw conflictField('code', 'channel.codeTaken', { code: body.code });
    const [c] = await tx.insert(channel).values({
      merchantId: body.merchant_id, code: body.code, ...fieldValues(body), publicKey, openedAt, enabled: body.enabled,
      privateKey: '', trackingSecret: '', accessToken: '', createdAt: now, updatedAt: now,
    }).returning();
    await storeSealed(tx, c.id, sealed, now);
    const row = await rowOf(tx, c);
    await writeOpLog(tx, req, { action: 'merchant.channel.add', targetType: 'channel', targetId: c.id, after: logView(row) });
    const shown: ChannelSecrets['secrets'] = {};
    for (const k of Object.keys(secrets) as ChannelSecretName[]) if (secrets[k]) shown[k] = secrets[k];
    return { row, secrets: shown };
  });
}

/** Edits a channel; a secret given replaces the sealed one, a secret left out is kept. The answer carries no secret. */
export async function editChannel(ctx: ChannelCtx, body: z.infer<typeof channelEditBody>): Promise<ChannelRow> {
  const { deps, req, actor } = ctx;
  const found = await scopedChannel(deps.db, actor, body.id);
  const openedAt = body.opened_at ? new Date(body.opened_at) : found.openedAt;
  await checkFields(deps.db, found.merchantId, body, openedAt);
  await sealPlainChannelSecrets(deps.db, [found.id]);
  const sealed = await sealSecrets(deps.db, { private_key: body.private_key, tracking_secret: body.tracking_secret, access_token: body.access_token });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await rowOf(tx, await scopedChannel(tx, actor, body.id, true));
    const [c] = await tx.update(channel).set({ ...fieldValues(body), openedAt, updatedAt: now }).where(eq(channel.id, found.id)).returning();
    await storeSealed(tx, c.id, sealed, now, Object.keys(sealed).length > 0);
    const row = await rowOf(tx, c);
    await writeOpLog(tx, req, { action: 'merchant.channel.edit', targetType: 'channel', targetId: c.id, before: logView(before), after: logView(row) });
    return row;
  });
}

export async function setChannelEnabled(ctx: ChannelCtx, id: number, enabled: boolean): Promise<ChannelRow> {
  const { deps, req, actor } = ctx;
  return deps.db.transaction(async (tx) => {
    const found = await scopedChannel(tx, actor, id, true);
    const before = await rowOf(tx, found);
    const [c] = await tx.update(channel).set({ enabled, updatedAt: deps.now() }).where(eq(channel.id, id)).returning();
    const row = await rowOf(tx, c);
    await writeOpLog(tx, req, { action: enabled ? 'merchant.channel.enable' : 'merchant.channel.disable', targetType: 'channel', targetId: id, before: logView(before), after: logView(row) });
    return row;
  });
}

/**
 * A new secret: the private key is regenerated together with the public key (the partner gets the new private key
 * from this answer); the tracking secret and the token come from the provider's console, so they are given.
 */
export async function rotateChannelSecret(ctx: ChannelCtx, body: { id: number; which: ChannelSecretName; value?: string }): Promise<ChannelSecrets> {
  const { deps, req, actor } = ctx;
  const found = await scopedChannel(deps.db, actor, body.id);
  let value = body.value;
  let publicKey: string | undefined;
  if (body.which === 'private_key') {
    if (value) throw invalidField('value', 'channel.privateKeyGenerated');
    const pair = newKeyPair();
    value = pair.privateKey;
    publicKey = pair.publicKey;
  } else if (!value) {
    throw invalidField('value', 'channel.valueRequired');
  }
  await sealPlainChannelSecrets(deps.db, [found.id]);
  const sealed = await sealSecrets(deps.db, { [body.which]: value });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await rowOf(tx, await scopedChannel(tx, actor, body.id, true));
    const [c] = await tx.update(channel).set({ ...(publicKey ? { publicKey } : {}), updatedAt: now }).where(eq(channel.id, found.id)).returning();
    await storeSealed(tx, c.id, sealed, now, true);
    const row = await rowOf(tx, c);
    await writeOpLog(tx, req, { action: 'merchant.channel.rotate', targetType: 'channel', targetId: c.id, before: logView(before), after: { ...logView(row), rotated: body.which } });
    return { row, secrets: { [body.which]: value } };
  });
}

/** The channels of the actor's merchants, for pickers (bindings, aliases, rules, providers). */
export async function channelOptions(db: DbOrTx, actor: Actor, merchantId?: number): Promise<ChannelOption[]> {
  if (!isUnscoped(actor) && !actor.merchantIds.length) return [];
  const rows = await db.select({ id: channel.id, merchant_id: channel.merchantId, code: channel.code, name: channel.name, enabled: channel.enabled })
    .from(channel)
    .where(and(
      isUnscoped(actor) ? undefined : inArray(channel.merchantId, actor.merchantIds),
      merchantId !== undefined ? eq(channel.merchantId, merchantId) : undefined,
    ))
    .orderBy(channel.merchantId, channel.code).limit(2000);
  return rows;
}
