// The companies feature's public face (docs/decisions/039-trade-accounts.md).
export { companiesRoutes } from './companies.routes';
export { priceListsRoutes } from './price-lists.routes';
// What paying on account (docs/decisions/041-paying-on-account.md) checks: who may act on a company, and its lock.
export { access, lockCompany, membershipOf } from './companies.access';
