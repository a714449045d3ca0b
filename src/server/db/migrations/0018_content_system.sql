CREATE TABLE "auth_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"v" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_epoch_one_row" CHECK ("auth_epoch"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "template" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"kind" varchar(16) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_post" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reply" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"author" varchar(8) NOT NULL,
	"customer_id" bigint,
	"account_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"reason" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_bin" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"market" varchar(2) NOT NULL,
	"prefix" varchar(8) NOT NULL,
	"card_type" varchar(8) DEFAULT 'debit' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_debt_hit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"effect" varchar(8) NOT NULL,
	"found" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_debt_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"scope" varchar(8) NOT NULL,
	"match_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_open_loans" integer,
	"max_overdue_days" integer,
	"max_outstanding_minor" bigint,
	"intake_effect" varchar(8) NOT NULL,
	"collection_flag" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_risk_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"score" integer,
	"grade" varchar(2) DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"account_id" integer,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint,
	"phone" varchar(20) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(24) DEFAULT '' NOT NULL,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"device" varchar(120) DEFAULT '' NOT NULL,
	"app_version" varchar(16) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_operate_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint,
	"session_id" bigint,
	"phone" varchar(20) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(80) DEFAULT '' NOT NULL,
	"ref" varchar(40) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"customer_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"app_key_id" integer,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"device" varchar(120) DEFAULT '' NOT NULL,
	"app_version" varchar(16) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"gps_lat" double precision,
	"gps_lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"online_since" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(16),
	"ended_by" integer
);
--> statement-breakpoint
ALTER TABLE "bank" ADD COLUMN "sort" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "template_merchant_idx" ON "template" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "template_updated_idx" ON "template" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_enabled_uq" ON "template" USING btree (coalesce("merchant_id", 0),"kind","lang") WHERE "template"."enabled";--> statement-breakpoint
CREATE INDEX "forum_post_app_idx" ON "forum_post" USING btree ("merchant_id","hidden","pinned","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_post_reports_idx" ON "forum_post" USING btree ("report_count","id");--> statement-breakpoint
CREATE INDEX "forum_post_created_idx" ON "forum_post" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "forum_post_activity_idx" ON "forum_post" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "forum_post_customer_idx" ON "forum_post" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_reply_post_idx" ON "forum_reply" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "forum_reply_customer_idx" ON "forum_reply" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_report_once_uq" ON "forum_report" USING btree ("post_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_bin_market_prefix_uq" ON "bank_bin" USING btree ("market","prefix");--> statement-breakpoint
CREATE INDEX "bank_bin_bank_idx" ON "bank_bin" USING btree ("bank_id","id");--> statement-breakpoint
CREATE INDEX "bank_bin_prefix_idx" ON "bank_bin" USING btree ("prefix","id");--> statement-breakpoint
CREATE INDEX "co_debt_hit_order_idx" ON "co_debt_hit" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "co_debt_hit_customer_idx" ON "co_debt_hit" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "co_debt_rule_merchant_uq" ON "co_debt_rule" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "customer_risk_report_customer_idx" ON "customer_risk_report" USING btree ("customer_id","kind","fetched_at","id");--> statement-breakpoint
CREATE INDEX "customer_login_log_created_idx" ON "customer_login_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customer_login_log_merchant_idx" ON "customer_login_log" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_login_log_phone_idx" ON "customer_login_log" USING btree ("phone","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_operate_log_created_idx" ON "customer_operate_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customer_operate_log_merchant_idx" ON "customer_operate_log" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_operate_log_phone_idx" ON "customer_operate_log" USING btree ("phone","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_operate_log_customer_idx" ON "customer_operate_log" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_session_token_uq" ON "customer_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_session_customer_idx" ON "customer_session" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_session_merchant_idx" ON "customer_session" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_session_created_idx" ON "customer_session" USING btree ("created_at","id");