import { createBusinessClock } from '../../src/server/modules/lifecycle/clock';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, gte, ilike, sql } from 'drizzle-orm';
import { bigint, bigserial, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import type { Deps } from '../../src/server/deps';
import { errorPlugin } from '../../src/server/plugins/errors';
import { sessionPlugin } from '../../src/server/plugins/session';
import { likeEscape } from '../../src/server/modules/empower/scope';
import { defineList, merchantScope, type AnyList } from '../../src/server/list/define';
import { exportRoutes, listRoute } from '../../src/server/list/routes';

/**
 * Test support for the list engine (not used by the server): a scratch table with merchant, phone, ID number,
 * amounts and microsecond timestamps, its list declaration, and a small app serving lists on a test database.
 */
export const scratch = pgTable('scratch_loan', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  idNumber: varchar('id_number', { length: 32 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: smallint('status').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export async function createScratch(db: Db, rows: number): Promise<void> {
  await db.execute(sql.raw(`
    CREATE TABLE scratch_loan (
      id bigserial PRIMARY KEY, merchant_id integer NOT NULL, name varchar(64) NOT NULL, phone varchar(20) NOT NULL,
      id_number varchar(32) NOT NULL, amount bigint NOT NULL, status smallint NOT NULL, note text,
      created_at timestamptz NOT NULL DEFAULT now())`));
  for (const idx of ['created_at, id', 'amount, id', 'name, id', 'merchant_id, created_at, id', 'status, created_at, id']) {
    await db.execute(sql.raw(`CREATE INDEX ON scratch_loan (${idx})`));
  }
  // Timestamps 1.234567 ms apart in cycles of 9 (many ties, several rows inside one millisecond), amounts in
  // cycles of 13, names in cycles of 17: every sort has ties that only the key breaks.
  await db.execute(sql.raw(`
    INSERT INTO scratch_loan (merchant_id, name, phone, id_number, amount, status, note, created_at)
    SELECT 1 + (i % 2), 'name' || lpad((i % 17)::text, 2, '0'), '09' || lpad((i::bigint * 7919 % 100000000)::text, 8, '0'),
      lpad((i::bigint * 104729 % 1000000000000)::text, 12, '0'), (i % 13) * 1000, i % 4,
      CASE WHEN i % 5 = 0 THEN 'note, "quoted"' || chr(10) || 'line ' || i ELSE NULL END,
      timestamptz '2026-03-01 08:00:00+00' + ((i % 9) * 1234.567) * interval '1 microsecond'
    FROM generate_series(1, ${rows}) AS i`));
}

export const scratchFilters = z.object({
  merchant_id: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().min(0).max(3).optional(),
  name: z.string().trim().max(64).optional(),
  amount_min: z.coerce.number().int().min(0).max(1e12).optional(),
});

export function scratchList(over: Record<string, unknown> = {}): AnyList {
  return defineList({
    id: 'test.scratch',
    permission: 'review_allOrder',
    from: scratch,
    columns: {
      id: scratch.id, merchant_id: scratch.merchantId, name: scratch.name, phone: scratch.phone, id_number: scratch.idNumber,
      amount: scratch.amount, status: scratch.status, note: scratch.note, created_at: scratch.createdAt,
    },
    filters: scratchFilters,
    where: (f) => [
      f.merchant_id ? eq(scratch.merchantId, f.merchant_id) : undefined,
      f.status !== undefined ? eq(scratch.status, f.status) : undefined,
      f.name ? ilike(scratch.name, `${likeEscape(f.name)}%`) : undefined,
      f.amount_min !== undefined ? gte(scratch.amount, f.amount_min) : undefined,
    ],
    scope: merchantScope(scratch.merchantId),
    sorts: { created_at: scratch.createdAt, amount: scratch.amount, name: scratch.name, id: scratch.id },
    defaultSort: 'created_at:desc',
    mask: { phone: 'phone', id_number: 'id' },
    exportColumns: [
      { key: 'id', title: 'field.id' },
      { key: 'name', title: 'field.name' },
      { key: 'phone', title: 'field.phone' },
      { key: 'id_number', title: 'export.col.targetId' },
      { key: 'amount', title: 'field.value' },
      { key: 'note', title: 'field.remark' },
      { key: 'created_at', title: 'export.col.time' },
    ],
    ...over,
  });
}

/** A Fastify app with the error and session plugins serving `lists` (and the export routes) on a test database. */
export async function listApp(db: Db, now: () => Date, lists: Array<[string, AnyList, ('GET' | 'POST')?]>): Promise<{ app: FastifyInstance; deps: Deps }> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const cfg = testConfig();
  const deps: Deps = { db, cfg, now, clock: createBusinessClock(db, now), captchaText: () => 'x', filesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'list-')) };
  errorPlugin(app);
  sessionPlugin(app, deps);
  for (const [url, list, method] of lists) listRoute(app, deps, list, { url, method });
  exportRoutes(app, deps);
  await app.ready();
  return { app, deps };
}

