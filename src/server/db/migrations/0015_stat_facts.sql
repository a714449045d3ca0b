CREATE TABLE "stat_reborrow" (
	"merchant_id" integer NOT NULL,
	"settle_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"reborrow_offset" smallint NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reborrow_pk" PRIMARY KEY("merchant_id","settle_date","product_id","channel_id","returning","reborrow_offset")
);
--> statement-breakpoint
CREATE TABLE "stat_reborrow_order" (
	"merchant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"settle_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"reborrow_offset" smallint NOT NULL,
	CONSTRAINT "stat_reborrow_order_pk" PRIMARY KEY("merchant_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "stat_collection" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"stage_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"collector_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	"owed_minor" bigint DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"held_owed_minor" bigint DEFAULT 0 NOT NULL,
	"worked" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"promises" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"recovered_minor" bigint DEFAULT 0 NOT NULL,
	"cured" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_collection_pk" PRIMARY KEY("merchant_id","business_date","stage_id","group_id","collector_id","product_id","channel_id","returning")
);
--> statement-breakpoint
CREATE TABLE "stat_marketing" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"staff_id" integer NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"agreed" integer DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"disbursed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_marketing_merchant_id_business_date_product_id_channel_id_returning_staff_id_pk" PRIMARY KEY("merchant_id","business_date","product_id","channel_id","returning","staff_id")
);
--> statement-breakpoint
CREATE TABLE "stat_review" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"staff_id" integer NOT NULL,
	"stage" varchar(16) NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"decide_seconds" bigint DEFAULT 0 NOT NULL,
	"matured" integer DEFAULT 0 NOT NULL,
	"went_overdue" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_review_merchant_id_business_date_product_id_channel_id_returning_stage_staff_id_pk" PRIMARY KEY("merchant_id","business_date","product_id","channel_id","returning","stage","staff_id")
);
--> statement-breakpoint
CREATE TABLE "stat_withdrawal" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"staff_id" integer NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"withdrawn_agent" integer DEFAULT 0 NOT NULL,
	"within_2h" integer DEFAULT 0 NOT NULL,
	"within_24h" integer DEFAULT 0 NOT NULL,
	"withdraw_seconds" bigint DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"closed_staff" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"contact_reached" integer DEFAULT 0 NOT NULL,
	"contact_unreached" integer DEFAULT 0 NOT NULL,
	"contact_declined" integer DEFAULT 0 NOT NULL,
	"reminders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_withdrawal_merchant_id_business_date_product_id_channel_id_returning_staff_id_pk" PRIMARY KEY("merchant_id","business_date","product_id","channel_id","returning","staff_id")
);
--> statement-breakpoint
CREATE TABLE "stat_channel_customer" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"reg_date" date NOT NULL,
	"channel_id" integer NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"disbursed" boolean DEFAULT false NOT NULL,
	"first_due" boolean DEFAULT false NOT NULL,
	"first_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_channel_funnel" (
	"merchant_id" integer NOT NULL,
	"reg_date" date NOT NULL,
	"channel_id" integer NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"disbursed" integer DEFAULT 0 NOT NULL,
	"first_due" integer DEFAULT 0 NOT NULL,
	"first_default" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_channel_funnel_merchant_id_reg_date_channel_id_pk" PRIMARY KEY("merchant_id","reg_date","channel_id")
);
--> statement-breakpoint
CREATE TABLE "stat_channel_overdue" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"due_0" integer DEFAULT 0 NOT NULL,
	"due_amount_0" bigint DEFAULT 0 NOT NULL,
	"overdue_0" integer DEFAULT 0 NOT NULL,
	"overdue_amount_0" bigint DEFAULT 0 NOT NULL,
	"due_1" integer DEFAULT 0 NOT NULL,
	"due_amount_1" bigint DEFAULT 0 NOT NULL,
	"overdue_1" integer DEFAULT 0 NOT NULL,
	"overdue_amount_1" bigint DEFAULT 0 NOT NULL,
	"due_7" integer DEFAULT 0 NOT NULL,
	"due_amount_7" bigint DEFAULT 0 NOT NULL,
	"overdue_7" integer DEFAULT 0 NOT NULL,
	"overdue_amount_7" bigint DEFAULT 0 NOT NULL,
	"due_30" integer DEFAULT 0 NOT NULL,
	"due_amount_30" bigint DEFAULT 0 NOT NULL,
	"overdue_30" integer DEFAULT 0 NOT NULL,
	"overdue_amount_30" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_channel_overdue_merchant_id_due_date_product_id_channel_id_returning_pk" PRIMARY KEY("merchant_id","due_date","product_id","channel_id","returning")
);
--> statement-breakpoint
CREATE TABLE "stat_loan_segment" (
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"payout_date" date NOT NULL,
	"count_band" smallint NOT NULL,
	"amount_band" smallint NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"matured_1" integer DEFAULT 0 NOT NULL,
	"unpaid_1" integer DEFAULT 0 NOT NULL,
	"matured_7" integer DEFAULT 0 NOT NULL,
	"unpaid_7" integer DEFAULT 0 NOT NULL,
	"matured_30" integer DEFAULT 0 NOT NULL,
	"unpaid_30" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_loan_segment_merchant_id_payout_date_product_id_channel_id_returning_count_band_amount_band_pk" PRIMARY KEY("merchant_id","payout_date","product_id","channel_id","returning","count_band","amount_band")
);
--> statement-breakpoint
CREATE TABLE "stat_overdue_snapshot" (
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"snapshot_date" date NOT NULL,
	"bucket" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"outstanding_minor" bigint DEFAULT 0 NOT NULL,
	"od7_minor" bigint DEFAULT 0 NOT NULL,
	"od30_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_overdue_snapshot_merchant_id_snapshot_date_product_id_channel_id_returning_bucket_pk" PRIMARY KEY("merchant_id","snapshot_date","product_id","channel_id","returning","bucket")
);
--> statement-breakpoint
CREATE TABLE "stat_roll" (
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"from_date" date NOT NULL,
	"from_bucket" smallint NOT NULL,
	"to_bucket" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_roll_merchant_id_from_date_product_id_channel_id_returning_from_bucket_to_bucket_pk" PRIMARY KEY("merchant_id","from_date","product_id","channel_id","returning","from_bucket","to_bucket")
);
--> statement-breakpoint
CREATE TABLE "stat_vintage" (
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"payout_date" date NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"reached_7" integer DEFAULT 0 NOT NULL,
	"od7_at_7" integer DEFAULT 0 NOT NULL,
	"od30_at_7" integer DEFAULT 0 NOT NULL,
	"reached_14" integer DEFAULT 0 NOT NULL,
	"od7_at_14" integer DEFAULT 0 NOT NULL,
	"od30_at_14" integer DEFAULT 0 NOT NULL,
	"reached_30" integer DEFAULT 0 NOT NULL,
	"od7_at_30" integer DEFAULT 0 NOT NULL,
	"od30_at_30" integer DEFAULT 0 NOT NULL,
	"reached_60" integer DEFAULT 0 NOT NULL,
	"od7_at_60" integer DEFAULT 0 NOT NULL,
	"od30_at_60" integer DEFAULT 0 NOT NULL,
	"reached_90" integer DEFAULT 0 NOT NULL,
	"od7_at_90" integer DEFAULT 0 NOT NULL,
	"od30_at_90" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_vintage_merchant_id_payout_date_product_id_channel_id_returning_pk" PRIMARY KEY("merchant_id","payout_date","product_id","channel_id","returning")
);
--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "repayments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_daily" ADD COLUMN "extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_reborrow_order_date_idx" ON "stat_reborrow_order" USING btree ("merchant_id","settle_date");--> statement-breakpoint
CREATE INDEX "stat_channel_customer_date_idx" ON "stat_channel_customer" USING btree ("merchant_id","reg_date");--> statement-breakpoint
CREATE INDEX "stat_loan_segment_date_idx" ON "stat_loan_segment" USING btree ("payout_date");--> statement-breakpoint
CREATE INDEX "stat_overdue_snapshot_date_idx" ON "stat_overdue_snapshot" USING btree ("snapshot_date");--> statement-breakpoint
CREATE INDEX "stat_roll_date_idx" ON "stat_roll" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "stat_vintage_date_idx" ON "stat_vintage" USING btree ("payout_date");--> statement-breakpoint
CREATE INDEX "loan_order_merchant_success_idx" ON "loan_order" USING btree ("merchant_id","success_at") WHERE success_at is not null;--> statement-breakpoint
CREATE INDEX "loan_order_merchant_settled_idx" ON "loan_order" USING btree ("merchant_id","settled_at") WHERE settled_at is not null;--> statement-breakpoint
CREATE INDEX "loan_order_merchant_due_idx" ON "loan_order" USING btree ("merchant_id","due_date") WHERE due_date is not null;--> statement-breakpoint
CREATE INDEX "order_status_history_created_idx" ON "order_status_history" USING btree ("created_at","to_status");--> statement-breakpoint
CREATE INDEX "withdrawal_contact_merchant_created_idx" ON "withdrawal_contact" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "work_task_merchant_claimed_idx" ON "work_task" USING btree ("merchant_id","claimed_at");--> statement-breakpoint
CREATE INDEX "reduction_decided_idx" ON "reduction" USING btree ("decided_at") WHERE decided_at is not null;--> statement-breakpoint
CREATE INDEX "repayment_paid_idx" ON "repayment" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "extension_paid_idx" ON "extension" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "collection_promise_resolved_idx" ON "collection_promise" USING btree ("resolved_at");