CREATE TABLE "ledger_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"term" integer DEFAULT 1 NOT NULL,
	"cycle" integer DEFAULT 7 NOT NULL,
	"min_days" integer DEFAULT 7 NOT NULL,
	"max_days" integer DEFAULT 30 NOT NULL,
	"min_amount_minor" bigint DEFAULT 0 NOT NULL,
	"max_amount_minor" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"interest_type" varchar(8) DEFAULT 'daily' NOT NULL,
	"management_fee_bp" integer DEFAULT 0 NOT NULL,
	"risk_fee_bp" integer DEFAULT 0 NOT NULL,
	"payment_fee_bp" integer DEFAULT 0 NOT NULL,
	"fee_timing" varchar(10) DEFAULT 'upfront' NOT NULL,
	"overdue_rate_bp" integer DEFAULT 0 NOT NULL,
	"white_household_exclusive" boolean DEFAULT false NOT NULL,
	"universal" boolean DEFAULT true NOT NULL,
	"purpose" varchar(100) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(16) DEFAULT 'organic' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"extendable_quantity" integer DEFAULT 0 NOT NULL,
	"fixed_identifier" varchar(64) DEFAULT '' NOT NULL,
	"initial_tag" varchar(40) DEFAULT '' NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"private_key" text DEFAULT '' NOT NULL,
	"tracking_provider" varchar(16) DEFAULT '' NOT NULL,
	"tracking_id" varchar(100) DEFAULT '' NOT NULL,
	"tracking_secret" varchar(200) DEFAULT '' NOT NULL,
	"pixel_id" varchar(100) DEFAULT '' NOT NULL,
	"access_token" varchar(300) DEFAULT '' NOT NULL,
	"forwarding_url" varchar(300) DEFAULT '' NOT NULL,
	"promotion_url" varchar(300) DEFAULT '' NOT NULL,
	"promotion_product_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" varchar(2) NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"bins" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"card_number" varchar(32) NOT NULL,
	"cardholder" varchar(100) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(24) NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer,
	"market" varchar(2) NOT NULL,
	"name" varchar(100) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"registration_source" varchar(16) DEFAULT '' NOT NULL,
	"registration_method" varchar(16) DEFAULT '' NOT NULL,
	"id_front_url" varchar(300) DEFAULT '' NOT NULL,
	"id_back_url" varchar(300) DEFAULT '' NOT NULL,
	"selfie_url" varchar(300) DEFAULT '' NOT NULL,
	"id_number" varchar(32) DEFAULT '' NOT NULL,
	"tax_id" varchar(32) DEFAULT '' NOT NULL,
	"religion" varchar(8) DEFAULT '' NOT NULL,
	"relative_name" varchar(100) DEFAULT '' NOT NULL,
	"relative_relation" varchar(8) DEFAULT '' NOT NULL,
	"guardian_name" varchar(100) DEFAULT '' NOT NULL,
	"father_name" varchar(100) DEFAULT '' NOT NULL,
	"gender" varchar(4) DEFAULT '' NOT NULL,
	"birth_date" date,
	"marital_status" varchar(4) DEFAULT '' NOT NULL,
	"education" varchar(4) DEFAULT '' NOT NULL,
	"children_count" smallint DEFAULT 0 NOT NULL,
	"residence_months" smallint DEFAULT 0 NOT NULL,
	"user_level" smallint DEFAULT 0 NOT NULL,
	"registered_device" varchar(100) DEFAULT '' NOT NULL,
	"home_address" jsonb,
	"work_address" jsonb,
	"id_address" jsonb,
	"company_name" varchar(200) DEFAULT '' NOT NULL,
	"company_region" varchar(100) DEFAULT '' NOT NULL,
	"company_address" varchar(300) DEFAULT '' NOT NULL,
	"occupation" varchar(100) DEFAULT '' NOT NULL,
	"income_level" varchar(4) DEFAULT '' NOT NULL,
	"company_size" varchar(4) DEFAULT '' NOT NULL,
	"company_phone" varchar(20) DEFAULT '' NOT NULL,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_level" smallint DEFAULT 0 NOT NULL,
	"whitelisted" boolean DEFAULT false NOT NULL,
	"login_allowed" boolean DEFAULT true NOT NULL,
	"machine_review_at" timestamp with time zone,
	"machine_review_result" varchar(12) DEFAULT '' NOT NULL,
	"machine_review_status" varchar(12) DEFAULT '' NOT NULL,
	"reference_limit_minor" bigint DEFAULT 0 NOT NULL,
	"exclusive_product_id" integer,
	"exclusive_limit_minor" bigint DEFAULT 0 NOT NULL,
	"marketing_status" varchar(12) DEFAULT '' NOT NULL,
	"rotation" boolean DEFAULT false NOT NULL,
	"app_active_at" timestamp with time zone,
	"h5_active_at" timestamp with time zone,
	"carrier_auth_status" varchar(12) DEFAULT '' NOT NULL,
	"carrier_auth_remark" varchar(200) DEFAULT '' NOT NULL,
	"carrier_auth_at" timestamp with time zone,
	"liveness_score" real,
	"watermark_code" varchar(32) DEFAULT '' NOT NULL,
	"loan_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_app" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"app_name" varchar(100) NOT NULL,
	"package_name" varchar(200) NOT NULL,
	"version" varchar(32) DEFAULT '' NOT NULL,
	"installed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_auth_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(12) NOT NULL,
	"provider" varchar(40) DEFAULT '' NOT NULL,
	"score" real,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_call" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"phone" varchar(32) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"direction" varchar(8) NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"called_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_comment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"content" text NOT NULL,
	"signed" boolean DEFAULT false NOT NULL,
	"essence" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_contact" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"relation" varchar(8) DEFAULT '' NOT NULL,
	"phone" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_device" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"brand" varchar(40) DEFAULT '' NOT NULL,
	"model" varchar(60) DEFAULT '' NOT NULL,
	"os" varchar(16) DEFAULT '' NOT NULL,
	"os_version" varchar(16) DEFAULT '' NOT NULL,
	"app_version" varchar(16) DEFAULT '' NOT NULL,
	"browser" varchar(60) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"mac" varchar(17) DEFAULT '' NOT NULL,
	"ssid" varchar(64) DEFAULT '' NOT NULL,
	"resolution" varchar(16) DEFAULT '' NOT NULL,
	"gps_lat" double precision,
	"gps_lng" double precision,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_document" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"url" varchar(300) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploader" varchar(64) DEFAULT 'customer' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_label" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_name" varchar(40) NOT NULL,
	"mark_color" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_label_link" (
	"customer_id" bigint NOT NULL,
	"label_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_label_link_pk" PRIMARY KEY("customer_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "customer_location" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"source" varchar(8) DEFAULT 'gps' NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sms_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint,
	"phone" varchar(20) NOT NULL,
	"code" varchar(8) NOT NULL,
	"purpose" varchar(16) DEFAULT 'login' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_sms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"phone" varchar(32) NOT NULL,
	"direction" varchar(4) NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"external_order_no" varchar(64) DEFAULT '' NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"channel_id" integer,
	"product_id" integer NOT NULL,
	"product_name" varchar(100) DEFAULT '' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(24) NOT NULL,
	"order_type" varchar(16) DEFAULT 'normal' NOT NULL,
	"is_returning" boolean DEFAULT false NOT NULL,
	"application_amount_minor" bigint DEFAULT 0 NOT NULL,
	"loan_amount_minor" bigint DEFAULT 0 NOT NULL,
	"received_amount_minor" bigint DEFAULT 0 NOT NULL,
	"contract_amount_minor" bigint DEFAULT 0 NOT NULL,
	"due_amount_minor" bigint DEFAULT 0 NOT NULL,
	"paid_amount_minor" bigint DEFAULT 0 NOT NULL,
	"remaining_debt_minor" bigint DEFAULT 0 NOT NULL,
	"interest_minor" bigint DEFAULT 0 NOT NULL,
	"management_fee_minor" bigint DEFAULT 0 NOT NULL,
	"risk_fee_minor" bigint DEFAULT 0 NOT NULL,
	"payment_fee_minor" bigint DEFAULT 0 NOT NULL,
	"overdue_interest_minor" bigint DEFAULT 0 NOT NULL,
	"overdue_penalty_minor" bigint DEFAULT 0 NOT NULL,
	"reduction_total_minor" bigint DEFAULT 0 NOT NULL,
	"extension_fee_minor" bigint DEFAULT 0 NOT NULL,
	"interest_rate_bp" integer DEFAULT 0 NOT NULL,
	"interest_type" varchar(8) DEFAULT 'daily' NOT NULL,
	"fee_timing" varchar(10) DEFAULT 'upfront' NOT NULL,
	"overdue_rate_bp" integer DEFAULT 0 NOT NULL,
	"loan_days" integer DEFAULT 0 NOT NULL,
	"loan_at" timestamp with time zone,
	"success_at" timestamp with time zone,
	"due_date" date,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"machine_review_result" varchar(12) DEFAULT '' NOT NULL,
	"machine_review_score" integer,
	"review_stage" varchar(16) DEFAULT '' NOT NULL,
	"review_result" varchar(12) DEFAULT '' NOT NULL,
	"review_limit_minor" bigint DEFAULT 0 NOT NULL,
	"loan_remark" varchar(500) DEFAULT '' NOT NULL,
	"withdrawal_type" varchar(12) DEFAULT '' NOT NULL,
	"withdrawal_at" timestamp with time zone,
	"extension_count" smallint DEFAULT 0 NOT NULL,
	"extension_days" integer DEFAULT 0 NOT NULL,
	"extended_at" timestamp with time zone,
	"bank_card_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24) NOT NULL,
	"account_id" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "market" varchar(2) DEFAULT 'vn' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "payout_fee_new_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "payout_fee_returning_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "collection_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "risk_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "risk_validity_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "receive_prob_new" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "receive_prob_returning" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "single_valid_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_merchant_kind_uq" ON "ledger_account" USING btree ("merchant_id","kind");--> statement-breakpoint
CREATE INDEX "product_merchant_idx" ON "product" USING btree ("merchant_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_code_uq" ON "channel" USING btree ("code");--> statement-breakpoint
CREATE INDEX "channel_merchant_idx" ON "channel" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_market_code_uq" ON "bank" USING btree ("market","code");--> statement-breakpoint
CREATE INDEX "bank_card_customer_idx" ON "bank_card" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "bank_card_merchant_created_idx" ON "bank_card" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_card_status_created_idx" ON "bank_card" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_card_created_idx" ON "bank_card" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_card_number_idx" ON "bank_card" USING btree ("card_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_code_uq" ON "customer" USING btree ("code");--> statement-breakpoint
CREATE INDEX "customer_merchant_created_idx" ON "customer" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_created_idx" ON "customer" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customer_channel_created_idx" ON "customer" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_phone_idx" ON "customer" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "customer_id_number_idx" ON "customer" USING btree ("id_number","id");--> statement-breakpoint
CREATE INDEX "customer_name_idx" ON "customer" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customer_app_customer_idx" ON "customer_app" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_auth_record_customer_idx" ON "customer_auth_record" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_call_customer_idx" ON "customer_call" USING btree ("customer_id","called_at","id");--> statement-breakpoint
CREATE INDEX "customer_comment_customer_idx" ON "customer_comment" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_contact_customer_idx" ON "customer_contact" USING btree ("customer_id","kind","id");--> statement-breakpoint
CREATE INDEX "customer_contact_phone_idx" ON "customer_contact" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "customer_device_customer_idx" ON "customer_device" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_device_device_idx" ON "customer_device" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "customer_document_customer_idx" ON "customer_document" USING btree ("customer_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_label_name_uq" ON "customer_label" USING btree ("label_name");--> statement-breakpoint
CREATE INDEX "customer_label_link_label_idx" ON "customer_label_link" USING btree ("label_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_location_customer_idx" ON "customer_location" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_sms_log_sent_idx" ON "customer_sms_log" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "customer_sms_log_merchant_sent_idx" ON "customer_sms_log" USING btree ("merchant_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "customer_sms_log_phone_idx" ON "customer_sms_log" USING btree ("phone","sent_at","id");--> statement-breakpoint
CREATE INDEX "customer_sms_customer_idx" ON "customer_sms" USING btree ("customer_id","sent_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_order_order_no_uq" ON "loan_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "loan_order_external_no_idx" ON "loan_order" USING btree ("external_order_no","id");--> statement-breakpoint
CREATE INDEX "loan_order_merchant_status_created_idx" ON "loan_order" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_merchant_created_idx" ON "loan_order" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_status_created_idx" ON "loan_order" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_created_idx" ON "loan_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_status_due_idx" ON "loan_order" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "loan_order_loan_at_idx" ON "loan_order" USING btree ("loan_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_due_idx" ON "loan_order" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "loan_order_loan_amount_idx" ON "loan_order" USING btree ("loan_amount_minor","id");--> statement-breakpoint
CREATE INDEX "loan_order_remaining_debt_idx" ON "loan_order" USING btree ("remaining_debt_minor","id");--> statement-breakpoint
CREATE INDEX "loan_order_customer_idx" ON "loan_order" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "loan_order_product_created_idx" ON "loan_order" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_order_channel_created_idx" ON "loan_order" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");