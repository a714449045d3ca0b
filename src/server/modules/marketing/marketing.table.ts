/** Tables of the marketing area (exported through src/server/db/schema.ts). */
export {};
