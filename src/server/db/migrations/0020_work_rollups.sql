CREATE TABLE "stat_review_all" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"stage" varchar(16) NOT NULL,
	"staff_id" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"decide_seconds" bigint DEFAULT 0 NOT NULL,
	"matured" integer DEFAULT 0 NOT NULL,
	"went_overdue" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_review_all_merchant_id_business_date_stage_staff_id_pk" PRIMARY KEY("merchant_id","business_date","stage","staff_id")
);
--> statement-breakpoint
CREATE TABLE "stat_withdrawal_all" (
	"merchant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"staff_id" integer NOT NULL,
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
	CONSTRAINT "stat_withdrawal_all_merchant_id_business_date_staff_id_pk" PRIMARY KEY("merchant_id","business_date","staff_id")
);
--> statement-breakpoint
CREATE INDEX "stat_review_all_date_idx" ON "stat_review_all" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "stat_withdrawal_all_date_idx" ON "stat_withdrawal_all" USING btree ("business_date");--> statement-breakpoint
-- A database that already has the work facts gets their roll-ups now, not at the next full rebuild (the reports read them).
INSERT INTO "stat_withdrawal_all" ("merchant_id", "business_date", "staff_id", "entered", "withdrawn", "withdrawn_agent", "within_2h", "within_24h",
	"withdraw_seconds", "expired", "closed_staff", "contacts", "contact_reached", "contact_unreached", "contact_declined", "reminders")
SELECT "merchant_id", "business_date", "staff_id", sum("entered"), sum("withdrawn"), sum("withdrawn_agent"), sum("within_2h"), sum("within_24h"),
	sum("withdraw_seconds"), sum("expired"), sum("closed_staff"), sum("contacts"), sum("contact_reached"), sum("contact_unreached"), sum("contact_declined"), sum("reminders")
FROM "stat_withdrawal" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "stat_review_all" ("merchant_id", "business_date", "stage", "staff_id", "claimed", "approved", "rejected", "decide_seconds", "matured", "went_overdue")
SELECT "merchant_id", "business_date", "stage", "staff_id", sum("claimed"), sum("approved"), sum("rejected"), sum("decide_seconds"), sum("matured"), sum("went_overdue")
FROM "stat_review" GROUP BY 1, 2, 3, 4;
