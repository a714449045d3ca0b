// Tables of the payment area (exported through src/server/db/schema.ts).
export {};
