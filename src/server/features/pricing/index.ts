// The pricing feature's public face: one function prices every sale (docs/decisions/052-one-pricing-function.md).
export * from './pricing.sale';
export {
  goodsFacts,
  loadSaleFacts,
  priceGoodsLine,
  priceSaleIn,
  productFactsOf,
  tableProviders,
  withDelivery,
  type SaleFactsWithPricing,
  type SaleProviders,
} from './pricing.facts';
export { storedGoodsCents, storedTotalCents, type StoredLine } from './pricing.stored';
