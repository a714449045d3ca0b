CREATE TABLE "captcha" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"account_id" integer,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(400) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(32) NOT NULL,
	"nickname" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"password_hash" text NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"introduction" varchar(500) DEFAULT '' NOT NULL,
	"role_id" integer NOT NULL,
	"secondary_role_id" integer,
	"work_start" varchar(5),
	"work_end" varchar(5),
	"allowed_terminals" text[] DEFAULT '{}'::text[] NOT NULL,
	"merchant_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"privacy_protection" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"special_nodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"organizer_id" integer,
	"google_secret" text,
	"google_pending_secret" text,
	"google_bound" boolean DEFAULT false NOT NULL,
	"google_last_step" integer DEFAULT 0 NOT NULL,
	"google_skip_until" timestamp with time zone,
	"device_id" varchar(64),
	"active_at" timestamp with time zone,
	"logout_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"account_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(400) DEFAULT '' NOT NULL,
	"terminal" varchar(16) DEFAULT 'pc' NOT NULL,
	"durable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "permission_node_state" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"identifier" varchar(32) NOT NULL,
	"parent_id" integer,
	"is_template" boolean DEFAULT false NOT NULL,
	"node_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" integer,
	"currency" varchar(3) DEFAULT 'VND' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_name" varchar(64) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label" varchar(100) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"el_tag_color" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_file" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"bytes" integer NOT NULL,
	"sign_type" varchar(40) DEFAULT '' NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_error" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"message" varchar(1000) NOT NULL,
	"url" varchar(1000) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"page_title" varchar(200) DEFAULT '' NOT NULL,
	"page_url" varchar(1000) DEFAULT '' NOT NULL,
	"page_domain" varchar(200) DEFAULT '' NOT NULL,
	"operation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"copied_info" text NOT NULL,
	"copied_type" smallint NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(100) NOT NULL,
	"target_type" varchar(40) DEFAULT '' NOT NULL,
	"target_id" varchar(64) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_log_account_idx" ON "login_log" USING btree ("account","created_at","id");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","created_at","id");--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_account_account_uq" ON "admin_account" USING btree ("account") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_account_phone_uq" ON "admin_account" USING btree ("phone") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "admin_account_role_idx" ON "admin_account" USING btree ("role_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_session_token_uq" ON "admin_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_session_account_idx" ON "admin_session" USING btree ("account_id","revoked_at","id");--> statement-breakpoint
CREATE INDEX "admin_session_live_idx" ON "admin_session" USING btree ("revoked_at","last_seen_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_identifier_uq" ON "role" USING btree ("identifier") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "role_parent_idx" ON "role" USING btree ("parent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_code_uq" ON "merchant" USING btree ("code");--> statement-breakpoint
CREATE INDEX "merchant_parent_idx" ON "merchant" USING btree ("parent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_item_name_value_uq" ON "dict_item" USING btree ("dict_name","value");--> statement-breakpoint
CREATE INDEX "dict_item_list_idx" ON "dict_item" USING btree ("dict_name","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_file_key_uq" ON "uploaded_file" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "client_error_created_idx" ON "client_error" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "copy_record_time_idx" ON "copy_record" USING btree ("operation_time","id");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operation_log_account_idx" ON "operation_log" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "operation_log_target_idx" ON "operation_log" USING btree ("target_type","target_id","id");