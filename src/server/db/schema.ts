/**
 * Every table, for drizzle-kit (drizzle.config.ts) and the database client (infra/db.ts). Each table is declared
 * beside the feature that owns it (src/server/features/<feature>/<feature>.schema.ts); the owners are listed in
 * eslint/table-owners.js, and no feature writes a table it does not own (docs/decisions/069-feature-owned-tables.md).
 */
export * from '../features/accounts/accounts.schema';
export * from './catalogue-schema';
export * from './catalogue-data-schema';
export * from './price-breaks-schema';
export * from '../features/cart/cart.schema';
export * from '../features/checkout/checkout.schema';
export * from '../features/inventory/inventory.schema';
export * from '../features/orders/orders.schema';
export * from '../features/invoices/invoices.schema';
export * from '../features/quotes/quotes.schema';
export * from '../features/notifications/notifications.schema';
export * from '../features/shipping/shipping.schema';
export * from '../features/tax/tax.schema';
export * from '../features/fulfilment/fulfilment.schema';
export * from '../features/companies/companies.schema';
export * from '../features/credit/credit.schema';
export * from '../features/equipment/equipment.schema';
export * from '../features/webhooks/webhooks.schema';
export * from '../features/returns/returns.schema';
export * from '../features/api-keys/api-keys.schema';
export * from '../features/procurement/procurement.schema';
export * from '../features/news/news.schema';
export * from '../features/payments/payments.schema';
export * from '../features/reviews/reviews.schema';
export * from '../features/audit/audit.schema';
export * from './idempotency-schema';
