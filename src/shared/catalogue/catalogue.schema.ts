import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { messages } from '@shared/messages';
import { priceBreaksProblem, priceBreaksSchema } from './pricing';
import { productShippingFields, productShippingSchema, shippingProblems } from './product-shipping';
import { hasAtMostTwoDecimals } from '@shared/common/money';

/**
 * A signed-in member's contract unit price (decision 039; null: none), absent for anonymous callers and for members
 * without one (the shared, cached answer).
 */
export const contractPriceShape = {
  /** @deprecated Dollars; read `contractPriceCents` (docs/decisions/050-one-money-type.md). */
  contractPrice: z.number().nullable().optional(),
  contractPriceCents: z.number().int().nullable().optional(),
};

/** A product as the API returns it, with its historical field names. Price is in dollars with cents. */
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

/** How a product is sold beyond the spec's fields: whole packs only, and cheaper per unit from a quantity on. */
export const productPricingSchema = z.object({
  /** An order's quantity is a multiple of this; 1 when sold singly. */
  packSize: z.number().int(),
  /** From `minQuantity` units on, each costs `price` dollars; sorted; empty when the product has one price. */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
});
export type ProductPricingFields = z.infer<typeof productPricingSchema>;

/** GET /api/product/{id} and the admin writes' answer: the spec's product plus its pack size and price breaks. */
export const pricedProductSchema = productSchema
  .extend(productPricingSchema.shape)
  // Shipping and backorders (decision 037): present on what the server returns, optional for older readers.
  .extend(productShippingSchema.partial().shape)
  // Contract prices (decision 039): a signed-in member's unit price (null: none); absent when anonymous.
  .extend(contractPriceShape);
export type PricedProduct = z.infer<typeof pricedProductSchema>;

/** A card's pricing (home page, catalogue): pack size and the lowest unit price any quantity reaches. */
export const productCardPricingSchema = z.object({
  packSize: z.number().int(),
  /** @deprecated Dollars; read `fromPriceCents` (docs/decisions/050-one-money-type.md). */
  fromPrice: z.number(),
  fromPriceCents: z.number().int(),
});

/** How many products the home page features. */
export const HOME_PRODUCT_COUNT = 6;

const requiredNumber = (message: string) => z.number({ error: message });

/**
 * POST /api/product: the required fields with their fixed messages, plus numeric checks:
 * price > 0 with at most 2 decimals; whole quantity ≥ 0 and minimum order ≥ 1; a new product's quantity ≥ its
 * minimum order; trimmed, non-empty, length-limited text; an image stored by this shop.
 */
export const productFields = {
  name: z
    .string({ error: messages.productNameRequired })
    .trim()
    .min(1, { error: messages.productNameRequired })
    .max(120, { error: 'must be at most 120 characters' }),
  img: z
    .string({ error: messages.productImageRequired })
    .min(1, { error: messages.productImageRequired })
    .regex(/^\/media\/[\w/-]+\.webp$/, { error: 'must be an image uploaded to this shop' }),
  price: requiredNumber(messages.priceRequired)
    .positive({ error: 'must be more than 0' })
    .max(1_000_000, { error: 'must be at most 1,000,000' })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' }),
  quantity: requiredNumber(messages.quantityRequired)
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000),
  minOrder: requiredNumber(messages.minOrderRequired)
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000),
  desc: z
    .string({ error: messages.descriptionRequired })
    .trim()
    .min(1, { error: messages.descriptionRequired })
    .max(4000, { error: 'must be at most 4000 characters' }),
};

/** Catalogue data an admin may give; a product created without a SKU gets a generated one. */
export const productCatalogueFields = {
  sku: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/, {
      error: 'must be 1 to 40 letters, digits, dots, dashes or slashes',
    })
    .optional(),
  brand: z.string().trim().min(1, { error: 'must not be empty' }).max(80).optional(),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, { error: 'must be a category slug' })
    .optional(),
  /** Spec values in canonical units by attribute key; null removes a value. */
  specs: z.record(z.string().min(1).max(80), z.union([z.number(), z.string().max(200), z.null()])).optional(),
};
export type ProductSpecsInput = NonNullable<z.infer<typeof productCatalogueFields.specs>>;
export type ProductCatalogueInput = z.infer<z.ZodObject<typeof productCatalogueFields>>;

/** Pack size and price breaks an admin may give with a product (breaks replace the product's breaks). */
export const productPricingFields = {
  packSize: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(10_000, { error: 'must be at most 10,000' })
    .optional(),
  priceBreaks: priceBreaksSchema.optional(),
};

/**
 * Staff are mailed when a sale or an edit takes the stock to this or below (decision 034); null (or never set) means
 * the product's minimum order.
 */
export const productStockFields = {
  lowStockThreshold: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000, { error: 'must be at most 1,000,000' })
    .nullable()
    .optional(),
};

export const productCreateSchema = z
  .object({
    ...productFields,
    ...productCatalogueFields,
    ...productPricingFields,
    ...productStockFields,
    ...productShippingFields,
  })
  .refine((p) => p.quantity >= p.minOrder, {
    path: ['quantity'],
    error: 'must be at least the minimum order',
  })
  .superRefine((p, ctx) => {
    const problem =
      p.priceBreaks && typeof p.price === 'number' && priceBreaksProblem(p.price, p.priceBreaks);
    if (problem) ctx.addIssue({ code: 'custom', path: ['priceBreaks'], message: problem });
    for (const s of shippingProblems(p))
      ctx.addIssue({ code: 'custom', path: [s.field], message: s.message });
  });
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** PUT /api/product/{id}: any of the fields (restocking, repricing, a new image…). */
export const productUpdateSchema = z
  .object({
    ...productFields,
    ...productCatalogueFields,
    ...productPricingFields,
    ...productStockFields,
    ...productShippingFields,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: 'Nothing to change' });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;
