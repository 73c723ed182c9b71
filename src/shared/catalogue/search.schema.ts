import { z } from 'zod';
import { idSchema } from '../common/common.schema';
import {
  contractPriceShape,
  productCardPricingSchema,
  productPricingSchema,
  productSchema,
} from './catalogue.schema';

import { MAX_OFFSET_RESULTS, parseRange, sortOptions, SPEC_PREFIX } from './search-params';

export { MAX_OFFSET_RESULTS, parseRange, sortOptions, SPEC_PREFIX } from './search-params';
export type { Range, SortOption } from './search-params';

const rangeMessage = 'must be a range like 6..10, 6.. or ..10';

const rangeParam = z
  .string()
  .max(60)
  .refine((s) => parseRange(s) !== null, { error: rangeMessage });

/** Dollars, within what a product may cost: a bound past it would overflow the cents column when compared. */
const MAX_PRICE_FILTER = 1_000_000;
const priceParam = rangeParam.refine(
  (s) => {
    const r = parseRange(s);
    return !r || [r.min, r.max].every((v) => v === null || (v >= 0 && v <= MAX_PRICE_FILTER));
  },
  { error: `must be a range of dollars within 0..${MAX_PRICE_FILTER}` },
);

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
const slugParam = z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'must be a category slug' });
const brandName = z.string().trim().min(1).max(80);

const searchQueryKnownKeys = Object.fromEntries(
  ['q', 'category', 'brand', 'inStock', 'price', 'sort', 'page', 'pageSize', 'cursor', 'facets'].map((k) => [
    k,
    1,
  ]),
);

/**
 * GET /api/catalogue/search. Numeric spec filters are `spec.<key>=<min>..<max>` in the attribute's canonical unit
 * (bar, L/min, kW, L, V, kg, dB(A), N·m), e.g. `spec.pressure=6..10&spec.airflow=1000..`.
 */
export const searchQuerySchema = z
  .object({
    q: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
    category: slugParam.optional().describe('category slug; its descendants are included'),
    brand: z
      .union([brandName, z.array(brandName).max(20)])
      .optional()
      .describe('repeat for several brands (any of them)'),
    inStock: boolParam.optional().describe('true: only products that can be ordered (stock ≥ minimum order)'),
    price: priceParam.optional().describe('price range in dollars, e.g. 100..500'),
    sort: z.enum(sortOptions).default('relevance').describe('relevance (newest when there is no q)'),
    page: z.coerce.number({ error: 'must be a number' }).int().min(1).max(MAX_OFFSET_RESULTS).default(1),
    pageSize: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(24),
    cursor: z.string().max(600).optional().describe('nextCursor of the previous page: stable under inserts'),
    facets: boolParam.default(true).describe('false skips the facet counts (e.g. for "load more")'),
  })
  .catchall(z.string().max(60))
  .superRefine((query, ctx) => {
    for (const [key, value] of Object.entries(query)) {
      if (key in searchQueryKnownKeys) continue;
      if (!key.startsWith(SPEC_PREFIX) || !/^spec\.[a-z][a-z0-9_-]{0,40}$/.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is not a known parameter' });
      } else if (typeof value !== 'string' || parseRange(value) === null) {
        ctx.addIssue({ code: 'custom', path: [key], message: rangeMessage });
      }
    }
  })
  .describe('spec.<key>=<min>..<max>: a numeric spec range in its canonical unit, e.g. spec.pressure=6..10');
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** A spec value with its definition; numbers are in the canonical unit of `unitKind`. */
export const specValueSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['number', 'text']),
  unitKind: z.string().nullable(),
  unit: z.string().nullable(),
  value: z.number().nullable(),
  valueText: z.string().nullable(),
});
export type SpecValue = z.infer<typeof specValueSchema>;

/**
 * A product of the catalogue: the spec's product fields plus part number, brand, category, two key specs, pack size
 * and the lowest unit price a quantity reaches ("from $9.90").
 */
export const catalogueProductSchema = productSchema.extend({
  ...productCardPricingSchema.shape,
  sku: z.string(),
  brand: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  createdAt: z.string(),
  keySpecs: z.array(specValueSchema),
  ...contractPriceShape,
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

const count = z.number().int();

export const facetsSchema = z.object({
  /** Every category with matches; counts include the category's descendants. */
  categories: z.array(categoryRefSchema.extend({ parentSlug: z.string().nullable(), count })),
  brands: z.array(z.object({ brand: z.string(), count })),
  inStock: z.object({ inStock: count, outOfStock: count }),
  /** Fixed price buckets in dollars: min inclusive, max exclusive (null: no upper bound). */
  price: z.array(z.object({ min: z.number(), max: z.number().nullable(), count })),
  /** Min and max of each numeric spec over the matches, canonical units. */
  specs: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      unitKind: z.string().nullable(),
      min: z.number(),
      max: z.number(),
      count,
    }),
  ),
});
export type Facets = z.infer<typeof facetsSchema>;

export const searchResultSchema = z.object({
  items: z.array(catalogueProductSchema),
  total: count,
  /** The page number, or null when the page was read with a cursor. */
  page: count.nullable(),
  pageSize: count,
  nextCursor: z.string().nullable(),
  /** Query words not in the catalogue and what they were read as ("did you mean"). */
  corrections: z.array(z.object({ term: z.string(), suggestions: z.array(z.string()) })),
  facets: facetsSchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const categoryTreeSchema = z.array(
  categoryRefSchema.extend({
    parentSlug: z.string().nullable(),
    depth: count,
    /** Products in this category and its descendants. */
    count,
  }),
);
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' }),
});

export const suggestResultSchema = z.object({
  products: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      sku: z.string(),
      img: z.string(),
      price: z.number(),
      ...contractPriceShape,
    }),
  ),
  categories: z.array(categoryRefSchema),
  skus: z.array(z.object({ _id: idSchema, sku: z.string(), name: z.string() })),
});
export type SuggestResult = z.infer<typeof suggestResultSchema>;

export const productDetailSchema = z.object({
  /** With its price breaks (sorted by minimum quantity). */
  product: catalogueProductSchema.extend({ priceBreaks: productPricingSchema.shape.priceBreaks }),
  /** From the top category down to the product's own. */
  breadcrumbs: z.array(categoryRefSchema),
  specs: z.array(specValueSchema),
  related: z.array(catalogueProductSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
