CREATE TABLE "collection_alert" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"unassigned" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_call" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"phone" varchar(30) NOT NULL,
	"contact_name" varchar(60) DEFAULT '' NOT NULL,
	"relation" varchar(30) DEFAULT '' NOT NULL,
	"config_id" integer,
	"link" varchar(400) DEFAULT '' NOT NULL,
	"result" varchar(40) DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_case" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"stage_id" integer NOT NULL,
	"collector_id" integer,
	"status" varchar(8) NOT NULL,
	"stay" boolean DEFAULT false NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"stage_entered_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"last_result" varchar(40) DEFAULT '' NOT NULL,
	"disposition" varchar(40) DEFAULT '' NOT NULL,
	"promise_date" date,
	"promise_minor" bigint DEFAULT 0 NOT NULL,
	"promise_status" varchar(8) DEFAULT '' NOT NULL,
	"recovered_minor" bigint DEFAULT 0 NOT NULL,
	"paid_at_entry_minor" bigint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"from_stage_id" integer,
	"to_stage_id" integer,
	"from_collector_id" integer,
	"to_collector_id" integer,
	"reason" varchar(40) DEFAULT '' NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"actor_id" integer,
	"business_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_promise" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"promise_date" date NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"paid_before_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(8) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "collection_run" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	"restaged" integer DEFAULT 0 NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"unassigned" integer DEFAULT 0 NOT NULL,
	"promises_broken" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "collection_run_merchant_id_business_date_pk" PRIMARY KEY("merchant_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "collection_stage" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"min_day" integer NOT NULL,
	"max_day" integer NOT NULL,
	"group_id" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"reassign_after_days" integer DEFAULT 0 NOT NULL,
	"reminder" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collector_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collector_member" (
	"group_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"daily_cap" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collector_member_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "external_call" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"name" varchar(40) NOT NULL,
	"type" varchar(8) NOT NULL,
	"url" varchar(300) NOT NULL,
	"a_text" varchar(60) DEFAULT '' NOT NULL,
	"only_no" boolean DEFAULT false NOT NULL,
	"sip_text" varchar(60) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collection_alert_merchant_idx" ON "collection_alert" USING btree ("merchant_id","business_date");--> statement-breakpoint
CREATE INDEX "collection_call_case_idx" ON "collection_call" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "collection_call_account_idx" ON "collection_call" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_case_open_order_uq" ON "collection_case" USING btree ("order_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "collection_case_collector_idx" ON "collection_case" USING btree ("collector_id","status","id");--> statement-breakpoint
CREATE INDEX "collection_case_stage_idx" ON "collection_case" USING btree ("stage_id","status","id");--> statement-breakpoint
CREATE INDEX "collection_case_merchant_status_idx" ON "collection_case" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "collection_case_order_idx" ON "collection_case" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "collection_case_pool_idx" ON "collection_case" USING btree ("stage_entered_at","id") WHERE status = 'open' AND collector_id IS NULL;--> statement-breakpoint
CREATE INDEX "collection_event_case_idx" ON "collection_event" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "collection_event_kind_idx" ON "collection_event" USING btree ("kind","business_at","id");--> statement-breakpoint
CREATE INDEX "collection_event_to_collector_idx" ON "collection_event" USING btree ("to_collector_id","business_date");--> statement-breakpoint
CREATE INDEX "collection_event_merchant_idx" ON "collection_event" USING btree ("merchant_id","business_at","id");--> statement-breakpoint
CREATE INDEX "collection_promise_case_idx" ON "collection_promise" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "collection_promise_pending_idx" ON "collection_promise" USING btree ("status","promise_date");--> statement-breakpoint
CREATE INDEX "collection_stage_merchant_idx" ON "collection_stage" USING btree ("merchant_id","min_day");--> statement-breakpoint
CREATE INDEX "collector_group_merchant_idx" ON "collector_group" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "collector_member_account_idx" ON "collector_member" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "loan_order_overdue_days_idx" ON "loan_order" USING btree ("overdue_days","id");