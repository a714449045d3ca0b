CREATE TABLE "stat_daily" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"disbursed" integer DEFAULT 0 NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"principal_out_minor" bigint DEFAULT 0 NOT NULL,
	"paid_out_minor" bigint DEFAULT 0 NOT NULL,
	"fees_minor" bigint DEFAULT 0 NOT NULL,
	"in_principal_minor" bigint DEFAULT 0 NOT NULL,
	"in_interest_minor" bigint DEFAULT 0 NOT NULL,
	"in_fee_minor" bigint DEFAULT 0 NOT NULL,
	"in_penalty_minor" bigint DEFAULT 0 NOT NULL,
	"extension_fees_minor" bigint DEFAULT 0 NOT NULL,
	"reductions_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_merchant_id_business_date_product_id_channel_id_returning_pk" PRIMARY KEY("merchant_id","business_date","product_id","channel_id","returning")
);
--> statement-breakpoint
CREATE TABLE "stat_refresh" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"rebuilt_for" date,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stat_repay_cohort" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"returning" boolean NOT NULL,
	"settle_offset" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_repay_cohort_merchant_id_due_date_product_id_channel_id_returning_settle_offset_pk" PRIMARY KEY("merchant_id","due_date","product_id","channel_id","returning","settle_offset")
);
