import { and, asc, count, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actionKey, can, pageKey } from '../../../../commands/permissions';
import { CODE, idBody } from '../../../schemas/common';
import { roleBody, roleEditBody, type RoleOption, type RoleRow } from '../../../schemas/empower';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { route } from '../../http';
import type { Actor } from '../../plugins/session';
import { writeOpLog } from '../log/oplog';
import { adminAccount, role } from './empower.table';
import { firstUngrantable, isUniqueViolation, unknownNodes } from './scope';

type Role = typeof role.$inferSelect;
type RoleInput = { name: string; identifier: string; parent_id?: number | null; is_template: boolean; node_keys: string[]; remark: string };

const P = {
  list: pageKey('SysEmpower', 'role'),
  options: [pageKey('SysEmpower', 'user'), pageKey('SysEmpower', 'role')],
  add: actionKey('SysEmpower', 'role', 'add'),
  edit: actionKey('SysEmpower', 'role', 'edit'),
  del: actionKey('SysEmpower', 'role', 'del'),
};

function snapshot(r: Role) {
  return { name: r.name, identifier: r.identifier, parent_id: r.parentId, is_template: r.isTemplate, node_keys: r.nodeKeys, remark: r.remark };
}

async function liveRole(db: DbOrTx, id: number): Promise<Role | undefined> {
  const [r] = await db.select().from(role).where(and(eq(role.id, id), isNull(role.deletedAt))).limit(1);
  return r;
}

/** A role holding nodes the actor lacks can't be changed or removed by it (it could strip an administrator's role). */
function assertHolds(actor: Actor, r: Role): void {
  const missing = firstUngrantable(actor.nodes, r.nodeKeys);
  if (missing) throw new AppError(CODE.FORBIDDEN, 'error.roleAbovePrivilege', { name: r.name, key: missing });
}

/**
 * The rules of a role: real node keys, granted only by an actor holding them, a unique identifier, an existing
 * parent without a cycle, and nodes within what the parent grants. Returns the cleaned node list.
 */
async function checkRole(db: DbOrTx, actor: Actor, body: RoleInput, selfId?: number): Promise<string[]> {
  const keys = [...new Set(body.node_keys)];
  const bad = unknownNodes(keys);
  if (bad.length) throw badRequest('error.nodeUnknown', { key: bad[0] });
  const missing = firstUngrantable(actor.nodes, keys);
  if (missing) throw new AppError(CODE.FORBIDDEN, 'error.cannotGrantNode', { key: missing });

  const [dup] = await db.select({ id: role.id }).from(role)
    .where(and(eq(role.identifier, body.identifier), isNull(role.deletedAt), selfId ? ne(role.id, selfId) : undefined)).limit(1);
  if (dup) throw conflict('error.roleIdentifierDuplicate', { identifier: body.identifier });

  if (body.parent_id != null) {
    if (body.parent_id === selfId) throw badRequest('error.roleCycle');
    const parent = await liveRole(db, body.parent_id);
    if (!parent) throw badRequest('error.roleParentNotFound');
    if (selfId) {
      // Walk up from the new parent: meeting the role itself would close a cycle.
      const seen = new Set<number>();
      let cur: Role | undefined = parent;
      while (cur?.parentId != null && !seen.has(cur.id)) {
        if (cur.parentId === selfId) throw badRequest('error.roleCycle');
        seen.add(cur.id);
        cur = await liveRole(db, cur.parentId);
      }
    }
    const beyond = keys.find((k) => !can(parent.nodeKeys, k));
    if (beyond) throw badRequest('error.roleExceedsParent', { key: beyond, parent: parent.name });
  }
  return keys;
}

export function roleRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'GET', url: '/loanapi/role/list', permission: P.list }, async () => {
    const [roles, byRole, bySecondary] = await Promise.all([
      d.db.select().from(role).where(isNull(role.deletedAt)).orderBy(asc(role.id)),
      d.db.select({ id: adminAccount.roleId, n: count() }).from(adminAccount).where(isNull(adminAccount.deletedAt)).groupBy(adminAccount.roleId),
      d.db.select({ id: adminAccount.secondaryRoleId, n: count() }).from(adminAccount)
        .where(and(isNull(adminAccount.deletedAt), isNotNull(adminAccount.secondaryRoleId))).groupBy(adminAccount.secondaryRoleId),
    ]);
    const users = new Map<number, number>();
    for (const r of [...byRole, ...bySecondary]) if (r.id != null) users.set(r.id, (users.get(r.id) ?? 0) + Number(r.n));
    const names = new Map(roles.map((r) => [r.id, r.name]));
    const rows: RoleRow[] = roles.map((r) => ({
      id: r.id, name: r.name, identifier: r.identifier, parent_id: r.parentId, parent_name: r.parentId != null ? names.get(r.parentId) ?? null : null,
      is_template: r.isTemplate, node_keys: r.nodeKeys, remark: r.remark, account_count: users.get(r.id) ?? 0,
      children: roles.filter((c) => c.parentId === r.id).map((c) => c.id),
    }));
    return { rows };
  });

  route(app, { method: 'GET', url: '/loanapi/role/options', permission: P.options }, async ({ req }): Promise<RoleOption[]> => {
    const roles = await d.db.select().from(role).where(isNull(role.deletedAt)).orderBy(asc(role.id));
    return roles.map((r) => ({ id: r.id, name: r.name, identifier: r.identifier, grantable: !firstUngrantable(req.actor!.nodes, r.nodeKeys) }));
  });

  route(app, { method: 'POST', url: '/loanapi/role/add', permission: P.add, body: roleBody }, async ({ req, body }) => {
    return d.db.transaction(async (tx) => {
      const keys = await checkRole(tx, req.actor!, body);
      const [row] = await tx.insert(role).values({
        name: body.name, identifier: body.identifier, parentId: body.parent_id ?? null, isTemplate: body.is_template, nodeKeys: keys,
        remark: body.remark, createdAt: d.now(), updatedAt: d.now(),
      }).returning().catch((e) => {
        if (isUniqueViolation(e, 'role_identifier_uq')) throw conflict('error.roleIdentifierDuplicate', { identifier: body.identifier });
        throw e;
      });
      await writeOpLog(tx, req, { action: 'role.add', targetType: 'role', targetId: row.id, after: snapshot(row) });
      return { id: row.id, ...snapshot(row) };
    });
  });

  route(app, { method: 'POST', url: '/loanapi/role/edit', permission: P.edit, body: roleEditBody }, async ({ req, body }) => {
    return d.db.transaction(async (tx) => {
      const before = await liveRole(tx, body.id);
      if (!before) throw notFound('role');
      assertHolds(req.actor!, before);
      const keys = await checkRole(tx, req.actor!, body, body.id);
      // Narrowing a role must not leave a sub-role holding more than its parent.
      const children = await tx.select().from(role).where(and(eq(role.parentId, body.id), isNull(role.deletedAt)));
      for (const c of children) {
        const beyond = c.nodeKeys.find((k) => !can(keys, k));
        if (beyond) throw conflict('error.roleChildExceeds', { name: c.name, key: beyond });
      }
      const [row] = await tx.update(role).set({
        name: body.name, identifier: body.identifier, parentId: body.parent_id ?? null, isTemplate: body.is_template, nodeKeys: keys,
        remark: body.remark, updatedAt: d.now(),
      }).where(eq(role.id, body.id)).returning().catch((e) => {
        if (isUniqueViolation(e, 'role_identifier_uq')) throw conflict('error.roleIdentifierDuplicate', { identifier: body.identifier });
        throw e;
      });
      await writeOpLog(tx, req, { action: 'role.edit', targetType: 'role', targetId: row.id, before: snapshot(before), after: snapshot(row) });
      return { id: row.id, ...snapshot(row) };
    });
  });

  route(app, { method: 'POST', url: '/loanapi/role/del', permission: P.del, body: idBody }, async ({ req, body }) => {
    await d.db.transaction(async (tx) => {
      const before = await liveRole(tx, body.id);
      if (!before) throw notFound('role');
      assertHolds(req.actor!, before);
      const [{ n: users }] = await tx.select({ n: count() }).from(adminAccount)
        .where(and(isNull(adminAccount.deletedAt), or(eq(adminAccount.roleId, body.id), eq(adminAccount.secondaryRoleId, body.id))));
      if (Number(users) > 0) throw conflict('error.roleInUse', { count: Number(users) });
      const [{ n: children }] = await tx.select({ n: count() }).from(role).where(and(eq(role.parentId, body.id), isNull(role.deletedAt)));
      if (Number(children) > 0) throw conflict('error.roleHasChildren', { count: Number(children) });
      await tx.update(role).set({ deletedAt: d.now(), updatedAt: d.now() }).where(eq(role.id, body.id));
      await writeOpLog(tx, req, { action: 'role.del', targetType: 'role', targetId: body.id, before: snapshot(before), after: { deleted: true } });
    });
    return null;
  });
}
