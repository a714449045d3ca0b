CREATE TABLE "auto_loan_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"customer_type" varchar(12) DEFAULT 'all' NOT NULL,
	"max_amount_minor" bigint DEFAULT 0 NOT NULL,
	"min_settled_loans" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_payment_config" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"payout_channel_id" integer,
	"auto_payout" boolean DEFAULT true NOT NULL,
	"audit_enabled" boolean DEFAULT false NOT NULL,
	"audit_above_minor" bigint DEFAULT 0 NOT NULL,
	"min_payout_minor" bigint DEFAULT 0 NOT NULL,
	"max_payout_minor" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(12) NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer,
	"bank_name" varchar(100) NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_key" varchar(200) DEFAULT '' NOT NULL,
	"sign_secret" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_message" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"payment_order_id" bigint,
	"transfer_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" varchar(16) DEFAULT '' NOT NULL,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"body" jsonb,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"transfer_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer,
	"provider" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"request" jsonb,
	"response" jsonb,
	"callback" jsonb,
	"callback_at" timestamp with time zone,
	"failure_reason" varchar(200) DEFAULT '' NOT NULL,
	"check_count" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"bank_card_id" bigint,
	"currency" varchar(3) NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"loan_amount_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"channel_id" integer,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"audit_required" boolean DEFAULT false NOT NULL,
	"audit_reason" varchar(20) DEFAULT '' NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"freeze_posting_id" bigint,
	"success_posting_id" bigint,
	"release_posting_id" bigint,
	"failure_reason" varchar(200) DEFAULT '' NOT NULL,
	"manual_reference" varchar(64) DEFAULT '' NOT NULL,
	"manual_proof_url" varchar(500) DEFAULT '' NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reverse_reason" varchar(200) DEFAULT '' NOT NULL,
	"withdrawal_type" varchar(12) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_flow" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"new_stages" text[] NOT NULL,
	"returning_stages" text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"stage" varchar(16) NOT NULL,
	"result" varchar(24) NOT NULL,
	"reason" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"limit_minor" bigint,
	"account_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" varchar(48) NOT NULL,
	"order_id" bigint,
	"customer_id" bigint,
	"merchant_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"assignee_id" integer,
	"claimed_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" integer,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auto_loan_rule_merchant_idx" ON "auto_loan_rule" USING btree ("merchant_id","sort","id");--> statement-breakpoint
CREATE INDEX "auto_loan_rule_created_idx" ON "auto_loan_rule" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pay_card_purpose_merchant_created_idx" ON "pay_card" USING btree ("purpose","merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pay_card_purpose_created_idx" ON "pay_card" USING btree ("purpose","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channel_code_uq" ON "payment_channel" USING btree ("code");--> statement-breakpoint
CREATE INDEX "payment_channel_created_idx" ON "payment_channel" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_event_merchant_created_idx" ON "payment_event" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_event_created_idx" ON "payment_event" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_event_kind_created_idx" ON "payment_event" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_event_transfer_idx" ON "payment_event" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_no_uq" ON "payment_order" USING btree ("payment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_provider_ref_uq" ON "payment_order" USING btree ("channel_id","provider_ref") WHERE provider_ref <> '';--> statement-breakpoint
CREATE INDEX "payment_order_transfer_idx" ON "payment_order" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE INDEX "payment_order_merchant_status_created_idx" ON "payment_order" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_order_status_created_idx" ON "payment_order" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_order_merchant_created_idx" ON "payment_order" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_order_created_idx" ON "payment_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_no_uq" ON "transfer" USING btree ("transfer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_open_order_uq" ON "transfer" USING btree ("order_id") WHERE status <> 'failure';--> statement-breakpoint
CREATE INDEX "transfer_order_idx" ON "transfer" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "transfer_merchant_status_created_idx" ON "transfer" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_status_created_idx" ON "transfer" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_merchant_created_idx" ON "transfer" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_created_idx" ON "transfer" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_amount_idx" ON "transfer" USING btree ("amount_minor","id");--> statement-breakpoint
CREATE INDEX "review_record_order_idx" ON "review_record" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "review_record_account_idx" ON "review_record" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_task_live_order_uq" ON "work_task" USING btree ("queue","order_id") WHERE status in ('open', 'claimed') and order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_task_live_customer_uq" ON "work_task" USING btree ("queue","customer_id") WHERE status in ('open', 'claimed') and order_id is null;--> statement-breakpoint
CREATE INDEX "work_task_queue_idx" ON "work_task" USING btree ("queue","status","opened_at","id");--> statement-breakpoint
CREATE INDEX "work_task_assignee_idx" ON "work_task" USING btree ("assignee_id","queue","status","id");--> statement-breakpoint
CREATE INDEX "work_task_order_idx" ON "work_task" USING btree ("order_id","id");