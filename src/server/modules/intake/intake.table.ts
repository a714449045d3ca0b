// Tables of the intake area (exported through src/server/db/schema.ts).
export {};
