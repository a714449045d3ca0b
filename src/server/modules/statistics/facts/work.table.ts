/** Fact tables of the work reports (exported through src/server/db/schema.ts). */
export {};
