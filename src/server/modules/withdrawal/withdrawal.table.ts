// Tables of the withdrawal area (exported through src/server/db/schema.ts).
export {};
