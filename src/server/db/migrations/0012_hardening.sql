CREATE TABLE "login_attempt" (
	"bucket" varchar(120) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "owner" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP CONSTRAINT "idempotency_key_scope_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_scope_owner_key_pk" PRIMARY KEY("scope","owner","key");
