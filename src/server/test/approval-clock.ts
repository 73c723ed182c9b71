import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { checkouts, orders } from '../db/schema';

/**
 * The approval tests' clock: moves a checkout `ms` into the past — its creation, its approval's deadline and
 * decision, its lines' creation and hold — as if it had been placed that long ago. The server reads the real clock,
 * so aging the rows is how a test makes days pass.
 */
export async function ageCheckout(app: FastifyInstance, id: string, ms: number) {
  const back = (col: string) => sql.raw(`${col} - interval '${Math.round(ms)} milliseconds'`);
  await app.database.db
    .update(checkouts)
    .set({
      createdAt: back('created_at'),
      approvalExpiresAt: back('approval_expires_at'),
      approvalDecidedAt: back('approval_decided_at'),
    })
    .where(eq(checkouts.id, id));
  await app.database.db
    .update(orders)
    .set({ createdAt: back('created_at'), holdUntil: back('hold_until') })
    .where(eq(orders.checkoutId, id));
}

export const DAY_MS = 86_400_000;

/** The orders' sweep (the 30-minute payment hold), which the approval tests run at chosen moments. */
export { sweepExpiredOrders } from '../features/orders/orders.service';
