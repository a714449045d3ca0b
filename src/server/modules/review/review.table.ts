// Tables of the review area (exported through src/server/db/schema.ts).
export {};
