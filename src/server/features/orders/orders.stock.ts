import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { orders, products } from '../../db/schema';
import type { Db, Tx } from '../../plugins/db';

/** Takes stock atomically: succeeds only while enough is left, whatever runs concurrently. */
export async function reserveStock(tx: Tx, productId: string, quantity: number): Promise<boolean> {
  const reserved = await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.quantity, quantity)))
    .returning({ id: products.id });
  return reserved.length > 0;
}

export async function releaseStock(tx: Tx, productId: string, quantity: number) {
  await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${quantity}` })
    .where(eq(products.id, productId));
}

/** Unpaid orders older than the expiry time become Expired and give their stock back. Safe on several instances. */
export async function expireUnpaidOrders(db: Db, expiryMs: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ orderStatus: 'Expired', cancelledAt: now })
      .where(
        and(
          eq(orders.paymentStatus, false),
          eq(orders.orderStatus, 'Pending'),
          lt(orders.createdAt, new Date(now.getTime() - expiryMs)),
        ),
      )
      .returning({ productId: orders.productId, quantity: orders.quantity });
    const byProduct = new Map<string, number>();
    for (const e of expired) byProduct.set(e.productId, (byProduct.get(e.productId) ?? 0) + e.quantity);
    for (const [productId, quantity] of byProduct) await releaseStock(tx, productId, quantity);
    return expired.length;
  });
}
