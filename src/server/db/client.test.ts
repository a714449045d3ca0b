import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteSharedBuffers, type Database } from './client';
import { rowsOf } from './rows';

describe('the embedded database buffer cache', () => {
  let database: Database | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    database = null;
    dir = null;
    delete process.env.PGLITE_SHARED_BUFFERS;
  });

  it('takes PGLITE_SHARED_BUFFERS within 16MB–1GB, 512MB when unset, and refuses anything else', () => {
    expect(pgliteSharedBuffers({})).toBe('512MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: ' 1GB ' })).toBe('1GB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '65536kB' })).toBe('65536kB');
    for (const bad of ['2GB', '8MB', '512', '512mb', '-1MB', '1e3MB', '512MB; drop table x', '\u0000']) {
      expect(() => pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });

  // A fresh database on disk: initdb and every migration, in the database's thread (108 s once with the whole suite running beside it).
  it('starts a file-backed database with the setting', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-buffers-'));
    process.env.PGLITE_SHARED_BUFFERS = '256MB';
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
    expect(row.shared_buffers).toBe('256MB');
  }, 200_000);
});
