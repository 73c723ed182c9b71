import { z } from 'zod';
import { idSchema } from '../common/common.schema';

/** A product as the API returns it: the field names of SPEC §3. Price is in dollars with cents. */
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  img: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  minOrder: z.number().int(),
  desc: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/** How many products the home page features. */
export const HOME_PRODUCT_COUNT = 6;
