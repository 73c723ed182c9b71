/**
 * Every table's one owner (docs/decisions/069-feature-owned-tables.md): the server feature that declares it, in
 * src/server/features/<owner>/<owner>.schema.ts, and the only feature that inserts, updates or deletes its rows.
 * Others read it, and change it by calling the owner's index.ts. Names are the SQL names; a table's drizzle export
 * is their camelCase (auditLog is audit_log), which table-owners.test.ts checks against the schema.
 */
export const tableOwners = {
  accounts: ['user', 'session', 'account', 'verification', 'rate_limit'],
  'api-keys': ['api_keys'],
  audit: ['audit_log'],
  cart: ['cart_lines'],
  // Declared in src/server/db/catalogue-schema.ts, catalogue-data-schema.ts and price-breaks-schema.ts until the
  // catalogue's split moves them beside the feature; stock_movements is the inventory's ledger, in the same file.
  catalogue: [
    'categories',
    'products',
    'spec_attributes',
    'category_spec_attributes',
    'product_specs',
    'search_terms',
    'product_documents',
    'product_price_breaks',
  ],
  // The import's own job rows (decision 071), declared in src/server/db/catalogue-data-schema.ts with the catalogue's.
  'catalogue-import': ['catalogue_imports'],
  checkout: ['checkouts', 'approval_reminders'],
  companies: [
    'companies',
    'company_members',
    'company_invitations',
    'company_locations',
    'shared_lists',
    'shared_list_lines',
    'company_price_lists',
    'price_list_rules',
  ],
  credit: ['company_terms', 'account_invoices', 'account_payments', 'account_payment_allocations'],
  equipment: [
    'equipment_models',
    'machines',
    'service_plan_items',
    'part_fits',
    'part_replacements',
    'diagram_hotspots',
    'machine_services',
    'service_reminders',
  ],
  fulfilment: ['shipments', 'shipment_lines'],
  inventory: ['stock_movements', 'back_in_stock_requests'],
  invoices: ['invoice_counters', 'invoices'],
  news: ['news'],
  notifications: ['staff_notification_settings'],
  orders: ['order_counter', 'orders', 'sale_refunds', 'addresses'],
  payments: ['test_payment_intents', 'test_payment_refunds'],
  procurement: ['procurement_connections', 'punchout_sessions', 'punchout_orders', 'procurement_documents'],
  quotes: ['quotes', 'quote_lines'],
  returns: ['returns', 'return_lines', 'return_counter', 'return_policies'],
  reviews: ['reviews'],
  shipping: ['shipping_methods', 'shipping_zones', 'parcel_rates', 'freight_rates', 'pickup_locations'],
  tax: ['tax_rates', 'tax_exemptions'],
  webhooks: ['webhook_endpoints', 'webhook_events', 'webhook_deliveries', 'webhook_attempts'],
  // Not a feature: the HTTP plumbing's replay store (src/server/http/idempotency.ts), in src/server/db/. No feature
  // owns it, so none may write it.
  http: ['idempotency_keys'],
};

/**
 * Writes to another feature's table not yet moved behind the owner's functions: `feature` may write `table`.
 * Each says why it is still here; the decision counts them. Shrink this list, never grow it without a reason.
 */
export const foreignWritesAllowed = [
  // Stock is a column of the product row, and the catalogue sits above the inventory in the feature graph, so the
  // inventory cannot call it: the fix is stock levels in an inventory-owned table (a schema change of its own).
  { feature: 'inventory', table: 'products' },
  // Closing an account removes the companies its leaving admin alone ran (decision 045). Companies sit above
  // accounts (companies -> cart -> accounts): the fix is a hook companies registers on account removal.
  { feature: 'accounts', table: 'companies' },
  { feature: 'accounts', table: 'company_invitations' },
  // The CSV import writes the catalogue in batches of hundreds of rows per statement (decision 071 split it out of
  // the catalogue the same day): the fix is the catalogue exporting its batch writers, which the import then calls.
  { feature: 'catalogue-import', table: 'products' },
  { feature: 'catalogue-import', table: 'product_specs' },
  { feature: 'catalogue-import', table: 'search_terms' },
  { feature: 'catalogue-import', table: 'categories' },
];

/** The owner of a SQL table name, or undefined for a name that is not a table. */
export const ownerOf = (table) =>
  Object.entries(tableOwners).find(([, tables]) => tables.includes(table))?.[0];
