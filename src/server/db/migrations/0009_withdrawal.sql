CREATE TABLE "withdrawal_contact" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"queue" varchar(48) NOT NULL,
	"task_id" bigint,
	"account_id" integer,
	"result" varchar(64) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_market" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"account_id" integer,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_notice" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"account_id" integer,
	"channel" varchar(8) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_sms_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"order_id" bigint,
	"customer_id" bigint NOT NULL,
	"phone" varchar(20) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"content" varchar(1000) NOT NULL,
	"status" varchar(12) DEFAULT 'logged' NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "withdrawal_contact_order_idx" ON "withdrawal_contact" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_contact_account_idx" ON "withdrawal_contact" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawal_sms_log_created_idx" ON "withdrawal_sms_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawal_sms_log_merchant_created_idx" ON "withdrawal_sms_log" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawal_sms_log_order_idx" ON "withdrawal_sms_log" USING btree ("order_id","kind","id");--> statement-breakpoint
CREATE INDEX "withdrawal_sms_log_phone_idx" ON "withdrawal_sms_log" USING btree ("phone","id");