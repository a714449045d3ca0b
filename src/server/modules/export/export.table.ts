import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Export jobs (spec §7 `download_excel=1`): a list's filters run in the background into a CSV or XLSX file under
 * the data folder; the console polls progress and downloads through a short-lived signed link. In the database,
 * not in memory, so any server process can answer the poll.
 */
export const exportJob = pgTable('export_job', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull(),
  /** Command id of the list screen that was exported. */
  list: varchar('list', { length: 100 }).notNull(),
  format: varchar('format', { length: 8 }).notNull(),
  /** The list's validated filters and sort, replayed by the worker. */
  query: jsonb('query').notNull(),
  /** queued | running | done | failed */
  status: varchar('status', { length: 12 }).notNull().default('queued'),
  rowsDone: integer('rows_done').notNull().default(0),
  rowsTotal: integer('rows_total'),
  fileKey: varchar('file_key', { length: 200 }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('export_job_account_idx').on(t.accountId, t.id),
  index('export_job_status_idx').on(t.status, t.id),
]);
