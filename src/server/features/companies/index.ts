// The companies feature's public face (docs/decisions/039-trade-accounts.md).
export { companiesRoutes } from './companies.routes';
export { priceListsRoutes } from './price-lists.routes';
// What the checkout's approvals (docs/decisions/040-approvals-and-limits.md) and paying on account
// (docs/decisions/041-paying-on-account.md) check: who may act on a company, its lock, the buyer's limits; Order Now
// (orders) weighs a company buyer's order against the same limits.
export { access, lockCompany, membershipOf } from './companies.access';
export { approvalRecipients, limitBreach } from './companies.limits';
export { approvalWindowDaysOf } from './companies.settings';
// What the checkout ships to when a member picks one of the company's locations (and its exemption).
export { locationForSale, type ShipToLocation } from './companies.locations';
