import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pageKey } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import type { collectorGroupBody, collectorMemberBody, stageBody } from '../../../schemas/collection';
import { groupListQuery, stageListQuery, type GroupAccount, type GroupRow, type MemberRow } from '../../../schemas/collectionSetup';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { defineList, merchantScope } from '../../list/define';
import type { Actor } from '../../plugins/session';
import { outer } from '../client/client.routes';
import { adminAccount, role } from '../empower/empower.table';
import { accountScope, findScopedAccount, isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { overlapping, type StageRow } from './cases';
import { collectionCase, collectionStage, collectorGroup, collectorMember } from './collection.table';

/**
 * /merchant/stage (docs/collection.md "Stages"): a merchant's stages — day ranges relative to the due date, each with
 * its collector group, daily cap, reassignment after N days — and the collector groups with their members. Ranges
 * of one merchant's enabled stages may not overlap (checked with `overlapping`, under a lock on the merchant row so
 * that two concurrent saves cannot both pass); a stage with open cases is disabled rather than deleted; a group a
 * stage uses cannot be deleted. Every change writes the operation log.
 */

type StageInput = z.infer<typeof stageBody>;
type GroupRowDb = typeof collectorGroup.$inferSelect;
type MemberRowDb = typeof collectorMember.$inferSelect;

export interface SetupCtx {
  deps: Deps;
  req: FastifyRequest;
  actor: Actor;
}

const PAGE = pageKey('merchant', 'stage');
const merchantName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select m.name from ${merchant} m where m.id = ${outer(col)})`;

// ------------------------------------------------------------------------------------------------ lists

export const stageList = defineList({
  id: 'merchant.stage',
  permission: PAGE,
  from: collectionStage,
  columns: {
    id: collectionStage.id,
    merchant_id: collectionStage.merchantId,
    merchant_name: merchantName(collectionStage.merchantId),
    name: collectionStage.name,
    min_day: collectionStage.minDay,
    max_day: collectionStage.maxDay,
    group_id: collectionStage.groupId,
    group_name: sql<string | null>`(select g.name from ${collectorGroup} g where g.id = ${outer(collectionStage.groupId)})`,
    daily_cap: collectionStage.dailyCap,
    reassign_after_days: collectionStage.reassignAfterDays,
    reminder: collectionStage.reminder,
    enabled: collectionStage.enabled,
    sort: collectionStage.sort,
    open_cases: sql<number>`(select count(*)::int from ${collectionCase} c where c.stage_id = ${outer(collectionStage.id)} and c.status = 'open')`,
    created_at: collectionStage.createdAt,
    updated_at: collectionStage.updatedAt,
  },
  filters: stageListQuery,
  scope: merchantScope(collectionStage.merchantId),
  where: (f) => [
    f.merchant_id !== undefined ? eq(collectionStage.merchantId, f.merchant_id) : undefined,
    f.enabled !== undefined ? eq(collectionStage.enabled, f.enabled) : undefined,
  ],
  sorts: { min_day: collectionStage.minDay, sort: collectionStage.sort, id: collectionStage.id },
  defaultSort: 'min_day:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'min_day', title: 'field.min_day' },
    { key: 'max_day', title: 'field.max_day' },
    { key: 'group_name', title: 'field.group_id' },
    { key: 'daily_cap', title: 'field.daily_cap' },
    { key: 'reassign_after_days', title: 'field.reassign_after_days' },
    { key: 'reminder', title: 'field.reminder' },
    { key: 'enabled', title: 'field.enabled' },
    { key: 'open_cases', title: 'collectionSetup.openCases' },
  ],
});

const membersJson = sql<MemberRow[]>`(select coalesce(json_agg(json_build_object(
    'account_id', m.account_id, 'account', a.account, 'name', a.name, 'enabled', m.enabled, 'daily_cap', m.daily_cap,
    'account_enabled', (a.enabled and a.deleted_at is null)) order by a.name, m.account_id), '[]'::json)
  from ${collectorMember} m join ${adminAccount} a on a.id = m.account_id where m.group_id = ${outer(collectorGroup.id)})`;
const stagesJson = sql<GroupRow['stages']>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'enabled', s.enabled)
  order by s.min_day, s.id), '[]'::json) from ${collectionStage} s where s.group_id = ${outer(collectorGroup.id)})`;

export const groupList = defineList({
  id: 'merchant.stage.groups',
  permission: PAGE,
  from: collectorGroup,
  columns: {
    id: collectorGroup.id,
    merchant_id: collectorGroup.merchantId,
    merchant_name: merchantName(collectorGroup.merchantId),
    name: collectorGroup.name,
    stages: stagesJson,
    members: membersJson,
    created_at: collectorGroup.createdAt,
  },
  filters: groupListQuery,
  scope: merchantScope(collectorGroup.merchantId),
  where: (f) => [f.merchant_id !== undefined ? eq(collectorGroup.merchantId, f.merchant_id) : undefined],
  sorts: { id: collectorGroup.id },
  defaultSort: 'id:asc',
  exportColumns: [
    { key: 'merchant_name', title: 'field.merchant_id' },
    { key: 'name', title: 'field.name' },
    { key: 'stages', title: 'collectionSetup.usedBy', value: (r) => ((r.stages ?? []) as GroupRow['stages']).map((s) => s.name).join(', ') },
    { key: 'members', title: 'collectionSetup.members', value: (r) => ((r.members ?? []) as MemberRow[]).map((m) => m.name).join(', ') },
  ],
});

// ------------------------------------------------------------------------------------------------ scope

const notFound = (what: string) => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `@collectionSetup.what.${what}` });
const inScope = (actor: Actor, merchantId: number) => isUnscoped(actor) || actor.merchantIds.includes(merchantId);

/** A merchant the actor may configure; 40400 otherwise (another merchant's set-up does not exist for it). */
export async function scopedMerchant(db: DbOrTx, actor: Actor, merchantId: number): Promise<void> {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId));
  if (!m || !inScope(actor, merchantId)) throw notFound('merchant');
}

/** Serialises the stage writes of one merchant (the overlap check reads, then writes). */
async function lockMerchant(tx: DbOrTx, merchantId: number): Promise<void> {
  await tx.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, merchantId)).for('update');
}

async function scopedStage(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<StageRow> {
  const q = db.select().from(collectionStage).where(eq(collectionStage.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !inScope(actor, row.merchantId)) throw notFound('stage');
  return row;
}

async function scopedGroup(db: DbOrTx, actor: Actor, id: number): Promise<GroupRowDb> {
  const [row] = await db.select().from(collectorGroup).where(eq(collectorGroup.id, id));
  if (!row || !inScope(actor, row.merchantId)) throw notFound('group');
  return row;
}

const invalidField = (messageId: string, path: string, values: Record<string, string | number> = {}) =>
  new AppError(CODE.VALIDATION, messageId, values, 200, [{ path, id: messageId, values }]);

// ------------------------------------------------------------------------------------------------ stages

const stageView = (s: StageRow) => ({
  id: s.id, merchant_id: s.merchantId, name: s.name, min_day: s.minDay, max_day: s.maxDay, group_id: s.groupId, daily_cap: s.dailyCap,
  reassign_after_days: s.reassignAfterDays, reminder: s.reminder, enabled: s.enabled, sort: s.sort,
});

/**
 * The checks of a stage about to be saved (inside the merchant's lock): its group belongs to the merchant, its name
 * is the merchant's only one, and — when it is enabled — its days overlap no other enabled stage of the merchant
 * (42200 `collection.stageOverlap` naming that stage and its days; the issue carries them for the form).
 */
async function checkStage(tx: DbOrTx, input: StageInput, selfId: number | null): Promise<void> {
  const [group] = await tx.select().from(collectorGroup).where(eq(collectorGroup.id, input.group_id));
  if (!group || group.merchantId !== input.merchant_id) throw invalidField('collection.groupNotOfMerchant', 'group_id');
  const others = await tx.select().from(collectionStage)
    .where(and(eq(collectionStage.merchantId, input.merchant_id), selfId === null ? undefined : ne(collectionStage.id, selfId)))
    .orderBy(asc(collectionStage.minDay), asc(collectionStage.id));
  const named = others.find((o) => o.name.toLowerCase() === input.name.toLowerCase());
  if (named) throw new AppError(CODE.CONFLICT, 'collection.stageNameTaken', { name: input.name }, 200, [{ path: 'name', id: 'collection.stageNameTaken', values: { name: input.name } }]);
  if (!input.enabled) return;
  const self = { id: selfId ?? 0, minDay: input.min_day, maxDay: input.max_day };
  const clash = others.find((o) => o.enabled && overlapping([self, o]) !== null);
  if (clash) {
    const values = { stage: clash.name, from: clash.minDay, to: clash.maxDay };
    throw new AppError(CODE.INVALID_TRANSITION, 'collection.stageOverlap', values, 200, [{ path: 'min_day', id: 'collection.stageOverlap', values }]);
  }
}

export async function addStage(ctx: SetupCtx, body: StageInput) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, body.merchant_id);
    await checkStage(tx, body, null);
    const [row] = await tx.insert(collectionStage).values({
      merchantId: body.merchant_id, name: body.name, minDay: body.min_day, maxDay: body.max_day, groupId: body.group_id, dailyCap: body.daily_cap,
      reassignAfterDays: body.reassign_after_days, reminder: body.reminder, enabled: body.enabled, sort: body.sort,
    }).returning();
    await writeOpLog(tx, req, { action: 'merchant.stage.add', targetType: 'collection_stage', targetId: row.id, after: stageView(row) });
    return stageView(row);
  });
}

/** Edits a stage (also how it is enabled or disabled). A stage stays with its merchant. */
export async function editStage(ctx: SetupCtx, body: StageInput & { id: number }) {
  const { deps, req, actor } = ctx;
  const found = await scopedStage(deps.db, actor, body.id);
  if (body.merchant_id !== found.merchantId) throw invalidField('collection.stageMerchantFixed', 'merchant_id');
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, found.merchantId);
    const before = await scopedStage(tx, actor, body.id, true);
    await checkStage(tx, body, before.id);
    const [row] = await tx.update(collectionStage).set({
      name: body.name, minDay: body.min_day, maxDay: body.max_day, groupId: body.group_id, dailyCap: body.daily_cap,
      reassignAfterDays: body.reassign_after_days, reminder: body.reminder, enabled: body.enabled, sort: body.sort, updatedAt: sql`now()`,
    }).where(eq(collectionStage.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'merchant.stage.edit', targetType: 'collection_stage', targetId: row.id, before: stageView(before), after: stageView(row) });
    return stageView(row);
  });
}

/** Deletes a stage without open cases (40900 `collection.stageHasCases` otherwise: disable it instead). */
export async function deleteStage(ctx: SetupCtx, id: number) {
  const { deps, req, actor } = ctx;
  const found = await scopedStage(deps.db, actor, id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, found.merchantId);
    const before = await scopedStage(tx, actor, id, true);
    const [{ n }] = await tx.select({ n: count() }).from(collectionCase).where(and(eq(collectionCase.stageId, id), eq(collectionCase.status, 'open')));
    if (n > 0) throw new AppError(CODE.CONFLICT, 'collection.stageHasCases', { stage: before.name, count: n });
    await tx.delete(collectionStage).where(eq(collectionStage.id, id));
    await writeOpLog(tx, req, { action: 'merchant.stage.del', targetType: 'collection_stage', targetId: id, before: stageView(before) });
    return null;
  });
}

// ------------------------------------------------------------------------------------------------ groups and members

const groupView = (g: GroupRowDb) => ({ id: g.id, merchant_id: g.merchantId, name: g.name });
const memberView = (m: MemberRowDb) => ({ group_id: m.groupId, account_id: m.accountId, enabled: m.enabled, daily_cap: m.dailyCap });

export async function addGroup(ctx: SetupCtx, body: z.infer<typeof collectorGroupBody>) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, body.merchant_id);
    const same = await tx.select({ id: collectorGroup.id }).from(collectorGroup)
      .where(and(eq(collectorGroup.merchantId, body.merchant_id), sql`lower(${collectorGroup.name}) = lower(${body.name})`));
    if (same.length) throw new AppError(CODE.CONFLICT, 'collection.groupNameTaken', { name: body.name }, 200, [{ path: 'name', id: 'collection.groupNameTaken', values: { name: body.name } }]);
    const [row] = await tx.insert(collectorGroup).values({ merchantId: body.merchant_id, name: body.name }).returning();
    await writeOpLog(tx, req, { action: 'merchant.stage.group_add', targetType: 'collector_group', targetId: row.id, after: groupView(row) });
    return groupView(row);
  });
}

/** Deletes a group no stage uses (40900 `collection.groupInUse` naming the stages), with its memberships. */
export async function deleteGroup(ctx: SetupCtx, groupId: number) {
  const { deps, req, actor } = ctx;
  const group = await scopedGroup(deps.db, actor, groupId);
  return deps.db.transaction(async (tx) => {
    await lockMerchant(tx, group.merchantId);
    const users = await tx.select({ name: collectionStage.name }).from(collectionStage).where(eq(collectionStage.groupId, groupId)).orderBy(asc(collectionStage.minDay));
    if (users.length) throw new AppError(CODE.CONFLICT, 'collection.groupInUse', { group: group.name, stages: users.map((u) => u.name).join(', ') });
    const members = await tx.delete(collectorMember).where(eq(collectorMember.groupId, groupId)).returning();
    await tx.delete(collectorGroup).where(eq(collectorGroup.id, groupId));
    await writeOpLog(tx, req, {
      action: 'merchant.stage.group_del', targetType: 'collector_group', targetId: groupId, before: { ...groupView(group), members: members.map(memberView) },
    });
    return null;
  });
}

/** An account works for a merchant when it is authorised for it (no list means no merchant: scoping fails closed). */
const worksFor = (merchantIds: readonly number[], merchantId: number) => merchantIds.includes(merchantId);

/**
 * Adds a collector to a group or changes their membership (enabled, own daily cap; 0 = the stage's). The account
 * must be one the actor sees and authorised for the group's merchant.
 */
export async function saveMember(ctx: SetupCtx, body: z.infer<typeof collectorMemberBody>) {
  const { deps, req, actor } = ctx;
  const group = await scopedGroup(deps.db, actor, body.group_id);
  const account = await findScopedAccount(deps.db, actor, body.account_id);
  if (!account || !worksFor(account.merchantIds, group.merchantId)) throw invalidField('collection.accountNotOfMerchant', 'account_id');
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(collectorMember).where(and(eq(collectorMember.groupId, group.id), eq(collectorMember.accountId, account.id))).for('update');
    const [row] = await tx.insert(collectorMember).values({ groupId: group.id, accountId: account.id, enabled: body.enabled, dailyCap: body.daily_cap })
      .onConflictDoUpdate({ target: [collectorMember.groupId, collectorMember.accountId], set: { enabled: body.enabled, dailyCap: body.daily_cap } })
      .returning();
    await writeOpLog(tx, req, {
      action: before ? 'merchant.stage.member_edit' : 'merchant.stage.member_add', targetType: 'collector_group', targetId: group.id,
      before: before ? memberView(before) : undefined, after: { ...memberView(row), account: account.account },
    });
    return { ...memberView(row), account: account.account, name: account.name };
  });
}

/** Removes a collector from a group (the cases they hold stay with them until returned or reassigned). */
export async function deleteMember(ctx: SetupCtx, body: { group_id: number; account_id: number }) {
  const { deps, req, actor } = ctx;
  const group = await scopedGroup(deps.db, actor, body.group_id);
  return deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(collectorMember).where(and(eq(collectorMember.groupId, group.id), eq(collectorMember.accountId, body.account_id))).returning();
    if (!gone) throw notFound('member');
    await writeOpLog(tx, req, { action: 'merchant.stage.member_del', targetType: 'collector_group', targetId: group.id, before: memberView(gone) });
    return null;
  });
}

/** Accounts that may join the merchant's groups: live, seen by the actor, authorised for the merchant. */
export async function groupAccounts(db: DbOrTx, actor: Actor, merchantId: number): Promise<GroupAccount[]> {
  await scopedMerchant(db, actor, merchantId);
  return db.select({ id: adminAccount.id, account: adminAccount.account, name: adminAccount.name, enabled: adminAccount.enabled, role_name: role.name })
    .from(adminAccount).leftJoin(role, eq(role.id, adminAccount.roleId))
    .where(and(
      isNull(adminAccount.deletedAt),
      sql`${merchantId} = any(${adminAccount.merchantIds})`,
      accountScope(actor),
    ))
    .orderBy(asc(adminAccount.name), asc(adminAccount.id))
    .limit(1000);
}

