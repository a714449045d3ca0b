import { and, arrayOverlaps, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { can, NODE_BY_KEY, SUPER_KEY } from '../../../../commands/permissions';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../plugins/session';
import { adminAccount } from './empower.table';

/**
 * Merchant scope (DESIGN §4: every query is scoped to the account's authorised merchants; §6c: it fails closed).
 * Only admin_y grants every merchant. Any other account sees its authorised merchants' data and the accounts (and
 * what they did) whose merchants overlap its own; an account with no authorised merchant sees no merchant's data.
 */
export function isUnscoped(actor: Pick<Actor, 'nodes' | 'merchantIds'>): boolean {
  return actor.nodes.has(SUPER_KEY);
}

/** WHERE condition limiting admin_account rows to the actor's scope; undefined when unscoped, false for no merchants. */
export function accountScope(actor: Pick<Actor, 'nodes' | 'merchantIds'>): SQL | undefined {
  if (isUnscoped(actor)) return undefined;
  return actor.merchantIds.length ? arrayOverlaps(adminAccount.merchantIds, actor.merchantIds) : sql`false`;
}

/**
 * Ids of the accounts (deleted ones too: their history stays readable) in the actor's scope, or null when
 * unscoped. Staff accounts number in the hundreds, so the list is small enough to pass as a parameter.
 */
export async function scopedAccountIds(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>): Promise<number[] | null> {
  if (isUnscoped(actor)) return null;
  if (!actor.merchantIds.length) return [];
  const rows = await db.select({ id: adminAccount.id }).from(adminAccount).where(arrayOverlaps(adminAccount.merchantIds, actor.merchantIds));
  return rows.map((r) => r.id);
}

/** `column IN (ids)` for a scoped actor, which matches nothing for an empty scope. */
export function inScope(column: Parameters<typeof inArray>[0], ids: number[] | null): SQL | undefined {
  if (ids === null) return undefined;
  return ids.length ? inArray(column, ids) : sql`false`;
}

/** Live (not deleted) account by id, inside the actor's scope. */
export async function findScopedAccount(db: DbOrTx, actor: Pick<Actor, 'nodes' | 'merchantIds'>, id: number) {
  const [row] = await db.select().from(adminAccount).where(and(eq(adminAccount.id, id), isNull(adminAccount.deletedAt), accountScope(actor))).limit(1);
  return row;
}

/** Spec §6 privacy protection: keep the first 3 and the last 2 characters of a phone number. */
export function maskPhone(phone: string): string {
  if (!phone) return phone;
  if (phone.length <= 5) return '*'.repeat(phone.length);
  return phone.slice(0, 3) + '*'.repeat(phone.length - 5) + phone.slice(-2);
}

const PHONE_KEYS = /^(phone|mobile|tel|telephone|phone_number|phoneNumber|contact_phone)$/i;

/** Masks phone-like fields anywhere in a JSON value (operation-log before/after for privacy-protected readers). */
export function maskPhonesDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(maskPhonesDeep);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, PHONE_KEYS.test(k) && typeof x === 'string' ? maskPhone(x) : maskPhonesDeep(x)]));
  }
  return v;
}

/** Keys that are neither a node of the tree nor admin_y. */
export function unknownNodes(keys: readonly string[]): string[] {
  return keys.filter((k) => k !== SUPER_KEY && !NODE_BY_KEY.has(k));
}

/** The first of `keys` the actor does not hold (an account may not give what it doesn't have). */
export function firstUngrantable(actorNodes: ReadonlySet<string>, keys: readonly string[]): string | undefined {
  return keys.find((k) => !can(actorNodes, k));
}

/** Escapes LIKE wildcards in user input. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether an error is a unique violation (PostgreSQL 23505), optionally of a named index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.cause?.code ?? e?.code;
  const name = e?.cause?.constraint ?? e?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}
