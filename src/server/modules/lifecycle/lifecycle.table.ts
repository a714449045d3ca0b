import { bigint, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The business clock (DESIGN §4): how far the date the business runs on is ahead of system time. One row (id 1).
 * Tests and the system test screen move it to replay a loan's life (due, overdue day 1, 3, 7, 30 …) without
 * touching the machine's clock; every server process reads the same offset.
 */
export const businessClock = pgTable('business_clock', {
  id: smallint('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
