// Every table, one file per area; drizzle-kit reads this list to generate migrations.
export * from '../modules/auth/auth.table';
export * from '../modules/empower/empower.table';
export * from '../modules/merchant/merchant.table';
export * from '../modules/system/system.table';
export * from '../modules/log/log.table';
export * from '../modules/export/export.table';
export * from '../modules/merchant/product.table';
export * from '../modules/merchant/channel.table';
export * from '../modules/client/client.table';
export * from '../modules/order/order.table';
export * from '../modules/lifecycle/lifecycle.table';
export * from '../modules/ledger/ledger.table';
export * from '../modules/idempotency/idempotency.table';
