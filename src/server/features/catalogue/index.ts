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
// What search (its two engines read categories, spec definitions and product cards) and catalogue-import (CSV rows
// are checked against the spec definitions and written with the catalogue's price breaks and shipping columns)
// build on: decision 071.
export {
  bySlug,
  categoryTree,
  depthFirst,
  descendantIds,
  loadCategories,
  rollUp,
  toRef,
  type Category,
} from './categories.service';
export { replyWithContractPrices } from './contract-reads';
export { productColumns, toCatalogueProduct, toCatalogueProducts, type ProductRow } from './product-cards';
export { writeBreaksBulk } from './pricing.service';
export { shippingColumns } from './product-shipping.service';
export {
  attributeOrder,
  keySpecsFromValues,
  loadAttributes,
  specProblem,
  type Attribute,
} from './specs.service';
