CREATE TABLE "machine_review_item" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"rule_id" integer,
	"kind" varchar(8) NOT NULL,
	"rule_name" varchar(40) NOT NULL,
	"clone_code" varchar(32) DEFAULT '' NOT NULL,
	"left_expr" text NOT NULL,
	"comparator" varchar(10) NOT NULL,
	"right_expr" text NOT NULL,
	"left_value" jsonb,
	"right_value" jsonb NOT NULL,
	"held" boolean NOT NULL,
	"action" varchar(10) NOT NULL,
	"score" integer NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"contribution" numeric(14, 2) NOT NULL,
	"error" varchar(80) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_review_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"result" varchar(12) NOT NULL,
	"decision" varchar(12) NOT NULL,
	"score" numeric(14, 2) NOT NULL,
	"pass_score" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"variables" jsonb NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(40) NOT NULL,
	"clone_code" varchar(32) NOT NULL,
	"left_expr" text NOT NULL,
	"comparator" varchar(10) NOT NULL,
	"right_expr" text NOT NULL,
	"action_hit" varchar(10) NOT NULL,
	"action_miss" varchar(10) DEFAULT 'none' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"weight" numeric(8, 2) DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_setting" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"pass_score" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"merchant_id" integer NOT NULL,
	"app_key_id" integer,
	"customer_id" bigint NOT NULL,
	"order_id" bigint,
	"phone" varchar(20) NOT NULL,
	"id_number" varchar(32) DEFAULT '' NOT NULL,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_nonce" (
	"app_key_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_nonce_app_key_id_nonce_pk" PRIMARY KEY("app_key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "loan_restriction_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"target" varchar(12) NOT NULL,
	"pattern" varchar(40) NOT NULL,
	"applies_to" varchar(12) DEFAULT 'both' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_rule_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"max_active_loans" smallint,
	"reject_cooldown_days" smallint,
	"max_daily_apply_phone" smallint,
	"max_daily_apply_device" smallint,
	"max_daily_apply_id" smallint,
	"min_age" smallint,
	"max_age" smallint,
	"max_daily_withdrawals" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_app_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"app_key" varchar(48) NOT NULL,
	"name" varchar(60) NOT NULL,
	"platform" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" varchar(8) DEFAULT '' NOT NULL,
	"prev_secret_sealed" text,
	"prev_valid_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "machine_review_item_run_idx" ON "machine_review_item" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "machine_review_run_order_idx" ON "machine_review_run" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_rule_clone_uq" ON "scoring_rule" USING btree ("merchant_id","kind","clone_code");--> statement-breakpoint
CREATE INDEX "scoring_rule_kind_merchant_order_idx" ON "scoring_rule" USING btree ("kind","merchant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "scoring_rule_kind_order_idx" ON "scoring_rule" USING btree ("kind","sort_order","id");--> statement-breakpoint
CREATE INDEX "scoring_rule_kind_updated_idx" ON "scoring_rule" USING btree ("kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "scoring_rule_kind_clone_idx" ON "scoring_rule" USING btree ("kind","clone_code","id");--> statement-breakpoint
CREATE INDEX "intake_event_phone_idx" ON "intake_event" USING btree ("kind","phone","business_date","id");--> statement-breakpoint
CREATE INDEX "intake_event_id_number_idx" ON "intake_event" USING btree ("kind","id_number","business_date","id");--> statement-breakpoint
CREATE INDEX "intake_event_device_idx" ON "intake_event" USING btree ("kind","device_id","business_date","id");--> statement-breakpoint
CREATE INDEX "intake_nonce_created_idx" ON "intake_nonce" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loan_restriction_rule_merchant_idx" ON "loan_restriction_rule" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "loan_restriction_rule_created_idx" ON "loan_restriction_rule" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_rule_config_merchant_uq" ON "loan_rule_config" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "loan_rule_config_updated_idx" ON "loan_rule_config" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_app_key_key_uq" ON "merchant_app_key" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "merchant_app_key_merchant_created_idx" ON "merchant_app_key" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_app_key_created_idx" ON "merchant_app_key" USING btree ("created_at","id");