/**
 * The catalogue's public face for other features: pricing and stock rules (ordering, the cart, checkout, quotes),
 * the overview's low-stock list, and each product's shipping profile (decision 037: weight, how it ships, backorders).
 */
export {
  contractPrices,
  loadPricing,
  lowStockProducts,
  orderableStock,
  pricingDay,
  type ProductPricing,
} from './catalogue.service';
export { effectiveWeightGrams, shippingProfiles, type ShippingProfile } from './product-shipping.service';
export {
  countListedProducts,
  listedCategories,
  listedProductName,
  listedProducts,
  type SitemapRow,
} from './sitemap-reads';
// The equipment feature's "fits my equipment" filter runs the catalogue's own search with a product restriction.
export { searchCatalogue } from './search.service';
