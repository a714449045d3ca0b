/** Tables of the channel area beyond the channel itself (merchant/channel.table.ts) (exported through src/server/db/schema.ts). */
export {};
