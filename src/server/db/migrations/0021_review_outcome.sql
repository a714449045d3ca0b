CREATE TABLE "stat_review_outcome" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"matured" boolean NOT NULL,
	"went_overdue" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_review_outcome_merchant_idx" ON "stat_review_outcome" USING btree ("merchant_id");