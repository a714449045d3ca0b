import { and, arrayContains, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { BindingRow } from '../../../schemas/channel';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { merchantInScope } from '../client/customer.service';
import { adminAccount } from '../empower/empower.table';
import { accountScope, findScopedAccount } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { channel } from '../merchant/channel.table';
import { channelBinding } from './channelAdmin.table';
import { invalidField, notFoundWhat, scopedChannel, type ChannelCtx } from './scope';

/**
 * Staff accounts bound to channels (spec §7 `POST /loanapi/admin_binding_channel/edit`): a marketing agent works the
 * customers of its channels. A channel can only be bound to an account of the channel's merchant, by someone who
 * manages both.
 */

/** The channels an account is bound to (other areas narrow an agent's customers with it). */
export async function boundChannelIds(db: DbOrTx, accountId: number): Promise<number[]> {
  const rows = await db.select({ id: channelBinding.channelId }).from(channelBinding).where(eq(channelBinding.accountId, accountId)).orderBy(asc(channelBinding.channelId));
  return rows.map((r) => r.id);
}

/** Replaces an account's channels with `channelIds`; channels of the actor's merchants that are not listed are unbound. */
export async function editBinding(ctx: ChannelCtx, body: { account_id: number; channel_ids: number[] }): Promise<BindingRow> {
  const { deps, req, actor } = ctx;
  const account = await findScopedAccount(deps.db, actor, body.account_id);
  if (!account) throw notFoundWhat('account');
  const ids = [...new Set(body.channel_ids)].sort((a, b) => a - b);
  const chans = ids.length ? await deps.db.select({ id: channel.id, merchantId: channel.merchantId }).from(channel).where(inArray(channel.id, ids)) : [];
  for (const id of ids) {
    const c = chans.find((x) => x.id === id);
    if (!c || !merchantInScope(actor, c.merchantId)) throw invalidField('channel_ids', 'channel.channelUnknown', { id });
    if (!account.merchantIds.includes(c.merchantId)) throw invalidField('channel_ids', 'channel.bindOtherMerchant', { id });
  }
  return deps.db.transaction(async (tx) => {
    const before = await boundChannelIds(tx, account.id);
    // Bindings to channels outside the actor's merchants are not the actor's to change: they stay.
    const mine = before.length
      ? (await tx.select({ id: channel.id, merchantId: channel.merchantId }).from(channel).where(inArray(channel.id, before)))
        .filter((c) => merchantInScope(actor, c.merchantId)).map((c) => c.id)
      : [];
    const drop = mine.filter((id) => !ids.includes(id));
    if (drop.length) await tx.delete(channelBinding).where(and(eq(channelBinding.accountId, account.id), inArray(channelBinding.channelId, drop)));
    const add = chans.filter((c) => !before.includes(c.id));
    if (add.length) {
      await tx.insert(channelBinding).values(add.map((c) => ({ accountId: account.id, channelId: c.id, merchantId: c.merchantId, createdBy: actor.accountId, createdAt: deps.now() })))
        .onConflictDoNothing();
    }
    const after = await boundChannelIds(tx, account.id);
    await writeOpLog(tx, req, { action: 'merchant.channel.bind', targetType: 'admin_account', targetId: account.id, before: { channel_ids: before }, after: { channel_ids: after } });
    return { account_id: account.id, account: account.account, name: account.name, channel_ids: after };
  });
}

/**
 * Accounts with their bound channels (only channels of the actor's merchants are shown): one account, the accounts
 * of a channel's merchant (the binding dialog of the channel screen), or every account in scope.
 */
export async function listBindings(db: DbOrTx, actor: Actor, q: { account_id?: number; channel_id?: number }): Promise<BindingRow[]> {
  let merchantFilter;
  if (q.channel_id !== undefined) {
    const c = await scopedChannel(db, actor, q.channel_id);
    merchantFilter = arrayContains(adminAccount.merchantIds, [c.merchantId]);
  }
  const accounts = await db.select({ id: adminAccount.id, account: adminAccount.account, name: adminAccount.name }).from(adminAccount)
    .where(and(isNull(adminAccount.deletedAt), accountScope(actor), merchantFilter, q.account_id !== undefined ? eq(adminAccount.id, q.account_id) : undefined))
    .orderBy(asc(adminAccount.account)).limit(500);
  if (!accounts.length) return [];
  const binds = await db.select({ accountId: channelBinding.accountId, channelId: channelBinding.channelId, merchantId: channelBinding.merchantId }).from(channelBinding)
    .where(inArray(channelBinding.accountId, accounts.map((a) => a.id))).orderBy(asc(channelBinding.channelId));
  return accounts.map((a) => ({
    account_id: a.id, account: a.account, name: a.name,
    channel_ids: binds.filter((b) => b.accountId === a.id && merchantInScope(actor, b.merchantId)).map((b) => b.channelId),
  }));
}
