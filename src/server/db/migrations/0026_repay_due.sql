CREATE TABLE "stat_repay_due" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"returning" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL,
	"open_amount_minor" bigint DEFAULT 0 NOT NULL,
	"settled_m2" integer DEFAULT 0 NOT NULL,
	"settled_amount_m2" bigint DEFAULT 0 NOT NULL,
	"settled_m1" integer DEFAULT 0 NOT NULL,
	"settled_amount_m1" bigint DEFAULT 0 NOT NULL,
	"settled_0" integer DEFAULT 0 NOT NULL,
	"settled_amount_0" bigint DEFAULT 0 NOT NULL,
	"settled_p1" integer DEFAULT 0 NOT NULL,
	"settled_amount_p1" bigint DEFAULT 0 NOT NULL,
	"settled_p3" integer DEFAULT 0 NOT NULL,
	"settled_amount_p3" bigint DEFAULT 0 NOT NULL,
	"settled_p5" integer DEFAULT 0 NOT NULL,
	"settled_amount_p5" bigint DEFAULT 0 NOT NULL,
	"settled_p7" integer DEFAULT 0 NOT NULL,
	"settled_amount_p7" bigint DEFAULT 0 NOT NULL,
	"settled_p10" integer DEFAULT 0 NOT NULL,
	"settled_amount_p10" bigint DEFAULT 0 NOT NULL,
	"settled_p15" integer DEFAULT 0 NOT NULL,
	"settled_amount_p15" bigint DEFAULT 0 NOT NULL,
	"settled_p30" integer DEFAULT 0 NOT NULL,
	"settled_amount_p30" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_repay_due_merchant_id_due_date_returning_pk" PRIMARY KEY("merchant_id","due_date","returning")
);
--> statement-breakpoint
CREATE INDEX "stat_repay_due_date_idx" ON "stat_repay_due" USING btree ("due_date");--> statement-breakpoint
-- Filled from the cohorts already computed (a rebuild is not needed to read it): the same sums as refresh.ts dueRollupSql.
INSERT INTO "stat_repay_due" ("merchant_id", "due_date", "returning", "orders", "amount_minor", "open_orders", "open_amount_minor", "settled_m2", "settled_amount_m2", "settled_m1", "settled_amount_m1", "settled_0", "settled_amount_0", "settled_p1", "settled_amount_p1", "settled_p3", "settled_amount_p3", "settled_p5", "settled_amount_p5", "settled_p7", "settled_amount_p7", "settled_p10", "settled_amount_p10", "settled_p15", "settled_amount_p15", "settled_p30", "settled_amount_p30")
SELECT "merchant_id", "due_date", "returning", sum(orders), sum(amount_minor), coalesce(sum(orders) filter (where settle_offset = 32767), 0), coalesce(sum(amount_minor) filter (where settle_offset = 32767), 0), coalesce(sum(orders) filter (where settle_offset <= -2), 0), coalesce(sum(amount_minor) filter (where settle_offset <= -2), 0), coalesce(sum(orders) filter (where settle_offset <= -1), 0), coalesce(sum(amount_minor) filter (where settle_offset <= -1), 0), coalesce(sum(orders) filter (where settle_offset <= 0), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 0), 0), coalesce(sum(orders) filter (where settle_offset <= 1), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 1), 0), coalesce(sum(orders) filter (where settle_offset <= 3), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 3), 0), coalesce(sum(orders) filter (where settle_offset <= 5), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 5), 0), coalesce(sum(orders) filter (where settle_offset <= 7), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 7), 0), coalesce(sum(orders) filter (where settle_offset <= 10), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 10), 0), coalesce(sum(orders) filter (where settle_offset <= 15), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 15), 0), coalesce(sum(orders) filter (where settle_offset <= 30), 0), coalesce(sum(amount_minor) filter (where settle_offset <= 30), 0)
FROM "stat_repay_cohort" GROUP BY 1, 2, 3;
