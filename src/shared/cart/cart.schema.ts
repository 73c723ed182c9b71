import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { emailParamsSchema } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';

/** The most lines (products) one cart holds: a bigger order is a quote, not a cart. */
export const MAX_CART_LINES = 100;
/** The most lines one quick order may paste or upload. */
export const MAX_QUICK_ORDER_LINES = 200;
/** The largest quick-order CSV upload (and pasted text), in bytes. */
export const MAX_QUICK_ORDER_BYTES = 102_400; // 100 KiB

/** The cart's own messages (the quantity rules' messages are the spec's, from quantityProblem). */
export const cartMessages = {
  discontinued: 'This product is no longer sold.',
  cartFull: `Your cart holds at most ${MAX_CART_LINES} products.`,
  unknownSku: 'No product has this SKU.',
  skuMissing: 'A SKU is required.',
  quantityNotWhole: 'The quantity must be a whole number of at least 1.',
  tooManyLines: `must be at most ${MAX_QUICK_ORDER_LINES} lines`,
} as const;

/** One product in the cart, priced now: the unit price reached at this quantity and the saving against the base. */
export const cartLineSchema = z.object({
  productId: idSchema,
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** The product's stock now. */
  stock: z.number().int(),
  minOrder: z.number().int(),
  packSize: z.number().int(),
  /** @deprecated Dollars; read `basePriceCents` (docs/decisions/050-one-money-type.md). */
  basePrice: z.number(),
  /** @deprecated Dollars; read `unitPriceCents`. */
  unitPrice: z.number(),
  /** @deprecated Dollars; read `lineTotalCents`. */
  lineTotal: z.number(),
  /** @deprecated Dollars; read `savingCents`. */
  saving: z.number(),
  /** The product's own unit price (below its first price break). */
  basePriceCents: z.number().int(),
  /** The unit price this quantity reaches (breaks, and a contract price below them). */
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** What this line saves against the base price (quantity breaks plus contract price). */
  savingCents: z.number().int(),
  /** The saving by where it comes from, in cents: the quantity breaks, and a contract price below them. */
  quantitySavingCents: z.number().int(),
  contractSavingCents: z.number().int(),
  /** Why this line cannot be ordered as it is (a quantity rule, or the product is no longer sold), or null. */
  problem: z.string().nullable(),
  /** More than the stock may be ordered: the rest goes on backorder (decision 037). */
  backorderable: z.boolean().optional(),
  /** Units above the stock of a backorderable product: ordered now, they ship later (decision 037). */
  backordered: z.number().int().optional(),
  /** When backordered units would ship if ordered today (ISO date), or null when nothing is on backorder. */
  expectedShipOn: z.iso.date().nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** How many lines (products). */
  count: z.number().int(),
  totalQuantity: z.number().int(),
  /** @deprecated Dollars; read `totalCents` (docs/decisions/050-one-money-type.md). */
  total: z.number(),
  /** @deprecated Dollars; read `savingCents`. */
  saving: z.number(),
  /** The goods of the cart at today's prices (no shipping or tax: those need a destination). */
  totalCents: z.number().int(),
  savingCents: z.number().int(),
  /** The cart's saving by where it comes from, in cents (its lines' sums): "Quantity savings", "Contract price savings". */
  quantitySavingCents: z.number().int(),
  contractSavingCents: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

const quantityField = z
  .number({ error: messages.quantityRequired })
  .int({ error: 'must be a whole number' })
  .positive({ error: messages.quantityRequired })
  .max(1_000_000, { error: 'must be at most 1,000,000' });

/** POST /api/cart/{email}/lines: adds to the product's line (creating it). */
export const cartLineAddSchema = z.object({ productId: idSchema, quantity: quantityField });
export type CartLineAdd = z.infer<typeof cartLineAddSchema>;

/** PUT /api/cart/{email}/lines/{productId}: sets the line's quantity. */
export const cartLineSetSchema = z.object({ quantity: quantityField });

export const cartParamsSchema = emailParamsSchema;
export const cartLineParamsSchema = emailParamsSchema.extend({ productId: idSchema });

/** POST /api/cart/{email}/quick-order as JSON: `SKU, quantity` lines (comma, tab or semicolon between). */
export const quickOrderSchema = z.object({
  text: z
    .string({ error: 'is required' })
    .max(MAX_QUICK_ORDER_BYTES, { error: `must be at most ${MAX_QUICK_ORDER_BYTES / 1024} kB` }),
  dryRun: z.boolean({ error: 'must be true or false' }).optional(),
});
export type QuickOrderInput = z.infer<typeof quickOrderSchema>;

/** With a multipart upload (field `file`), `?dryRun=true` checks the lines without adding them. */
export const quickOrderQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/** One line of a quick order as checked: what it names and why it cannot go into the cart (null: it can). */
export const quickOrderLineSchema = z.object({
  /** The line's number in the text or file (blank lines count). */
  line: z.number().int(),
  sku: z.string(),
  /** The quantity asked for; null when the line has none or it is not a number. */
  quantity: z.number().nullable(),
  productId: idSchema.optional(),
  name: z.string().optional(),
  problem: z.string().nullable(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

export const quickOrderResultSchema = z.object({
  lines: z.array(quickOrderLineSchema),
  /** How many lines went into the cart (0 on a dry run). */
  added: z.number().int(),
  cart: cartSchema,
});
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;

export const reorderChangeKinds = ['price', 'stock', 'discontinued', 'quantity'] as const;

/** What differs from the past order when its lines go into the cart today. */
export const reorderChangeSchema = z.object({
  productId: idSchema,
  name: z.string(),
  kind: z.enum(reorderChangeKinds),
  message: z.string(),
});
export type ReorderChange = z.infer<typeof reorderChangeSchema>;

export const reorderResultSchema = z.object({
  cart: cartSchema,
  changes: z.array(reorderChangeSchema),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
