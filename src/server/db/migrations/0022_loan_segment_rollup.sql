CREATE TABLE "stat_loan_segment_nr" (
	"merchant_id" integer NOT NULL,
	"payout_date" date NOT NULL,
	"returning" boolean NOT NULL,
	"count_band" smallint NOT NULL,
	"amount_band" smallint NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"matured_1" integer DEFAULT 0 NOT NULL,
	"unpaid_1" integer DEFAULT 0 NOT NULL,
	"matured_7" integer DEFAULT 0 NOT NULL,
	"unpaid_7" integer DEFAULT 0 NOT NULL,
	"matured_30" integer DEFAULT 0 NOT NULL,
	"unpaid_30" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_loan_segment_nr_merchant_id_payout_date_returning_count_band_amount_band_pk" PRIMARY KEY("merchant_id","payout_date","returning","count_band","amount_band")
);
--> statement-breakpoint
CREATE INDEX "stat_loan_segment_nr_date_idx" ON "stat_loan_segment_nr" USING btree ("payout_date");--> statement-breakpoint
-- Backfill from the facts already built, so that a database upgraded in place answers userLoanAnalysis from the roll-up at once.
INSERT INTO "stat_loan_segment_nr" ("merchant_id", "payout_date", "returning", "count_band", "amount_band", "loans", "amount_minor", "matured_1", "unpaid_1", "matured_7", "unpaid_7", "matured_30", "unpaid_30")
SELECT "merchant_id", "payout_date", "returning", "count_band", "amount_band", sum("loans"), sum("amount_minor"), sum("matured_1"), sum("unpaid_1"), sum("matured_7"), sum("unpaid_7"), sum("matured_30"), sum("unpaid_30")
FROM "stat_loan_segment" GROUP BY 1, 2, 3, 4, 5;
