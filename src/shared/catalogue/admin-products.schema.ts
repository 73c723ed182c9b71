import { z } from 'zod';
import { boolParam, cursorParam, limitParam, searchParam } from '@shared/common/paging.schema';
import { productSchema } from './catalogue.schema';
import { productShippingSchema } from './product-shipping';

export const adminProductSorts = ['newest', 'name', 'price_asc', 'price_desc', 'stock'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

/** GET /api/admin/products: the live catalogue (or its deleted products) for Manage Products, a page at a time. */
export const adminProductQuerySchema = z.object({
  limit: limitParam(25).describe('page size (default 25)'),
  cursor: cursorParam,
  sort: z
    .enum(adminProductSorts, { error: `must be one of ${adminProductSorts.join(', ')}` })
    .default('newest'),
  lowStock: boolParam.optional().describe('true: only products whose stock is below their minimum order'),
  q: searchParam.describe('part of the product name, or the start of its SKU'),
  deleted: boolParam.optional().describe('true: only deleted products, to restore one'),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** A product as Manage Products lists it: the spec's fields plus its SKU, brand and category. */
export const adminProductSchema = productSchema
  .extend({
    sku: z.string(),
    brand: z.string().nullable(),
    category: z.object({ slug: z.string(), name: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    /** When it was deleted (archived); null while it is in the catalogue. */
    deletedAt: z.iso.datetime().nullable(),
    /** Staff are mailed when the stock falls to this; null: to the minimum order (decision 034). */
    lowStockThreshold: z.number().int().nullable(),
    /**
     * No shipping weight and no weight spec: its delivery cannot be priced, so only pickup is offered and a quote
     * is needed (decision 046). Optional for older readers.
     */
    unweighed: z.boolean().optional(),
  })
  // Shipping and backorders (decision 037): always sent by the server, optional for older readers.
  .extend(productShippingSchema.partial().shape);
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.array(adminProductSchema);
