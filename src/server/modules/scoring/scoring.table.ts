// Tables of the scoring area (exported through src/server/db/schema.ts).
export {};
