/**
 * What an API key may be granted (docs/decisions/062-api-keys.md). Plain data, no zod: the browser imports it.
 * A route grants one of these with `config.apiScope`; a key reaches no route that does not declare one.
 */
export const apiScopes = [
  'orders:read',
  'invoices:read',
  'shipments:read',
  'products:read',
  'products:write',
] as const;
export type ApiScope = (typeof apiScopes)[number];

/** What each scope opens, as the admin page explains it. */
export const apiScopeLabels: Record<ApiScope, string> = {
  'orders:read': 'Read orders (every order, new orders since a time, one order)',
  'invoices:read': "Read invoices and credit notes (an order's list and the PDFs)",
  'shipments:read': 'Read shipments (one shipment, the shipments of an order)',
  'products:read': 'Read products and their stock history',
  'products:write': 'Change price and stock of products',
};

/** Every secret starts with this; the list shows it and a few more characters. */
export const API_KEY_PREFIX = 'sk_live_';
/** How many characters of a secret the list shows. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 6;
export const DEFAULT_API_KEY_RATE = 600;
