/** Fact tables of the channel reports (exported through src/server/db/schema.ts). */
export {};
