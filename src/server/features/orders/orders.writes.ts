import { eq, inArray, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Tx } from '../../infra/db';
import type { OrderRow } from './orders.model';

/**
 * The changes other features make to order lines, here because the orders feature owns the table
 * (docs/decisions/069-feature-owned-tables.md): checkout places and re-stocks lines, fulfilment ships them.
 */

export type NewOrderLine = typeof orders.$inferInsert;

/** Writes a sale's lines (checkout's placement pipeline, decision 051), in the order given. */
export const insertOrderLines = (tx: Tx, lines: NewOrderLine[]): Promise<OrderRow[]> =>
  tx.insert(orders).values(lines).returning();

/** Counts `quantity` more units of the line as shipped (the shipment that took them is written beside it). */
export async function addShipped(tx: Tx, orderId: string, quantity: number) {
  await tx
    .update(orders)
    .set({ shippedQuantity: sql`${orders.shippedQuantity} + ${quantity}` })
    .where(eq(orders.id, orderId));
}

/** Puts these lines wholly on backorder, their stock given back (an approval outlasting its stock hold). */
export const backorderWhole = (tx: Tx, ids: string[]): Promise<OrderRow[]> =>
  tx
    .update(orders)
    .set({ backorderedQuantity: sql`${orders.quantity}`, expectedShipOn: null })
    .where(inArray(orders.id, ids))
    .returning();

/** Marks a line as holding all its units again (the approval took its stock back). */
export const clearBackorder = async (tx: Tx, id: string): Promise<OrderRow | undefined> =>
  (
    await tx
      .update(orders)
      .set({ backorderedQuantity: 0, expectedShipOn: null })
      .where(eq(orders.id, id))
      .returning()
  )[0];

/** The approval window's test clock: moves a checkout's lines `ms` into the past, as if placed that long ago. */
export async function ageCheckoutLines(tx: Tx, checkoutId: string, ms: number) {
  const back = (col: string) => sql.raw(`${col} - interval '${Math.round(ms)} milliseconds'`);
  await tx
    .update(orders)
    .set({ createdAt: back('created_at'), holdUntil: back('hold_until') })
    .where(eq(orders.checkoutId, checkoutId));
}
