/** Fact tables of the portfolio reports (exported through src/server/db/schema.ts). */
export {};
