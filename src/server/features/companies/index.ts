// The companies feature's public face (docs/decisions/039-trade-accounts.md).
export { companiesRoutes } from './companies.routes';
export { priceListsRoutes } from './price-lists.routes';
