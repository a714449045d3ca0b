import crypto from 'node:crypto';
import { engineOf, type Db } from '../db/client';

/** A stable 63-bit advisory lock key for a job name. */
export function lockKey(name: string): bigint {
  return crypto.createHash('sha256').update(`job:${name}`).digest().readBigInt64BE(0);
}

const running = new Set<string>();

/**
 * Runs `fn` only if no other server process (and no other run in this process) holds the job's lock; returns
 * false when it was held. On PostgreSQL the lock is a session-level advisory lock on a connection of its own, so the
 * job's own queries can use the pool and commit as they go; the embedded database has a single process, so a
 * process-local guard is the whole story there.
 */
export async function withJobLock(db: Db, name: string, fn: () => Promise<void>): Promise<boolean> {
  if (running.has(name)) return false;
  running.add(name);
  try {
    const engine = engineOf(db);
    if (engine?.kind !== 'postgres') {
      await fn();
      return true;
    }
    const conn = await engine.pool.connect();
    try {
      const key = lockKey(name).toString();
      const got = await conn.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
      if (!got.rows[0]?.ok) return false;
      try {
        await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
      }
      return true;
    } finally {
      conn.release();
    }
  } finally {
    running.delete(name);
  }
}
