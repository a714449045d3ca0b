/** Tables of the blacklist area (exported through src/server/db/schema.ts). */
export {};
