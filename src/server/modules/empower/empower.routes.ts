import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionKey, PERMISSION_NODES, NODE_BY_KEY, pageKey, ROOT_KEY, can } from '../../../../commands/permissions';
import { CODE } from '../../../schemas/common';
import {
  accountAddBody, accountEditBody, accountIdsBody, accountListQuery, editWorkBody, sessionIdsBody, nodeEditBody, resetPwdBody,
  setOrganizerBody, tokenListQuery, tokenSummaryQuery, type NodeRow, type TokenRow, type TokenSummaryRow,
} from '../../../schemas/empower';
import { idBody } from '../../../schemas/common';
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { route } from '../../http';
import { hashPassword } from '../auth/auth.routes';
import { revokeAccountSessions, type RevokeReason } from '../auth/session.service';
import { writeOpLog } from '../log/oplog';
import { accountRow, assertManageable, checkAccountFields, checkMerchants, checkWorkPeriod, listAccounts, snapshot } from './account.service';
import { adminAccount, adminSession, permissionNodeState, role } from './empower.table';
import { accountScope, findScopedAccount, isUniqueViolation, likeEscape } from './scope';
import { dateRange } from './time';

const USER = 'SysEmpowerUser';
const P = {
  list: pageKey('SysEmpower', 'user'),
  add: actionKey('SysEmpower', 'user', 'add'),
  edit: actionKey('SysEmpower', 'user', 'edit'),
  del: actionKey('SysEmpower', 'user', 'del'),
  setOrganizer: actionKey('SysEmpower', 'user', 'setOrganizer'),
  resetPwd: actionKey('SysEmpower', 'user', 'resetPwd'),
  resetGoogle: actionKey('SysEmpower', 'user', 'resetGoogle'),
  forceLogout: actionKey('SysEmpower', 'user', 'forceLogout'),
  forceSessionOut: actionKey('log', 'admin_token_login', 'forceLogout'),
  editWork: actionKey('SysEmpower', 'user', 'editWork'),
  tokens: pageKey('log', 'admin_token_login'),
  tokenSummary: pageKey('log', 'admin_active_summary'),
  nodes: pageKey('SysEmpower', 'empower'),
  nodeEdit: actionKey('SysEmpower', 'empower', 'edit'),
};
if (P.list !== USER) throw new Error('permission tree changed: SysEmpowerUser');

/** Ids from `{id}` and/or `{ids}`; at least one. */
function idsOf(b: { id?: number; ids?: number[] }): number[] {
  const ids = [...new Set([...(b.ids ?? []), ...(b.id !== undefined ? [b.id] : [])])];
  if (!ids.length) throw badRequest('error.idsRequired');
  return ids;
}

/** Maps a race on the partial unique indexes (account, phone) to the same refusal as the pre-check. */
function uniqueToConflict(err: unknown, account?: string): never {
  if (isUniqueViolation(err, 'admin_account_account_uq')) throw conflict('error.accountDuplicate', { account: account ?? '' });
  if (isUniqueViolation(err, 'admin_account_phone_uq')) throw conflict('error.phoneDuplicate');
  throw err;
}

export function empowerRoutes(app: FastifyInstance, d: Deps): void {
  /** Loads a live account in the actor's scope that the actor may manage; inside the write's transaction. */
  async function target(tx: Tx, req: FastifyRequest, id: number) {
    const a = await findScopedAccount(tx, req.actor!, id);
    if (!a) throw notFound('admin_account');
    await assertManageable(tx, req.actor!, a);
    return a;
  }

  async function endSessions(tx: Tx, accountId: number, reason: RevokeReason, exceptSessionId?: number): Promise<number> {
    return revokeAccountSessions(tx, accountId, reason, d.now(), exceptSessionId);
  }

  // ------------------------------------------------------------------ accounts

  route(app, { method: 'GET', url: '/loanapi/admin_account/list', permission: P.list, query: accountListQuery }, async ({ req, query }) => {
    return listAccounts(d.db, req.actor!, d.cfg, d.now(), query, req.lang);
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/add', permission: P.add, body: accountAddBody }, async ({ req, body }) => {
    const actor = req.actor!;
    const passwordHash = await hashPassword(body.password);
    const id = await d.db.transaction(async (tx) => {
      await checkAccountFields(tx, actor, body);
      const [row] = await tx.insert(adminAccount).values({
        account: body.account, nickname: body.nickname, name: body.name, phone: body.phone, passwordHash,
        roleId: body.role_id, secondaryRoleId: body.secondary_role_id ?? null,
        workStart: body.work_start ?? null, workEnd: body.work_end ?? null, allowedTerminals: [...new Set(body.allowed_terminals)],
        merchantIds: [...new Set(body.merchant_ids)], privacyProtection: body.privacy_protection, enabled: body.enabled,
        specialNodes: [...new Set(body.special_nodes)], createdAt: d.now(), updatedAt: d.now(),
      }).returning().catch((e) => uniqueToConflict(e, body.account));
      await writeOpLog(tx, req, { action: 'admin_account.add', targetType: 'admin_account', targetId: row.id, after: snapshot(row) });
      return row.id;
    });
    return accountRow(d.db, actor, d.cfg, d.now(), id);
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/edit', permission: P.edit, body: accountEditBody }, async ({ req, body }) => {
    const actor = req.actor!;
    await d.db.transaction(async (tx) => {
      const before = await target(tx, req, body.id);
      if (body.id === actor.accountId && !body.enabled) throw badRequest('error.cannotDisableSelf');
      await checkAccountFields(tx, actor, body, body.id);
      const [after] = await tx.update(adminAccount).set({
        nickname: body.nickname, name: body.name, phone: body.phone, roleId: body.role_id, secondaryRoleId: body.secondary_role_id ?? null,
        workStart: body.work_start ?? null, workEnd: body.work_end ?? null, allowedTerminals: [...new Set(body.allowed_terminals)],
        merchantIds: [...new Set(body.merchant_ids)], privacyProtection: body.privacy_protection, enabled: body.enabled,
        specialNodes: [...new Set(body.special_nodes)], updatedAt: d.now(),
      }).where(eq(adminAccount.id, body.id)).returning().catch((e) => uniqueToConflict(e));
      // Disabling ends the account's sessions at once (their next request answers HTTP 412).
      const ended = before.enabled && !after.enabled ? await endSessions(tx, after.id, 'disabled') : 0;
      await writeOpLog(tx, req, {
        action: 'admin_account.edit', targetType: 'admin_account', targetId: after.id, before: snapshot(before),
        after: { ...snapshot(after), ...(ended ? { sessions_ended: ended } : {}) },
      });
    });
    return accountRow(d.db, actor, d.cfg, d.now(), body.id);
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/del', permission: P.del, body: accountIdsBody }, async ({ req, body }) => {
    const ids = idsOf(body);
    if (ids.includes(req.actor!.accountId)) throw badRequest('error.cannotDeleteSelf');
    await d.db.transaction(async (tx) => {
      for (const id of ids) {
        const before = await target(tx, req, id);
        await tx.update(adminAccount).set({ deletedAt: d.now(), updatedAt: d.now() }).where(eq(adminAccount.id, id));
        const ended = await endSessions(tx, id, 'deleted');
        await writeOpLog(tx, req, { action: 'admin_account.del', targetType: 'admin_account', targetId: id, before: snapshot(before), after: { deleted: true, sessions_ended: ended } });
      }
    });
    return { count: ids.length };
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/set_organizer', permission: P.setOrganizer, body: setOrganizerBody }, async ({ req, body }) => {
    await d.db.transaction(async (tx) => {
      const before = await target(tx, req, body.id);
      if (body.organizer_id !== null) await checkMerchants(tx, req.actor!, [body.organizer_id]);
      await tx.update(adminAccount).set({ organizerId: body.organizer_id, updatedAt: d.now() }).where(eq(adminAccount.id, body.id));
      await writeOpLog(tx, req, { action: 'admin_account.set_organizer', targetType: 'admin_account', targetId: body.id, before: { organizer_id: before.organizerId }, after: { organizer_id: body.organizer_id } });
    });
    return accountRow(d.db, req.actor!, d.cfg, d.now(), body.id);
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/reset_pwd', permission: P.resetPwd, body: resetPwdBody }, async ({ req, body }) => {
    const passwordHash = await hashPassword(body.password);
    const ended = await d.db.transaction(async (tx) => {
      await target(tx, req, body.id);
      await tx.update(adminAccount).set({ passwordHash, updatedAt: d.now() }).where(eq(adminAccount.id, body.id));
      // Every session of the account ends (resetting one's own password keeps the current one).
      const n = await endSessions(tx, body.id, 'password', body.id === req.actor!.accountId ? req.actor!.sessionId : undefined);
      await writeOpLog(tx, req, { action: 'admin_account.reset_pwd', targetType: 'admin_account', targetId: body.id, after: { password_reset: true, sessions_ended: n } });
      return n;
    });
    return { sessions_ended: ended };
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/reset_google_bind', permission: P.resetGoogle, body: idBody }, async ({ req, body }) => {
    await d.db.transaction(async (tx) => {
      const before = await target(tx, req, body.id);
      await tx.update(adminAccount).set({
        googleSecret: null, googlePendingSecret: null, googleBound: false, googleLastStep: 0, updatedAt: d.now(),
      }).where(eq(adminAccount.id, body.id));
      await writeOpLog(tx, req, { action: 'admin_account.reset_google_bind', targetType: 'admin_account', targetId: body.id, before: { google_bound: before.googleBound }, after: { google_bound: false } });
    });
    return null;
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/forced_login_out', permission: P.forceLogout, body: accountIdsBody }, async ({ req, body }) => {
    const accountIds = [...new Set([...(body.ids ?? []), ...(body.id !== undefined ? [body.id] : [])])];
    if (!accountIds.length) throw badRequest('error.idsRequired');
    const now = d.now();
    const ended = await d.db.transaction(async (tx) => {
      let total = 0;
      for (const id of accountIds) {
        await target(tx, req, id);
        const n = await endSessions(tx, id, 'forced');
        await tx.update(adminAccount).set({ logoutAt: now }).where(eq(adminAccount.id, id));
        await writeOpLog(tx, req, { action: 'admin_account.forced_login_out', targetType: 'admin_account', targetId: id, after: { sessions_ended: n } });
        total += n;
      }
      return total;
    });
    return { sessions_ended: ended };
  });

  /** The online-sessions screen ends single sessions (its rows are sessions, not accounts). */
  route(app, { method: 'POST', url: '/loanapi/admin_account/forced_session_out', permission: P.forceSessionOut, body: sessionIdsBody }, async ({ req, body }) => {
    const sessionIds = [...new Set([...(body.ids ?? []), ...(body.id !== undefined ? [body.id] : [])])];
    if (!sessionIds.length) throw badRequest('error.idsRequired');
    const now = d.now();
    const ended = await d.db.transaction(async (tx) => {
      const sessions = await tx.select({ id: adminSession.id, accountId: adminSession.accountId }).from(adminSession)
        .where(and(inArray(adminSession.id, sessionIds), isNull(adminSession.revokedAt)));
      for (const s of sessions) {
        await target(tx, req, s.accountId);
        await tx.update(adminSession).set({ revokedAt: now, revokedReason: 'forced' }).where(and(eq(adminSession.id, s.id), isNull(adminSession.revokedAt)));
        await tx.update(adminAccount).set({ logoutAt: now }).where(eq(adminAccount.id, s.accountId));
        await writeOpLog(tx, req, { action: 'admin_account.forced_session_out', targetType: 'admin_session', targetId: s.id, after: { account_id: s.accountId } });
      }
      return sessions.length;
    });
    return { sessions_ended: ended };
  });

  route(app, { method: 'POST', url: '/loanapi/admin_account/edit_start_work', permission: P.editWork, body: editWorkBody }, async ({ req, body }) => {
    checkWorkPeriod(body.work_start, body.work_end);
    await d.db.transaction(async (tx) => {
      const before = await target(tx, req, body.id);
      await tx.update(adminAccount).set({ workStart: body.work_start, workEnd: body.work_end, updatedAt: d.now() }).where(eq(adminAccount.id, body.id));
      await writeOpLog(tx, req, {
        action: 'admin_account.edit_start_work', targetType: 'admin_account', targetId: body.id,
        before: { work_start: before.workStart, work_end: before.workEnd }, after: { work_start: body.work_start, work_end: body.work_end },
      });
    });
    return accountRow(d.db, req.actor!, d.cfg, d.now(), body.id);
  });

  // ------------------------------------------------------------------ sessions (log area screens, spec §7 paths)

  /** Live sessions: not revoked, not expired, seen within the idle timeout (the live-session index). */
  route(app, { method: 'POST', url: '/loanapi/admin_account/get_token_all_list', permission: P.tokens, body: tokenListQuery, audit: false }, async ({ req, body }) => {
    const now = d.now();
    const idleSince = new Date(now.getTime() - d.cfg.sessionIdleMinutes * 60_000);
    const where = and(
      isNull(adminSession.revokedAt), gt(adminSession.lastSeenAt, idleSince), gt(adminSession.expiresAt, now),
      isNull(adminAccount.deletedAt), accountScope(req.actor!),
      body.account ? ilike(adminAccount.account, `${likeEscape(body.account)}%`) : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      d.db.select({ s: adminSession, account: adminAccount.account, name: adminAccount.name }).from(adminSession)
        .innerJoin(adminAccount, eq(adminAccount.id, adminSession.accountId)).where(where)
        .orderBy(desc(adminSession.lastSeenAt), desc(adminSession.id)).limit(body.page_size).offset((body.page - 1) * body.page_size),
      d.db.select({ n: count() }).from(adminSession).innerJoin(adminAccount, eq(adminAccount.id, adminSession.accountId)).where(where),
    ]);
    return {
      rows: rows.map(({ s, account, name }): TokenRow => ({
        id: s.id, account_id: s.accountId, account, name, ip: s.ip, terminal: s.terminal, user_agent: s.userAgent,
        created_at: s.createdAt.toISOString(), last_seen_at: s.lastSeenAt.toISOString(), expires_at: s.expiresAt.toISOString(), durable: s.durable,
      })),
      total: Number(n),
    };
  });

  /** Per-account activity over the sessions opened in the period; online time ends at the last activity or the revocation. */
  route(app, { method: 'POST', url: '/loanapi/admin_account/get_token_summary_list', permission: P.tokenSummary, body: tokenSummaryQuery, audit: false }, async ({ req, body }) => {
    const end = sql`least(${adminSession.lastSeenAt}, coalesce(${adminSession.revokedAt}, ${adminSession.lastSeenAt}))`;
    const conds: (SQL | undefined)[] = [
      ...dateRange(adminSession.createdAt, body.date_from, body.date_to, d.cfg.timeZone),
      accountScope(req.actor!),
      body.account ? ilike(adminAccount.account, `${likeEscape(body.account)}%`) : undefined,
    ];
    const where = and(...conds);
    const onlineMinutes = sql<string>`coalesce(sum(greatest(extract(epoch from (${end} - ${adminSession.createdAt})), 0)) / 60, 0)`;
    const lastSeen = sql<string>`max(${end})`;
    const [rows, [{ n }]] = await Promise.all([
      d.db.select({
        accountId: adminSession.accountId, account: adminAccount.account, name: adminAccount.name,
        sessions: count(), onlineMinutes,
        firstLoginMs: sql<string>`extract(epoch from min(${adminSession.createdAt})) * 1000`,
        lastSeenMs: sql<string>`extract(epoch from max(${end})) * 1000`,
      }).from(adminSession).innerJoin(adminAccount, eq(adminAccount.id, adminSession.accountId)).where(where)
        .groupBy(adminSession.accountId, adminAccount.account, adminAccount.name)
        .orderBy(desc(lastSeen), asc(adminSession.accountId)).limit(body.page_size).offset((body.page - 1) * body.page_size),
      d.db.select({ n: sql<number>`count(distinct ${adminSession.accountId})` }).from(adminSession)
        .innerJoin(adminAccount, eq(adminAccount.id, adminSession.accountId)).where(where),
    ]);
    return {
      rows: rows.map((r): TokenSummaryRow => ({
        account_id: r.accountId, account: r.account, name: r.name, sessions: Number(r.sessions),
        first_login_at: new Date(Math.round(Number(r.firstLoginMs))).toISOString(), last_seen_at: new Date(Math.round(Number(r.lastSeenMs))).toISOString(),
        online_minutes: Math.round(Number(r.onlineMinutes)),
      })),
      total: Number(n),
    };
  });

  // ------------------------------------------------------------------ permission nodes

  route(app, { method: 'GET', url: '/loanapi/permission_node/tree', permission: P.nodes }, async () => {
    const [states, roles] = await Promise.all([
      d.db.select().from(permissionNodeState),
      d.db.select({ nodeKeys: role.nodeKeys }).from(role).where(isNull(role.deletedAt)),
    ]);
    const state = new Map(states.map((s) => [s.key, s]));
    const roleCount = new Map<string, number>();
    for (const r of roles) for (const k of new Set(r.nodeKeys)) roleCount.set(k, (roleCount.get(k) ?? 0) + 1);
    const rows: NodeRow[] = PERMISSION_NODES.map((n) => ({
      key: n.key, kind: n.kind, parent: n.parent, title: n.title, path: n.path ?? null,
      disabled: state.get(n.key)?.disabled ?? false, remark: state.get(n.key)?.remark ?? '', role_count: roleCount.get(n.key) ?? 0,
    }));
    return { rows };
  });

  route(app, { method: 'POST', url: '/loanapi/permission_node/edit', permission: P.nodeEdit, body: nodeEditBody }, async ({ req, body }) => {
    if (!NODE_BY_KEY.has(body.key)) throw badRequest('error.nodeUnknown', { key: body.key });
    if (body.key === ROOT_KEY && body.disabled) throw badRequest('error.rootNodeDisable');
    // Switching a node off takes it from everyone: only an account holding the node may do it.
    if (!can(req.actor!.nodes, body.key)) throw new AppError(CODE.FORBIDDEN, 'error.cannotGrantNode', { key: body.key });
    return d.db.transaction(async (tx) => {
      const [before] = await tx.select().from(permissionNodeState).where(eq(permissionNodeState.key, body.key));
      const [row] = await tx.insert(permissionNodeState).values({ key: body.key, disabled: body.disabled, remark: body.remark, updatedAt: d.now() })
        .onConflictDoUpdate({ target: permissionNodeState.key, set: { disabled: body.disabled, remark: body.remark, updatedAt: d.now() } }).returning();
      await writeOpLog(tx, req, {
        action: 'permission_node.edit', targetType: 'permission_node', targetId: body.key,
        before: before ? { disabled: before.disabled, remark: before.remark } : { disabled: false, remark: '' }, after: { disabled: row.disabled, remark: row.remark },
      });
      return { key: row.key, disabled: row.disabled, remark: row.remark };
    });
  });

}
