CREATE TABLE "debt_setting" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_of_day_run" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"overdue_moved" integer DEFAULT 0 NOT NULL,
	"accrued" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "end_of_day_run_merchant_id_business_date_pk" PRIMARY KEY("merchant_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "overdue_accrual" (
	"order_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"overdue_day" smallint NOT NULL,
	"interest_minor" bigint DEFAULT 0 NOT NULL,
	"penalty_minor" bigint DEFAULT 0 NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_accrual_order_id_business_date_pk" PRIMARY KEY("order_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "reduction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"penalty_minor" bigint DEFAULT 0 NOT NULL,
	"interest_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"principal_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decide_remark" varchar(200) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_no" varchar(32) NOT NULL,
	"order_id" bigint,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint,
	"currency" varchar(3) NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(12) NOT NULL,
	"requested_minor" bigint DEFAULT 0 NOT NULL,
	"success_minor" bigint DEFAULT 0 NOT NULL,
	"penalty_minor" bigint DEFAULT 0 NOT NULL,
	"interest_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"principal_minor" bigint DEFAULT 0 NOT NULL,
	"overpaid_minor" bigint DEFAULT 0 NOT NULL,
	"agreed_minor" bigint DEFAULT 0 NOT NULL,
	"channel_id" integer,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"bank_card_id" bigint,
	"card_no" varchar(40) DEFAULT '' NOT NULL,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"qr_payload" varchar(500) DEFAULT '' NOT NULL,
	"va_number" varchar(40) DEFAULT '' NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"over_contract" boolean DEFAULT false NOT NULL,
	"abnormal_reason" varchar(20) DEFAULT '' NOT NULL,
	"resolution" varchar(12) DEFAULT '' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"operator_id" integer,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"posting_id" bigint,
	"revoke_posting_id" bigint,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(200) DEFAULT '' NOT NULL,
	"extension_id" bigint,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"channel_id" integer,
	"va_number" varchar(40) NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "repayment_card_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "repayment_discount_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"min_overdue_days" integer NOT NULL,
	"max_overdue_days" integer NOT NULL,
	"max_penalty_bp" integer NOT NULL,
	"max_interest_bp" integer NOT NULL,
	"max_principal_bp" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"repayment_id" bigint,
	"channel_id" integer,
	"kind" varchar(16) NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_proof" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"repayment_id" bigint,
	"file_id" bigint NOT NULL,
	"file_url" varchar(300) NOT NULL,
	"proof_type" varchar(20) NOT NULL,
	"result" varchar(12) DEFAULT '' NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extension" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"status" varchar(14) NOT NULL,
	"fee_type" varchar(8) NOT NULL,
	"fee_setting" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"penalty_minor" bigint DEFAULT 0 NOT NULL,
	"time_type" varchar(20) NOT NULL,
	"days" smallint NOT NULL,
	"overpayment" varchar(8) NOT NULL,
	"paid_fee_minor" bigint DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"review_remark" varchar(500) DEFAULT '' NOT NULL,
	"applicant_id" integer,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"repayment_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_account" ALTER COLUMN "kind" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "paid_penalty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "paid_interest_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "paid_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "paid_principal_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "reduced_penalty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "reduced_interest_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "reduced_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "reduced_principal_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "credit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "over_contract" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_order" ADD COLUMN "accrued_through" date;--> statement-breakpoint
CREATE INDEX "reduction_order_idx" ON "reduction" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "reduction_status_created_idx" ON "reduction" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reduction_pending_uq" ON "reduction" USING btree ("order_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_serial_uq" ON "repayment" USING btree ("serial_no");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_provider_ref_uq" ON "repayment" USING btree ("channel_id","provider_ref") WHERE provider_ref <> '';--> statement-breakpoint
CREATE INDEX "repayment_order_idx" ON "repayment" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "repayment_merchant_created_idx" ON "repayment" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "repayment_status_created_idx" ON "repayment" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "repayment_type_created_idx" ON "repayment" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "repayment_created_idx" ON "repayment" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "repayment_abnormal_idx" ON "repayment" USING btree ("abnormal_reason","created_at","id") WHERE abnormal_reason <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_card_va_uq" ON "repayment_card" USING btree ("va_number");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_card_active_uq" ON "repayment_card" USING btree ("merchant_id","customer_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "repayment_card_created_idx" ON "repayment_card" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "repayment_card_batch_merchant_idx" ON "repayment_card_batch" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "repayment_discount_rule_merchant_idx" ON "repayment_discount_rule" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "repayment_event_repayment_idx" ON "repayment_event" USING btree ("repayment_id","id");--> statement-breakpoint
CREATE INDEX "repayment_proof_repayment_idx" ON "repayment_proof" USING btree ("repayment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "extension_application_no_uq" ON "extension" USING btree ("application_no");--> statement-breakpoint
CREATE UNIQUE INDEX "extension_open_order_uq" ON "extension" USING btree ("order_id") WHERE status in ('under_review', 'passed');--> statement-breakpoint
CREATE INDEX "extension_order_idx" ON "extension" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "extension_status_created_idx" ON "extension" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "extension_merchant_created_idx" ON "extension" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "extension_created_idx" ON "extension" USING btree ("created_at","id");