import { z } from 'zod';
import { orderStatuses, refundStatuses } from '@shared/orders/orders.schema';

/** GET /api/admin/overview: what the shop owner sees first. */
export const overviewSchema = z.object({
  /** The last 30 days, oldest first, every day present (0 when nothing was paid). */
  revenueByDay: z.array(
    z.object({
      date: z.string(),
      /** @deprecated Dollars; read `revenueCents` (docs/decisions/050-one-money-type.md). */
      revenue: z.number(),
      /** What was charged that day (by the day paid): goods, shipping and tax, less what was refunded of them. */
      revenueCents: z.number().int(),
      orders: z.number().int(),
    }),
  ),
  /**
   * Purchases on account whose invoice is still open (docs/decisions/060): not in `revenueByDay` until paid. `cents`
   * is what the open invoices still owe.
   */
  onAccountOpen: z.object({ cents: z.number().int(), invoices: z.number().int() }),
  /** Orders by stage (orderStage in src/shared/orders/order-status.ts): paid and refunded ones apart. */
  ordersByStatus: z.array(
    z.object({ status: z.enum([...orderStatuses, 'Paid', 'Refunded']), count: z.number().int() }),
  ),
  /** The products with least stock below their minimum order (at most 10), least first. */
  lowStock: z.array(
    z.object({ _id: z.string(), name: z.string(), quantity: z.number().int(), minOrder: z.number().int() }),
  ),
  /** How many products are below their minimum order in all. */
  lowStockTotal: z.number().int(),
  newestOrders: z.array(
    z.object({
      _id: z.string(),
      /** The order's number (decision 049), shown as `#1001`. */
      orderNumber: z.number().int(),
      name: z.string(),
      productName: z.string(),
      /** @deprecated Dollars; read `totalCents`. */
      total: z.number(),
      /** What the order charges: goods, shipping and tax. */
      totalCents: z.number().int(),
      paymentStatus: z.boolean(),
      orderStatus: z.enum(orderStatuses),
      refundStatus: z.enum(refundStatuses).nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
