import { bigint, bigserial, date, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * An extension application (spec §3 "Extension"): its fee and time settings are copied from the merchant's debt
 * settings when it is made (a later settings change does not move a pending application's price); `fee_minor` and
 * `penalty_minor` are fixed when it passes review, `paid_fee_minor` and the new dates when it is paid (success).
 */
export const extension = pgTable('extension', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicationNo: varchar('application_no', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  merchantId: integer('merchant_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** under_review | passed | rejected | success */
  status: varchar('status', { length: 14 }).notNull(),
  /** fixed | rate */
  feeType: varchar('fee_type', { length: 8 }).notNull(),
  /** fixed: minor units; rate: basis points of the principal. */
  feeSetting: bigint('fee_setting', { mode: 'number' }).notNull(),
  feeMinor: money('fee_minor'),
  /** Penalty owed that the extension payment must also cover. */
  penaltyMinor: money('penalty_minor'),
  /** due_date | today_if_overdue */
  timeType: varchar('time_type', { length: 20 }).notNull(),
  days: smallint('days').notNull(),
  /** credit | to_debt */
  overpayment: varchar('overpayment', { length: 8 }).notNull(),
  paidFeeMinor: money('paid_fee_minor'),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  reviewRemark: varchar('review_remark', { length: 500 }).notNull().default(''),
  /** Staff account that applied on the customer's behalf; null = the borrower app. */
  applicantId: integer('applicant_id'),
  reviewerId: integer('reviewer_id'),
  reviewedAt: ts('reviewed_at'),
  repaymentId: bigint('repayment_id', { mode: 'number' }),
  paidAt: ts('paid_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('extension_application_no_uq').on(t.applicationNo),
  // One open application per order (under review or passed and unpaid).
  uniqueIndex('extension_open_order_uq').on(t.orderId).where(sql`status in ('under_review', 'passed')`),
  index('extension_order_idx').on(t.orderId, t.id),
  index('extension_status_created_idx').on(t.status, t.createdAt, t.id),
  index('extension_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
  index('extension_created_idx').on(t.createdAt, t.id),
  // Extension fees paid within a time window (the statistics refresh).
  index('extension_merchant_paid_idx').on(t.merchantId, t.paidAt).where(sql`paid_at is not null`),
]);
