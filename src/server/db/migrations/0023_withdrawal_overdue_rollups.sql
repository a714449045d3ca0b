CREATE TABLE "stat_withdrawal_nr" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"returning" boolean NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"withdrawn_agent" integer DEFAULT 0 NOT NULL,
	"within_2h" integer DEFAULT 0 NOT NULL,
	"within_24h" integer DEFAULT 0 NOT NULL,
	"withdraw_seconds" bigint DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"closed_staff" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"contact_reached" integer DEFAULT 0 NOT NULL,
	"contact_unreached" integer DEFAULT 0 NOT NULL,
	"contact_declined" integer DEFAULT 0 NOT NULL,
	"reminders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_withdrawal_nr_merchant_id_business_date_returning_pk" PRIMARY KEY("merchant_id","business_date","returning")
);
--> statement-breakpoint
CREATE TABLE "stat_channel_overdue_ch" (
	"merchant_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"channel_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"due_0" integer DEFAULT 0 NOT NULL,
	"due_amount_0" bigint DEFAULT 0 NOT NULL,
	"overdue_0" integer DEFAULT 0 NOT NULL,
	"overdue_amount_0" bigint DEFAULT 0 NOT NULL,
	"due_1" integer DEFAULT 0 NOT NULL,
	"due_amount_1" bigint DEFAULT 0 NOT NULL,
	"overdue_1" integer DEFAULT 0 NOT NULL,
	"overdue_amount_1" bigint DEFAULT 0 NOT NULL,
	"due_7" integer DEFAULT 0 NOT NULL,
	"due_amount_7" bigint DEFAULT 0 NOT NULL,
	"overdue_7" integer DEFAULT 0 NOT NULL,
	"overdue_amount_7" bigint DEFAULT 0 NOT NULL,
	"due_30" integer DEFAULT 0 NOT NULL,
	"due_amount_30" bigint DEFAULT 0 NOT NULL,
	"overdue_30" integer DEFAULT 0 NOT NULL,
	"overdue_amount_30" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_channel_overdue_ch_merchant_id_due_date_channel_id_pk" PRIMARY KEY("merchant_id","due_date","channel_id")
);
--> statement-breakpoint
CREATE INDEX "stat_withdrawal_nr_date_idx" ON "stat_withdrawal_nr" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "stat_channel_overdue_ch_date_idx" ON "stat_channel_overdue_ch" USING btree ("due_date");--> statement-breakpoint
-- Backfill from the facts already built, so that a database upgraded in place answers SummaryWithdrawalCustomers and OverdueProviderStatistics from the roll-ups at once.
INSERT INTO "stat_withdrawal_nr" ("merchant_id", "business_date", "returning", "entered", "withdrawn", "withdrawn_agent", "within_2h", "within_24h",
	"withdraw_seconds", "expired", "closed_staff", "contacts", "contact_reached", "contact_unreached", "contact_declined", "reminders")
SELECT "merchant_id", "business_date", "returning", sum("entered"), sum("withdrawn"), sum("withdrawn_agent"), sum("within_2h"), sum("within_24h"),
	sum("withdraw_seconds"), sum("expired"), sum("closed_staff"), sum("contacts"), sum("contact_reached"), sum("contact_unreached"), sum("contact_declined"), sum("reminders")
FROM "stat_withdrawal" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "stat_channel_overdue_ch" ("merchant_id", "due_date", "channel_id", "orders", "amount_minor",
	"due_0", "due_amount_0", "overdue_0", "overdue_amount_0", "due_1", "due_amount_1", "overdue_1", "overdue_amount_1",
	"due_7", "due_amount_7", "overdue_7", "overdue_amount_7", "due_30", "due_amount_30", "overdue_30", "overdue_amount_30")
SELECT "merchant_id", "due_date", "channel_id", sum("orders"), sum("amount_minor"),
	sum("due_0"), sum("due_amount_0"), sum("overdue_0"), sum("overdue_amount_0"), sum("due_1"), sum("due_amount_1"), sum("overdue_1"), sum("overdue_amount_1"),
	sum("due_7"), sum("due_amount_7"), sum("overdue_7"), sum("overdue_amount_7"), sum("due_30"), sum("due_amount_30"), sum("overdue_30"), sum("overdue_amount_30")
FROM "stat_channel_overdue" GROUP BY 1, 2, 3;
