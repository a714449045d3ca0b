CREATE TABLE "app_run_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_key_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer,
	"level" varchar(8) NOT NULL,
	"tag" varchar(64) DEFAULT '' NOT NULL,
	"message" varchar(2000) NOT NULL,
	"device" varchar(200) DEFAULT '' NOT NULL,
	"app_version" varchar(40) DEFAULT '' NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_daily_all" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
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
	"repayments" integer DEFAULT 0 NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"extension_fees_minor" bigint DEFAULT 0 NOT NULL,
	"reductions_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_daily_all_merchant_id_business_date_pk" PRIMARY KEY("merchant_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "stat_repay_cohort_nr" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"returning" boolean NOT NULL,
	"settle_offset" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_repay_cohort_nr_merchant_id_due_date_returning_settle_offset_pk" PRIMARY KEY("merchant_id","due_date","returning","settle_offset")
);
--> statement-breakpoint
CREATE TABLE "stat_reborrow_all" (
	"merchant_id" integer NOT NULL,
	"settle_date" date NOT NULL,
	"reborrow_offset" smallint NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_reborrow_all_pk" PRIMARY KEY("merchant_id","settle_date","reborrow_offset")
);
--> statement-breakpoint
CREATE TABLE "short_link" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"long_url" varchar(2000) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"domain_id" integer,
	"provider_id" integer,
	"short_url" varchar(500) NOT NULL,
	"provider_error" varchar(200),
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_click_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_click" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" varchar(64) NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_domain" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" varchar(253) NOT NULL,
	"state" varchar(12) DEFAULT 'checking' NOT NULL,
	"https" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"endpoint" varchar(400) DEFAULT '' NOT NULL,
	"url_field" varchar(64) DEFAULT 'url' NOT NULL,
	"result_field" varchar(64) DEFAULT 'short_url' NOT NULL,
	"auth_header" varchar(64) DEFAULT 'Authorization' NOT NULL,
	"secret_sealed" varchar(600),
	"secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"timeout_ms" integer DEFAULT 3000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_use" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"purpose" varchar(16) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"domain_id" integer,
	"provider_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"provider" varchar(12) DEFAULT 'sandbox' NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"secret_sealed" varchar(600),
	"secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"failure_rate" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" varchar(1000) NOT NULL,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"audience" varchar(12) NOT NULL,
	"overdue_days" integer,
	"group_id" integer,
	"status" varchar(12) NOT NULL,
	"scheduled_at" timestamp with time zone,
	"targeted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer
);
--> statement-breakpoint
CREATE TABLE "balance_change_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"change_type" varchar(8) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"decide_remark" varchar(200) DEFAULT '' NOT NULL,
	"fail_reason" varchar(64) DEFAULT '' NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_balance_alert" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"threshold_minor" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_alert" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"merchant_id" integer,
	"balance" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"name" varchar(60) NOT NULL,
	"provider" varchar(12) NOT NULL,
	"purpose" varchar(12) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"probability" integer DEFAULT 100 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"min_balance" bigint DEFAULT 0 NOT NULL,
	"alarm_threshold" bigint DEFAULT 0 NOT NULL,
	"alarm_raised" boolean DEFAULT false NOT NULL,
	"rate_per_second" integer DEFAULT 50 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_sealed" text,
	"secret_hint" varchar(8),
	"number_prefix" varchar(8) DEFAULT '' NOT NULL,
	"text" varchar(40) DEFAULT '' NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_dup_guard" (
	"merchant_id" integer NOT NULL,
	"dup_code" varchar(32) NOT NULL,
	"phone" varchar(24) NOT NULL,
	"task_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_dup_guard_pk" PRIMARY KEY("merchant_id","dup_code","phone")
);
--> statement-breakpoint
CREATE TABLE "sms_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"config_id" integer,
	"purpose" varchar(12) NOT NULL,
	"source" varchar(12) NOT NULL,
	"source_ref" varchar(64),
	"task_id" bigint,
	"phone" varchar(24) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"provider_ref" varchar(80),
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_sandbox_inbox" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"phone" varchar(24) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"provider_ref" varchar(80) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"name" varchar(60) NOT NULL,
	"content" varchar(500) NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL,
	"source" varchar(12) NOT NULL,
	"source_detail" varchar(120) DEFAULT '' NOT NULL,
	"dup_code" varchar(32) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"number_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_task_recipient" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" bigint NOT NULL,
	"phone" varchar(24) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"message_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_template" (
	"merchant_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"content" varchar(500) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_template_pk" PRIMARY KEY("merchant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "content_app_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"platform" varchar(8) NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" varchar(32) NOT NULL,
	"force" boolean DEFAULT false NOT NULL,
	"download_url" varchar(500) NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_banner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"image" varchar(200) NOT NULL,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_help" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"lang" varchar(8) NOT NULL,
	"category" varchar(16) NOT NULL,
	"title" varchar(150) NOT NULL,
	"body" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" varchar(150) NOT NULL,
	"body" text NOT NULL,
	"audience" varchar(10) NOT NULL,
	"customer_id" bigint,
	"publish_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"old_value" text,
	"new_value" text,
	"secret" boolean DEFAULT false NOT NULL,
	"account_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb,
	"sealed" text,
	"hint" varchar(8),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_reply" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"language" varchar(8) NOT NULL,
	"title" varchar(60) NOT NULL,
	"content" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "kind" varchar(16) DEFAULT 'error' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "method" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "path" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "request_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_error" ADD COLUMN "user_agent" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "app_run_log_created_idx" ON "app_run_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_run_log_merchant_idx" ON "app_run_log" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stat_daily_all_date_idx" ON "stat_daily_all" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "stat_repay_cohort_nr_date_idx" ON "stat_repay_cohort_nr" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "stat_reborrow_all_date_idx" ON "stat_reborrow_all" USING btree ("settle_date");--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_code_uq" ON "short_link" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_link_merchant_idx" ON "short_link" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "short_link_created_idx" ON "short_link" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "short_link_click_link_idx" ON "short_link_click" USING btree ("link_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_domain_host_uq" ON "short_link_domain" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_provider_name_uq" ON "short_link_provider" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_use_uq" ON "short_link_use" USING btree (coalesce("merchant_id", 0),"purpose","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "push_config_name_uq" ON "push_config" USING btree ("merchant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "push_delivery_uq" ON "push_delivery" USING btree ("message_id","customer_id");--> statement-breakpoint
CREATE INDEX "push_message_merchant_idx" ON "push_message" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "push_message_created_idx" ON "push_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "push_message_due_idx" ON "push_message" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "balance_change_task_merchant_idx" ON "balance_change_task" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "balance_change_task_status_idx" ON "balance_change_task" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "balance_change_task_created_idx" ON "balance_change_task" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "balance_change_task_posting_idx" ON "balance_change_task" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "sms_alert_created_idx" ON "sms_alert" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_config_merchant_idx" ON "sms_config" USING btree ("merchant_id","purpose","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_config_name_uq" ON "sms_config" USING btree (coalesce("merchant_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_message_source_uq" ON "sms_message" USING btree ("source","source_ref") WHERE source_ref is not null;--> statement-breakpoint
CREATE INDEX "sms_message_created_idx" ON "sms_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_message_merchant_created_idx" ON "sms_message" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_message_task_idx" ON "sms_message" USING btree ("task_id","id") WHERE task_id is not null;--> statement-breakpoint
CREATE INDEX "sms_message_queued_idx" ON "sms_message" USING btree ("id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "sms_message_phone_idx" ON "sms_message" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "sms_sandbox_inbox_phone_idx" ON "sms_sandbox_inbox" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sms_task_merchant_created_idx" ON "sms_task" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_task_created_idx" ON "sms_task" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_task_running_idx" ON "sms_task" USING btree ("id") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_task_recipient_uq" ON "sms_task_recipient" USING btree ("task_id","phone");--> statement-breakpoint
CREATE INDEX "sms_task_recipient_status_idx" ON "sms_task_recipient" USING btree ("task_id","status","id");--> statement-breakpoint
CREATE INDEX "sms_task_recipient_message_idx" ON "sms_task_recipient" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_app_version_code_uq" ON "content_app_version" USING btree ("merchant_id","platform","version_code");--> statement-breakpoint
CREATE INDEX "content_banner_merchant_idx" ON "content_banner" USING btree ("merchant_id","sort","id");--> statement-breakpoint
CREATE INDEX "content_help_merchant_lang_idx" ON "content_help" USING btree ("merchant_id","lang","sort","id");--> statement-breakpoint
CREATE INDEX "content_message_merchant_idx" ON "content_message" USING btree ("merchant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "content_message_customer_idx" ON "content_message" USING btree ("customer_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "config_history_key_idx" ON "config_history" USING btree ("key","changed_at","id");--> statement-breakpoint
CREATE INDEX "config_history_changed_idx" ON "config_history" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "quick_reply_purpose_idx" ON "quick_reply" USING btree ("purpose","language","sort","id");--> statement-breakpoint
CREATE INDEX "quick_reply_updated_idx" ON "quick_reply" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "client_error_account_idx" ON "client_error" USING btree ("account_id","created_at","id");