/** Tables of the pool area (exported through src/server/db/schema.ts). */
export {};
