import type { Actor } from '../plugins/session';
import { maskPhone } from '../modules/empower/scope';
import type { MaskKind } from './define';

export { maskPhone };

/**
 * Spec §6 privacy protection for ID numbers (national ID, tax ID, passport): the first 4 and last 4 characters
 * stay when the number is long enough to keep most of it hidden (12+), else the first and last 2 (7–11),
 * else only stars.
 */
export function maskIdNumber(id: string): string {
  if (!id) return id;
  const n = id.length;
  const keep = n >= 12 ? 4 : n >= 7 ? 2 : 0;
  return keep ? id.slice(0, keep) + '*'.repeat(n - 2 * keep) + id.slice(-keep) : '*'.repeat(n);
}

export function maskValue(kind: MaskKind, v: unknown): unknown {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return v;
  const s = String(v);
  return kind === 'phone' ? maskPhone(s) : maskIdNumber(s);
}

/** Masks the declared fields of a row in place when the actor has privacy protection. */
export function maskRow<T extends Record<string, unknown>>(row: T, spec: Partial<Record<string, MaskKind>> | undefined, actor: Pick<Actor, 'privacy'>): T {
  if (!spec || !actor.privacy) return row;
  for (const [field, kind] of Object.entries(spec)) {
    if (kind && field in row) (row as Record<string, unknown>)[field] = maskValue(kind, row[field]);
  }
  return row;
}
