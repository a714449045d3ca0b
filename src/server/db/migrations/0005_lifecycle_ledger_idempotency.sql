CREATE TABLE "business_clock" (
	"id" smallint PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"order_id" bigint,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_posting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"order_id" bigint,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"reverses_id" bigint,
	"memo" varchar(200) DEFAULT '' NOT NULL,
	"account_id" integer,
	"business_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"scope" varchar(48) NOT NULL,
	"key" varchar(100) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status" varchar(8) NOT NULL,
	"response" jsonb,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_key_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "ledger_entry_posting_idx" ON "ledger_entry" USING btree ("posting_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("ledger_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_order_idx" ON "ledger_entry" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "ledger_posting_merchant_idx" ON "ledger_posting" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "ledger_posting_order_idx" ON "ledger_posting" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_posting_reverses_uq" ON "ledger_posting" USING btree ("reverses_id");