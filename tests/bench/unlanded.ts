/**
 * A cached bench database (seeded-db.ts) outlives the migrations it was opened with. While a migration is unlanded
 * it is generated again and again (scripts/dev/regen-migration.sh), and the migrator cannot replace one it has
 * applied: it would run the new file over the old one's tables and fail. So before a cached database is opened, an
 * applied migration that no longer matches its file (hash and time) is undone, with everything after it, by
 * comparing the schema with the snapshot before it: tables, columns, indexes and constraints the snapshot does not
 * have are dropped, indexes it has and the database lacks are made again, and the journal rows removed; the migrator then applies the current files. Base data stays.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SeededDb } from './seeded-db';

const MIGRATIONS = path.resolve('src/server/db/migrations');

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

interface SnapshotTable {
  name: string;
  columns: Record<string, unknown>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, unknown>;
  uniqueConstraints: Record<string, unknown>;
  compositePrimaryKeys: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
}

interface JournalEntry { idx: number; when: number; tag: string }

/** Index (in the journal) of the first applied migration whose file changed since, or null when all match. */
function firstStale(applied: Array<{ hash: string; created_at: string }>, journal: JournalEntry[]): number | null {
  const files = new Map(journal.map((e) => {
    const text = fs.readFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), 'utf8');
    return [e.when, { idx: e.idx, hash: crypto.createHash('sha256').update(text).digest('hex') }];
  }));
  let stale: number | null = null;
  for (const row of applied) {
    const file = files.get(Number(row.created_at));
    if (file?.hash === row.hash) continue;
    // Unknown time: a regenerated file; its index is the one after the last matching row.
    const idx = file?.idx ?? applied.filter((r) => files.get(Number(r.created_at))?.hash === r.hash).length;
    stale = stale === null ? idx : Math.min(stale, idx);
  }
  return stale;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops what migrations `from`… created, back to the schema of snapshot `from − 1`; returns what it dropped. */
async function rewind(q: Query, from: number, createdAt: number): Promise<string[]> {
  const snap = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', `${String(from - 1).padStart(4, '0')}_snapshot.json`), 'utf8')) as { tables: Record<string, SnapshotTable> };
  const tables = new Map(Object.values(snap.tables).map((t) => [t.name, t]));
  const done: string[] = [];
  const run = async (text: string) => {
    await q(text);
    done.push(text);
  };
  for (const { name } of await q(`select tablename as name from pg_tables where schemaname = 'public'`) as Array<{ name: string }>) {
    if (!tables.has(name)) await run(`DROP TABLE IF EXISTS ${quote(name)} CASCADE`);
  }
  for (const [name, t] of tables) {
    const constraints = new Set([...Object.keys(t.foreignKeys), ...Object.keys(t.uniqueConstraints), ...Object.keys(t.compositePrimaryKeys), ...Object.keys(t.checkConstraints)]);
    for (const c of await q(`select conname as name from pg_constraint where conrelid = 'public.${quote(name)}'::regclass and contype in ('f', 'u', 'c', 'x')`) as Array<{ name: string }>) {
      if (!constraints.has(c.name)) await run(`ALTER TABLE ${quote(name)} DROP CONSTRAINT IF EXISTS ${quote(c.name)}`);
    }
    for (const i of await q(`select ic.relname as name from pg_index i join pg_class ic on ic.oid = i.indexrelid
        where i.indrelid = 'public.${quote(name)}'::regclass and not i.indisprimary
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`) as Array<{ name: string }>) {
      if (!(i.name in t.indexes)) await run(`DROP INDEX IF EXISTS ${quote(i.name)}`);
    }
    for (const c of await q(`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = '${name}'`) as Array<{ name: string }>) {
      if (!(c.name in t.columns)) await run(`ALTER TABLE ${quote(name)} DROP COLUMN IF EXISTS ${quote(c.name)}`);
    }
  }
  // Indexes the undone migrations dropped (replaced by others) come back, so that they can be dropped again.
  const present = new Set((await q(`select indexname as name from pg_indexes where schemaname = 'public'`) as Array<{ name: string }>).map((r) => r.name));
  for (const [name, t] of tables) {
    for (const [iname, raw] of Object.entries(t.indexes)) {
      if (present.has(iname)) continue;
      const ix = raw as { columns: Array<{ expression: string; isExpression: boolean; asc: boolean }>; isUnique: boolean; method?: string; where?: string };
      const cols = ix.columns.map((c) => `${c.isExpression ? c.expression : quote(c.expression)}${c.asc === false ? ' DESC' : ''}`).join(', ');
      await run(`CREATE ${ix.isUnique ? 'UNIQUE ' : ''}INDEX ${quote(iname)} ON ${quote(name)} USING ${ix.method ?? 'btree'} (${cols})${ix.where ? ` WHERE ${ix.where}` : ''}`);
    }
  }
  await q(`delete from drizzle.__drizzle_migrations where created_at >= ${createdAt}`);
  return done;
}

/** Makes the cached database `db` ready for the current migrations (see above); a line for the notes, or null. */
export async function rewindChangedMigrations(db: SeededDb): Promise<string | null> {
  const journal = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  let q: Query;
  let close: () => Promise<void>;
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    q = async (text) => (await client.query(text)).rows;
    close = () => client.end();
  } else {
    const lite = new PGlite(path.join(db.dataDir, 'pg'));
    await lite.waitReady;
    q = async (text) => (await lite.query<Record<string, unknown>>(text)).rows;
    close = () => lite.close();
  }
  try {
    const [has] = await q(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
    if (!has?.ok) return null;
    const applied = await q('select hash, created_at from drizzle.__drizzle_migrations order by created_at') as Array<{ hash: string; created_at: string }>;
    const stale = firstStale(applied, journal);
    if (stale === null) return null;
    const staleRows = applied.filter((r) => !journal.some((e) => e.when === Number(r.created_at) && e.idx < stale));
    const createdAt = Math.min(...staleRows.map((r) => Number(r.created_at)));
    await q('BEGIN');
    const dropped = await rewind(q, stale, createdAt);
    await q('COMMIT');
    return `cached database: migration ${String(stale).padStart(4, '0')} changed since it was applied; undone (${dropped.length} statements) and applied again`;
  } catch (err) {
    await q('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await close();
  }
}
