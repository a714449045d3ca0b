CREATE TABLE "stat_vintage_all" (
	"merchant_id" integer NOT NULL,
	"payout_date" date NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"reached_7" integer DEFAULT 0 NOT NULL,
	"od7_at_7" integer DEFAULT 0 NOT NULL,
	"od30_at_7" integer DEFAULT 0 NOT NULL,
	"reached_14" integer DEFAULT 0 NOT NULL,
	"od7_at_14" integer DEFAULT 0 NOT NULL,
	"od30_at_14" integer DEFAULT 0 NOT NULL,
	"reached_30" integer DEFAULT 0 NOT NULL,
	"od7_at_30" integer DEFAULT 0 NOT NULL,
	"od30_at_30" integer DEFAULT 0 NOT NULL,
	"reached_60" integer DEFAULT 0 NOT NULL,
	"od7_at_60" integer DEFAULT 0 NOT NULL,
	"od30_at_60" integer DEFAULT 0 NOT NULL,
	"reached_90" integer DEFAULT 0 NOT NULL,
	"od7_at_90" integer DEFAULT 0 NOT NULL,
	"od30_at_90" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_vintage_all_merchant_id_payout_date_pk" PRIMARY KEY("merchant_id","payout_date")
);
--> statement-breakpoint
CREATE INDEX "stat_vintage_all_date_idx" ON "stat_vintage_all" USING btree ("payout_date");--> statement-breakpoint
-- Backfill from the facts already built, so that a database upgraded in place answers vintage from the roll-up at once.
INSERT INTO "stat_vintage_all" ("merchant_id", "payout_date", "loans", "amount_minor", "reached_7", "od7_at_7", "od30_at_7", "reached_14", "od7_at_14", "od30_at_14",
	"reached_30", "od7_at_30", "od30_at_30", "reached_60", "od7_at_60", "od30_at_60", "reached_90", "od7_at_90", "od30_at_90")
SELECT "merchant_id", "payout_date", sum("loans"), sum("amount_minor"), sum("reached_7"), sum("od7_at_7"), sum("od30_at_7"), sum("reached_14"), sum("od7_at_14"), sum("od30_at_14"),
	sum("reached_30"), sum("od7_at_30"), sum("od30_at_30"), sum("reached_60"), sum("od7_at_60"), sum("od30_at_60"), sum("reached_90"), sum("od7_at_90"), sum("od30_at_90")
FROM "stat_vintage" GROUP BY 1, 2;
