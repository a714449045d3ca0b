CREATE TABLE "export_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"list" varchar(100) NOT NULL,
	"format" varchar(8) NOT NULL,
	"query" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"file_key" varchar(200),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "export_job_account_idx" ON "export_job" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "export_job_status_idx" ON "export_job" USING btree ("status","id");