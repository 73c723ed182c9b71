// The pricing feature's public face: one function prices every sale (docs/decisions/052-one-pricing-function.md).
export * from './pricing.sale';
export { loadSaleFacts, priceSaleIn, type SaleFactsWithPricing } from './pricing.facts';
