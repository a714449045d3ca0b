import { eq, inArray } from 'drizzle-orm';
import { SUPER_KEY } from '../../../../commands/permissions';
import type { DbOrTx } from '../../db/client';
import { adminAccount, permissionNodeState, role } from './empower.table';
import { zoneFormat } from '../lifecycle/clock';

export interface AccessProfile {
  account: typeof adminAccount.$inferSelect;
  roleName: string;
  /** Effective permission nodes: role, secondary role and special permissions, less nodes an administrator disabled. */
  nodeList: string[];
}

export async function loadAccess(db: DbOrTx, accountId: number): Promise<AccessProfile | null> {
  const [account] = await db.select().from(adminAccount).where(eq(adminAccount.id, accountId)).limit(1);
  if (!account || account.deletedAt) return null;
  const roleIds = [account.roleId, account.secondaryRoleId].filter((x): x is number => x != null);
  const roles = roleIds.length ? await db.select().from(role).where(inArray(role.id, roleIds)) : [];
  const live = roles.filter((r) => !r.deletedAt);
  const disabled = live.some((r) => r.nodeKeys.includes(SUPER_KEY)) || account.specialNodes.includes(SUPER_KEY)
    ? [] : (await db.select({ key: permissionNodeState.key }).from(permissionNodeState).where(eq(permissionNodeState.disabled, true))).map((d) => d.key);
  return accessFrom(account, live, disabled);
}

export interface RoleGrant {
  id: number;
  name: string;
  nodeKeys: string[];
}

/**
 * The access profile from an account, its live roles and the nodes an administrator disabled (which never bind
 * `admin_y`). Shared by loadAccess and the session check, which reads all three in one query.
 */
export function accessFrom(account: typeof adminAccount.$inferSelect, liveRoles: readonly RoleGrant[], disabledKeys: readonly string[]): AccessProfile {
  const keys = new Set<string>([...liveRoles.flatMap((r) => r.nodeKeys), ...account.specialNodes]);
  if (!keys.has(SUPER_KEY)) for (const d of disabledKeys) keys.delete(d);
  return {
    account,
    roleName: liveRoles.find((r) => r.id === account.roleId)?.name ?? '',
    nodeList: [...keys].sort(),
  };
}

/** HH:mm of `now` in the business time zone. */
export function clockTime(now: Date, timeZone: string): string {
  return zoneFormat(TIME_FORMATS, timeZone, 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}
const TIME_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** Work period [start, end]; a period like 22:00–06:00 runs over midnight. No period: always. */
export function withinWorkPeriod(start: string | null, end: string | null, now: Date, timeZone: string): boolean {
  if (!start || !end) return true;
  const t = clockTime(now, timeZone);
  return start <= end ? t >= start && t <= end : t >= start || t <= end;
}
