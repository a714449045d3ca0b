DROP TABLE "stat_repay_cohort_all" CASCADE;--> statement-breakpoint
DROP TABLE "stat_repay_cohort_nr" CASCADE;