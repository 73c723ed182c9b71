import { z } from 'zod';
import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { catalogueCalls } from './catalogue.calls';
import { pricedProductSchema } from './catalogue.schema';
import {
  attributeCreateSchema,
  attributeOrderSchema,
  attributeParamsSchema,
  attributeRemovedSchema,
  attributeUpdateSchema,
  attributeUsageSchema,
  categoryAttributesSchema,
} from './categories-admin.schema';
import {
  categoryTreeSchema,
  productDetailSchema,
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from './search.schema';

const catalogueSchemas = {
  search: { query: searchQuerySchema, response: searchResultSchema },
  categories: { response: categoryTreeSchema },
  suggest: { query: suggestQuerySchema, response: suggestResultSchema },
  productDetail: { params: idParamsSchema, response: productDetailSchema },
  product: { params: idParamsSchema, response: pricedProductSchema },
  restoreProduct: {
    params: idParamsSchema,
    response: z.object({ acknowledged: z.literal(true), product: pricedProductSchema }),
  },
  createAttribute: {
    params: idParamsSchema,
    body: attributeCreateSchema,
    response: categoryAttributesSchema,
  },
  updateAttribute: {
    params: attributeParamsSchema,
    body: attributeUpdateSchema,
    response: categoryAttributesSchema,
  },
  orderAttributes: { params: idParamsSchema, body: attributeOrderSchema, response: categoryAttributesSchema },
  attributeUsage: { params: attributeParamsSchema, response: attributeUsageSchema },
  removeAttribute: { params: attributeParamsSchema, response: attributeRemovedSchema },
} satisfies Record<string, CallSchemas>;
export type CatalogueSchemas = typeof catalogueSchemas;

/** The catalogue's calls with their schemas: the server's routes take their URL and schemas from here. */
export const catalogueContract = defineContract(catalogueCalls, catalogueSchemas);
