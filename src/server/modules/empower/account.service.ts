import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import type { AccountAddBody, AccountEditBody, AccountRow, Terminal } from '../../../schemas/empower';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict } from '../../errors';
import type { Actor } from '../../plugins/session';
import { merchant } from '../merchant/merchant.table';
import { adminAccount, role } from './empower.table';
import { accountScope, firstUngrantable, isUnscoped, likeEscape, maskPhone, unknownNodes } from './scope';
import { roleDisplayName } from '../../seed/roleNames';
import type { Lang } from '../../../schemas/i18n';

type Account = typeof adminAccount.$inferSelect;

export interface AccountFilter {
  keyword?: string;
  role_id?: number;
  enabled?: '0' | '1';
  ids?: number[];
  page: number;
  page_size: number;
}

const secondaryRole = alias(role, 'secondary_role');

/** A session counts as live while not revoked, not expired and seen within the idle timeout. */
export function liveSessionSql(accountId: SQL | typeof adminAccount.id, now: Date, cfg: Config): SQL {
  const idleSince = new Date(now.getTime() - cfg.sessionIdleMinutes * 60_000);
  return sql`exists (select 1 from admin_session s where s.account_id = ${accountId} and s.revoked_at is null
    and s.expires_at > ${now.toISOString()}::timestamptz and s.last_seen_at > ${idleSince.toISOString()}::timestamptz)`;
}

/** The accounts list (spec /empower/user): scoped to the actor's merchants, phones masked for privacy-protected actors. */
/** Accounts of the actor's scope; role names of untouched template roles in `lang` (when given). */
export async function listAccounts(db: DbOrTx, actor: Actor, cfg: Config, now: Date, f: AccountFilter, lang?: Lang): Promise<{ rows: AccountRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [isNull(adminAccount.deletedAt), accountScope(actor)];
  if (f.ids) conds.push(f.ids.length ? inArray(adminAccount.id, f.ids) : sql`false`);
  if (f.keyword) {
    const like = `%${likeEscape(f.keyword)}%`;
    const fields = [ilike(adminAccount.account, like), ilike(adminAccount.name, like), ilike(adminAccount.nickname, like)];
    // A privacy-protected reader can't find accounts by a phone number it is not shown.
    if (!actor.privacy) fields.push(ilike(adminAccount.phone, like));
    conds.push(or(...fields));
  }
  if (f.role_id) conds.push(or(eq(adminAccount.roleId, f.role_id), eq(adminAccount.secondaryRoleId, f.role_id)));
  if (f.enabled) conds.push(eq(adminAccount.enabled, f.enabled === '1'));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db.select({
      a: adminAccount,
      roleName: role.name, roleIdentifier: role.identifier, roleTemplate: role.isTemplate,
      secondaryRoleName: secondaryRole.name, secondaryIdentifier: secondaryRole.identifier, secondaryTemplate: secondaryRole.isTemplate,
      organizerName: merchant.name,
      online: sql<boolean>`${liveSessionSql(adminAccount.id, now, cfg)}`,
    }).from(adminAccount)
      .leftJoin(role, eq(role.id, adminAccount.roleId))
      .leftJoin(secondaryRole, eq(secondaryRole.id, adminAccount.secondaryRoleId))
      .leftJoin(merchant, eq(merchant.id, adminAccount.organizerId))
      .where(where)
      .orderBy(desc(adminAccount.id))
      .limit(f.page_size).offset((f.page - 1) * f.page_size),
    db.select({ n: count() }).from(adminAccount).where(where),
  ]);
  return {
    rows: rows.map((r) => {
      const shown = (name: string | null, identifier: string | null, isTemplate: boolean | null) =>
        (name === null || identifier === null || !lang ? name : roleDisplayName({ name, identifier, isTemplate }, lang));
      return toRow(r.a, shown(r.roleName, r.roleIdentifier, r.roleTemplate), shown(r.secondaryRoleName, r.secondaryIdentifier, r.secondaryTemplate),
        r.organizerName, Boolean(r.online), actor.privacy);
    }),
    total: Number(n),
  };
}

export async function accountRow(db: DbOrTx, actor: Actor, cfg: Config, now: Date, id: number): Promise<AccountRow | null> {
  const { rows } = await listAccounts(db, actor, cfg, now, { ids: [id], page: 1, page_size: 1 });
  return rows[0] ?? null;
}

function toRow(a: Account, roleName: string | null, secondaryRoleName: string | null, organizerName: string | null, online: boolean, privacy: boolean): AccountRow {
  return {
    id: a.id, account: a.account, nickname: a.nickname, name: a.name, phone: privacy ? maskPhone(a.phone) : a.phone,
    role_id: a.roleId, role_name: roleName ?? '', secondary_role_id: a.secondaryRoleId, secondary_role_name: secondaryRoleName,
    work_start: a.workStart, work_end: a.workEnd, allowed_terminals: a.allowedTerminals as Terminal[], merchant_ids: a.merchantIds,
    privacy_protection: a.privacyProtection, enabled: a.enabled, special_nodes: a.specialNodes, organizer_id: a.organizerId,
    organizer_name: organizerName, google_bound: a.googleBound, device_id: a.deviceId,
    active_at: a.activeAt?.toISOString() ?? null, logout_at: a.logoutAt?.toISOString() ?? null, online,
    created_at: a.createdAt.toISOString(),
  };
}

/** What the operation log keeps of an account: everything an administrator edits, no secrets. */
export function snapshot(a: Account) {
  return {
    account: a.account, nickname: a.nickname, name: a.name, phone: a.phone, role_id: a.roleId, secondary_role_id: a.secondaryRoleId,
    work_start: a.workStart, work_end: a.workEnd, allowed_terminals: a.allowedTerminals, merchant_ids: a.merchantIds,
    privacy_protection: a.privacyProtection, enabled: a.enabled, special_nodes: a.specialNodes, organizer_id: a.organizerId,
    google_bound: a.googleBound,
  };
}

/** Nodes an account holds through its roles and special permissions (before node switches). */
export async function grantedKeys(db: DbOrTx, a: Pick<Account, 'roleId' | 'secondaryRoleId' | 'specialNodes'>): Promise<string[]> {
  const ids = [a.roleId, a.secondaryRoleId].filter((x): x is number => x != null);
  const roles = ids.length ? await db.select({ nodeKeys: role.nodeKeys }).from(role).where(and(inArray(role.id, ids), isNull(role.deletedAt))) : [];
  return [...new Set([...roles.flatMap((r) => r.nodeKeys), ...a.specialNodes])];
}

/**
 * An actor manages only accounts whose permissions it holds itself, so that an operator who may reset
 * passwords can't take over an administrator's account. Its own account is exempt.
 */
export async function assertManageable(db: DbOrTx, actor: Actor, target: Account): Promise<void> {
  if (target.id === actor.accountId) return;
  const missing = firstUngrantable(actor.nodes, await grantedKeys(db, target));
  if (missing) throw new AppError(CODE.FORBIDDEN, 'error.accountAbovePrivilege', { account: target.account });
}

type AccountFields = Omit<AccountAddBody, 'account' | 'password'> | Omit<AccountEditBody, 'id'>;

/** The checks shared by add and edit (spec §5 and the grant rule); `exceptId` is the account being edited. */
export async function checkAccountFields(db: DbOrTx, actor: Actor, body: AccountFields & { account?: string }, exceptId?: number): Promise<void> {
  if (body.account !== undefined) {
    const [dup] = await db.select({ id: adminAccount.id }).from(adminAccount)
      .where(and(eq(adminAccount.account, body.account), isNull(adminAccount.deletedAt), exceptId ? ne(adminAccount.id, exceptId) : undefined)).limit(1);
    if (dup) throw conflict('error.accountDuplicate', { account: body.account });
  }
  const [phoneDup] = await db.select({ id: adminAccount.id }).from(adminAccount)
    .where(and(eq(adminAccount.phone, body.phone), isNull(adminAccount.deletedAt), exceptId ? ne(adminAccount.id, exceptId) : undefined)).limit(1);
  if (phoneDup) throw conflict('error.phoneDuplicate');

  if (body.secondary_role_id != null && body.secondary_role_id === body.role_id) throw badRequest('error.secondaryRoleSame');
  const roleIds = [body.role_id, body.secondary_role_id].filter((x): x is number => x != null);
  const roles = await db.select().from(role).where(and(inArray(role.id, roleIds), isNull(role.deletedAt)));
  for (const rid of roleIds) {
    const r = roles.find((x) => x.id === rid);
    if (!r) throw badRequest('error.roleNotFound', { id: rid });
    const missing = firstUngrantable(actor.nodes, r.nodeKeys);
    if (missing) throw new AppError(CODE.FORBIDDEN, 'error.cannotGrantRole', { name: r.name, key: missing });
  }

  const bad = unknownNodes(body.special_nodes);
  if (bad.length) throw badRequest('error.nodeUnknown', { key: bad[0] });
  const missingNode = body.special_nodes.find((k) => !can(actor.nodes, k));
  if (missingNode) throw new AppError(CODE.FORBIDDEN, 'error.cannotGrantNode', { key: missingNode });

  await checkMerchants(db, actor, body.merchant_ids);
  checkWorkPeriod(body.work_start ?? null, body.work_end ?? null);
}

/** Merchants exist; a merchant-scoped actor gives only its own merchants, and at least one (an account with none sees nothing). */
export async function checkMerchants(db: DbOrTx, actor: Actor, ids: number[], allowEmpty = false): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) {
    const found = await db.select({ id: merchant.id }).from(merchant).where(inArray(merchant.id, unique));
    const missing = unique.find((m) => !found.some((f) => f.id === m));
    if (missing !== undefined) throw badRequest('error.merchantNotFound', { id: missing });
  }
  if (isUnscoped(actor)) return;
  if (!unique.length && !allowEmpty) throw badRequest('error.merchantRequired');
  const outside = unique.find((m) => !actor.merchantIds.includes(m));
  if (outside !== undefined) throw new AppError(CODE.FORBIDDEN, 'error.merchantNotGrantable', { id: outside });
}

export function checkWorkPeriod(start: string | null, end: string | null): void {
  if ((start === null) !== (end === null)) throw badRequest('error.workPeriodPair');
}
