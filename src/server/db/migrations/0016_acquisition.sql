CREATE TABLE "stat_repay_cohort_all" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"settle_offset" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_repay_cohort_all_merchant_id_due_date_settle_offset_pk" PRIMARY KEY("merchant_id","due_date","settle_offset")
);
--> statement-breakpoint
CREATE TABLE "blacklist_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"norm_value" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"reason" varchar(64) NOT NULL,
	"source" varchar(12) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"expired_by" integer
);
--> statement-breakpoint
CREATE TABLE "risk_blacklist_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"provider" varchar(32) NOT NULL,
	"hit" boolean NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"response" jsonb,
	"account_id" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_blacklist_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"type" varchar(12) NOT NULL,
	"norm_value" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"source" varchar(32) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"customer_id" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_blacklist_sync" (
	"merchant_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"cursor" varchar(64) DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "risk_blacklist_sync_pk" PRIMARY KEY("merchant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "pool_conversion" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"order_id" bigint,
	"agent_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"segment" varchar(12) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint,
	"lead_id" bigint,
	"phone" varchar(20) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"segment" varchar(12) NOT NULL,
	"in_pool" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"holder_id" integer,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"returns" integer DEFAULT 0 NOT NULL,
	"outcome" varchar(12) DEFAULT '' NOT NULL,
	"outcome_at" timestamp with time zone,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone,
	"offer_product_id" integer,
	"offer_limit_minor" bigint DEFAULT 0 NOT NULL,
	"offer_link" varchar(400) DEFAULT '' NOT NULL,
	"offer_sent_at" timestamp with time zone,
	"last_settled_at" timestamp with time zone,
	"settled_loans" integer DEFAULT 0 NOT NULL,
	"max_overdue_days" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" varchar(16) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"account_id" integer,
	"outcome" varchar(12) DEFAULT '' NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_lead" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"customer_id" bigint,
	"via" varchar(8) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_rule" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"dormant_days" integer NOT NULL,
	"good_max_overdue_days" integer NOT NULL,
	"min_settled_loans" integer NOT NULL,
	"overdue_min_days" integer NOT NULL,
	"unclaimed_hours" integer NOT NULL,
	"claim_days" integer NOT NULL,
	"agent_cap" integer NOT NULL,
	"pool_dormant" boolean NOT NULL,
	"pool_returned" boolean NOT NULL,
	"offer_product_id" integer,
	"offer_limit_minor" bigint DEFAULT 0 NOT NULL,
	"promo_url" varchar(300) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_source" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"route_to" varchar(12) DEFAULT 'pool' NOT NULL,
	"on_duplicate" varchar(12) DEFAULT 'skip' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"api_key" varchar(40) NOT NULL,
	"secret_sealed" varchar(300) NOT NULL,
	"secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_source_nonce" (
	"source_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_source_nonce_source_id_nonce_pk" PRIMARY KEY("source_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "marketing_contact" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"result" varchar(16) DEFAULT '' NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"import_id" bigint,
	"agent_id" integer,
	"dispatched_at" timestamp with time zone,
	"result" varchar(16) DEFAULT '' NOT NULL,
	"result_at" timestamp with time zone,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"last_sms_at" timestamp with time zone,
	"link_id" integer,
	"customer_id" bigint,
	"registered_at" timestamp with time zone,
	"credited_agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"product_id" integer,
	"limit_minor" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_import" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'running' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_landing" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"template" varchar(16) NOT NULL,
	"title" varchar(100) NOT NULL,
	"url" varchar(300) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"landing_id" integer,
	"agent_id" integer,
	"code" varchar(16) NOT NULL,
	"target_url" varchar(400) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_click_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_sms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"phone" varchar(20) NOT NULL,
	"link_id" integer,
	"content" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'logged' NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_audit_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"skip_stages" text[] DEFAULT '{}' NOT NULL,
	"add_stages" text[] DEFAULT '{}' NOT NULL,
	"force_manual" boolean DEFAULT false NOT NULL,
	"max_amount_minor" bigint,
	"daily_cap" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_binding" (
	"account_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_binding_account_id_channel_id_pk" PRIMARY KEY("account_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "channel_conversion" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"event_key" varchar(80) NOT NULL,
	"customer_id" bigint NOT NULL,
	"order_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_delivery_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversion_id" bigint NOT NULL,
	"provider_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"status" varchar(10) NOT NULL,
	"response_code" integer,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"url" varchar(300) DEFAULT '' NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"events" text[] DEFAULT '{}' NOT NULL,
	"channel_ids" integer[] DEFAULT '{}' NOT NULL,
	"failure_rate" smallint DEFAULT 0 NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"max_attempts" smallint DEFAULT 6 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_secret" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"private_key_sealed" text,
	"private_key_hint" varchar(8) DEFAULT '' NOT NULL,
	"tracking_secret_sealed" text,
	"tracking_secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"access_token_sealed" text,
	"access_token_hint" varchar(8) DEFAULT '' NOT NULL,
	"rotated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"target_channel_id" integer,
	"target_virtual_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_overdue_snapshot_all" (
	"merchant_id" integer NOT NULL,
	"snapshot_date" date NOT NULL,
	"bucket" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"outstanding_minor" bigint DEFAULT 0 NOT NULL,
	"od7_minor" bigint DEFAULT 0 NOT NULL,
	"od30_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_overdue_snapshot_all_merchant_id_snapshot_date_bucket_pk" PRIMARY KEY("merchant_id","snapshot_date","bucket")
);
--> statement-breakpoint
CREATE TABLE "stat_roll_all" (
	"merchant_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"from_bucket" smallint NOT NULL,
	"to_bucket" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_roll_all_merchant_id_from_date_from_bucket_to_bucket_pk" PRIMARY KEY("merchant_id","from_date","from_bucket","to_bucket")
);
--> statement-breakpoint
DROP INDEX "order_status_history_created_idx";--> statement-breakpoint
DROP INDEX "reduction_decided_idx";--> statement-breakpoint
DROP INDEX "repayment_paid_idx";--> statement-breakpoint
DROP INDEX "extension_paid_idx";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
UPDATE "order_status_history" h SET "merchant_id" = o."merchant_id" FROM "loan_order" o WHERE o."id" = h."order_id";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_repay_cohort_all_date_idx" ON "stat_repay_cohort_all" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_entry_open_uq" ON "blacklist_entry" USING btree ("merchant_id","type","norm_value") WHERE expired_at is null;--> statement-breakpoint
CREATE INDEX "blacklist_entry_value_idx" ON "blacklist_entry" USING btree ("type","norm_value","id");--> statement-breakpoint
CREATE INDEX "blacklist_entry_merchant_created_idx" ON "blacklist_entry" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "blacklist_entry_created_idx" ON "blacklist_entry" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blacklist_entry_expiry_idx" ON "blacklist_entry" USING btree ("expires_at","id") WHERE expired_at is null and expires_at is not null;--> statement-breakpoint
CREATE INDEX "risk_blacklist_check_customer_idx" ON "risk_blacklist_check" USING btree ("customer_id","checked_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_blacklist_entry_ref_uq" ON "risk_blacklist_entry" USING btree ("merchant_id","provider","provider_ref");--> statement-breakpoint
CREATE INDEX "risk_blacklist_entry_value_idx" ON "risk_blacklist_entry" USING btree ("type","norm_value","id");--> statement-breakpoint
CREATE INDEX "risk_blacklist_entry_merchant_received_idx" ON "risk_blacklist_entry" USING btree ("merchant_id","received_at","id");--> statement-breakpoint
CREATE INDEX "risk_blacklist_entry_received_idx" ON "risk_blacklist_entry" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "risk_blacklist_entry_customer_idx" ON "risk_blacklist_entry" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_conversion_entry_kind_uq" ON "pool_conversion" USING btree ("entry_id","kind");--> statement-breakpoint
CREATE INDEX "pool_conversion_created_idx" ON "pool_conversion" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pool_conversion_agent_idx" ON "pool_conversion" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pool_conversion_merchant_idx" ON "pool_conversion" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_entry_live_customer_uq" ON "pool_entry" USING btree ("merchant_id","customer_id") WHERE status <> 'closed' and customer_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pool_entry_live_lead_uq" ON "pool_entry" USING btree ("lead_id") WHERE status <> 'closed' and lead_id is not null;--> statement-breakpoint
CREATE INDEX "pool_entry_segment_idx" ON "pool_entry" USING btree ("segment","status","entered_at","id");--> statement-breakpoint
CREATE INDEX "pool_entry_pool_idx" ON "pool_entry" USING btree ("in_pool","status","entered_at","id");--> statement-breakpoint
CREATE INDEX "pool_entry_merchant_idx" ON "pool_entry" USING btree ("merchant_id","status","entered_at","id");--> statement-breakpoint
CREATE INDEX "pool_entry_entered_idx" ON "pool_entry" USING btree ("entered_at","id");--> statement-breakpoint
CREATE INDEX "pool_entry_holder_idx" ON "pool_entry" USING btree ("holder_id","status","claimed_at","id");--> statement-breakpoint
CREATE INDEX "pool_entry_expiry_idx" ON "pool_entry" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "pool_entry_phone_idx" ON "pool_entry" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "pool_entry_customer_idx" ON "pool_entry" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "pool_event_entry_idx" ON "pool_event" USING btree ("entry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_lead_phone_uq" ON "pool_lead" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "pool_lead_received_idx" ON "pool_lead" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "pool_lead_source_idx" ON "pool_lead" USING btree ("source_id","received_at","id");--> statement-breakpoint
CREATE INDEX "pool_lead_merchant_idx" ON "pool_lead" USING btree ("merchant_id","received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_source_code_uq" ON "pool_source" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_source_key_uq" ON "pool_source" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "pool_source_nonce_created_idx" ON "pool_source_nonce" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "marketing_contact_entry_idx" ON "marketing_contact" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "marketing_contact_merchant_idx" ON "marketing_contact" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_entry_phone_uq" ON "marketing_entry" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "marketing_entry_group_idx" ON "marketing_entry" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "marketing_entry_merchant_idx" ON "marketing_entry" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "marketing_entry_agent_idx" ON "marketing_entry" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "marketing_entry_registered_idx" ON "marketing_entry" USING btree ("merchant_id","id") WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "marketing_entry_customer_idx" ON "marketing_entry" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "marketing_entry_link_idx" ON "marketing_entry" USING btree ("link_id") WHERE link_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_group_name_uq" ON "marketing_group" USING btree ("merchant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_group_merchant_idx" ON "marketing_group" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "marketing_import_account_idx" ON "marketing_import" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "marketing_import_group_idx" ON "marketing_import" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_merchant_idx" ON "marketing_landing" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_link_code_uq" ON "marketing_link" USING btree ("code");--> statement-breakpoint
CREATE INDEX "marketing_link_merchant_idx" ON "marketing_link" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "marketing_link_agent_idx" ON "marketing_link" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_entry_idx" ON "marketing_sms" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_merchant_idx" ON "marketing_sms" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_audit_rule_channel_uq" ON "channel_audit_rule" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "channel_audit_rule_merchant_idx" ON "channel_audit_rule" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "channel_audit_rule_created_idx" ON "channel_audit_rule" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "channel_binding_channel_idx" ON "channel_binding" USING btree ("channel_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conversion_event_uq" ON "channel_conversion" USING btree ("provider_id","event_key");--> statement-breakpoint
CREATE INDEX "channel_conversion_due_idx" ON "channel_conversion" USING btree ("status","next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "channel_conversion_provider_idx" ON "channel_conversion" USING btree ("provider_id","created_at","id");--> statement-breakpoint
CREATE INDEX "channel_conversion_merchant_idx" ON "channel_conversion" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "channel_delivery_attempt_conv_idx" ON "channel_delivery_attempt" USING btree ("conversion_id","id");--> statement-breakpoint
CREATE INDEX "channel_delivery_attempt_provider_idx" ON "channel_delivery_attempt" USING btree ("provider_id","at","id");--> statement-breakpoint
CREATE INDEX "channel_provider_merchant_idx" ON "channel_provider" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "channel_provider_created_idx" ON "channel_provider" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_channel_code_uq" ON "virtual_channel" USING btree ("code");--> statement-breakpoint
CREATE INDEX "virtual_channel_merchant_idx" ON "virtual_channel" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "virtual_channel_created_idx" ON "virtual_channel" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stat_overdue_snapshot_all_date_idx" ON "stat_overdue_snapshot_all" USING btree ("snapshot_date");--> statement-breakpoint
CREATE INDEX "stat_roll_all_date_idx" ON "stat_roll_all" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "order_status_history_merchant_created_idx" ON "order_status_history" USING btree ("merchant_id","created_at","to_status");--> statement-breakpoint
CREATE INDEX "transfer_merchant_reversed_idx" ON "transfer" USING btree ("merchant_id","reversed_at") WHERE reversed_at is not null;--> statement-breakpoint
CREATE INDEX "reduction_merchant_decided_idx" ON "reduction" USING btree ("merchant_id","decided_at") WHERE decided_at is not null;--> statement-breakpoint
CREATE INDEX "repayment_merchant_paid_idx" ON "repayment" USING btree ("merchant_id","paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "repayment_merchant_revoked_idx" ON "repayment" USING btree ("merchant_id","revoked_at") WHERE revoked_at is not null;--> statement-breakpoint
CREATE INDEX "extension_merchant_paid_idx" ON "extension" USING btree ("merchant_id","paid_at") WHERE paid_at is not null;