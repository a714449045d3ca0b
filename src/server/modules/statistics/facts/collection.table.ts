/** Fact tables of the collection reports (exported through src/server/db/schema.ts). */
export {};
