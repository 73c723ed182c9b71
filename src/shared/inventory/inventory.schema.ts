import { z } from 'zod';

/** Why a product's stock changed. */
export const stockReasons = [
  'created',
  'import',
  'restock',
  'order_reserved',
  'order_cancelled',
  'order_expired',
  'order_paid_late',
  // A return (issue 43): resaleable units back on the shelf; damaged ones received and written off at once.
  'return_restocked',
  'return_received',
  'return_scrapped',
] as const;
export type StockReason = (typeof stockReasons)[number];

export const stockMovementSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  // Read as text: a reason added later must not make older clients' pages fail.
  reason: z.string(),
  orderId: z.string().nullable(),
  /** The order's number (decision 049), shown as `#1001`; null when no order moved the stock. */
  orderNumber: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The `nextBefore` of the previous page: movements older than it. */
  before: z.coerce.number().int().positive().optional(),
});

export const stockHistorySchema = z.object({
  quantity: z.number().int(),
  movements: z.array(stockMovementSchema),
  nextBefore: z.number().int().nullable(),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;

/** The caller's "mail me when it is back" request for a product: waiting until the product can be ordered again. */
export const backInStockSchema = z.object({ waiting: z.boolean() });
export type BackInStock = z.infer<typeof backInStockSchema>;
