/** Fact tables of the repayment reports (exported through src/server/db/schema.ts). */
export {};
