// The companies feature's public face (docs/decisions/039-trade-accounts.md).
export { companiesRoutes } from './companies.routes';
export { priceListsRoutes } from './price-lists.routes';
// What the checkout's approvals need (docs/decisions/040-approvals-and-limits.md).
export { access, membershipOf } from './companies.access';
export { approvalRecipients, lockBuyerLimits } from './companies.limits';
