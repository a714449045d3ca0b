import { and, eq, isNull, sql } from 'drizzle-orm';
import { can, SUPER_KEY } from '../../../../commands/permissions';
import type { StageQueue } from '../../../schemas/review';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { adminAccount, permissionNodeState, role } from '../empower/empower.table';
import { accountScope } from '../empower/scope';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { workTask } from '../task/task.table';
import type { Scope } from './orders';

/**
 * Enabled accounts in the actor's scope whose effective nodes (roles, secondary role, special permissions, less
 * disabled nodes; see empower/access.ts) grant `node`. Administrators (admin_y) are left out: dispatch fills
 * reviewers' queues, not the administrator's.
 */
export async function eligibleReviewers(db: DbOrTx, node: string, actor: Pick<Actor, 'nodes' | 'merchantIds'>): Promise<number[]> {
  const [accounts, roles, disabled] = await Promise.all([
    db.select({ id: adminAccount.id, roleId: adminAccount.roleId, secondaryRoleId: adminAccount.secondaryRoleId, special: adminAccount.specialNodes })
      .from(adminAccount).where(and(eq(adminAccount.enabled, true), isNull(adminAccount.deletedAt), accountScope(actor))),
    db.select({ id: role.id, nodes: role.nodeKeys, deletedAt: role.deletedAt }).from(role),
    db.select({ key: permissionNodeState.key }).from(permissionNodeState).where(eq(permissionNodeState.disabled, true)),
  ]);
  const byRole = new Map(roles.filter((r) => !r.deletedAt).map((r) => [r.id, r.nodes]));
  const off = new Set(disabled.map((d) => d.key));
  const out: number[] = [];
  for (const a of accounts) {
    const keys = new Set([...(byRole.get(a.roleId) ?? []), ...(a.secondaryRoleId ? byRole.get(a.secondaryRoleId) ?? [] : []), ...a.special]);
    if (keys.has(SUPER_KEY)) continue;
    for (const k of off) keys.delete(k);
    if (can(keys, node)) out.push(a.id);
  }
  return out.sort((x, y) => x - y);
}

/**
 * Before dispatching a stage queue: orders that entered the stage without a task (seeded, or moved by code that did
 * not call onStageEntered) get one, and tasks whose order has left the stage are cancelled, so loads are true.
 */
export async function syncStageTasks(db: DbOrTx, q: StageQueue, scope: Scope, at: Date): Promise<void> {
  const inScope = scope ? sql` and o.merchant_id = any(${sql.raw(`array[${scope.map(Number).join(',') || 'null'}]::int[]`)})` : sql``;
  await db.execute(sql`
    insert into ${workTask} (queue, order_id, customer_id, merchant_id, status, opened_at)
    select ${q.queue}::varchar, o.id, o.customer_id, o.merchant_id, 'open', least(o.updated_at, ${at.toISOString()}::timestamptz)
    from ${loanOrder} o
    where o.status = ${q.status}${inScope}
      and not exists (select 1 from ${workTask} t where t.queue = ${q.queue} and t.order_id = o.id and t.status in ('open', 'claimed'))
    on conflict do nothing`);
  await db.execute(sql`
    update ${workTask} set status = 'cancelled', closed_at = ${at.toISOString()}::timestamptz, updated_at = now()
    where queue = ${q.queue} and status in ('open', 'claimed')
      and not exists (select 1 from ${loanOrder} o where o.id = ${workTask}.order_id and o.status = ${q.status})`);
}

/** SQL: the account passed a review stage of the order (`orderId` an SQL expression) since its last reset. */
export function passedBySql(orderIdSql: ReturnType<typeof sql>, accountId: number) {
  return sql`exists (
    select 1 from ${orderStatusHistory} h
    where h.order_id = ${orderIdSql} and h.account_id = ${accountId}
      and h.from_status in ('first_review', 'second_review', 'pre_review', 'disbursement_review', 'reloan')
      and h.to_status not in ('closed', 'suspended', 'pending_review')
      and h.id > coalesce((select max(r.id) from ${orderStatusHistory} r
                           where r.order_id = ${orderIdSql} and r.to_status = 'pending_review' and r.from_status is not null), 0))`;
}
