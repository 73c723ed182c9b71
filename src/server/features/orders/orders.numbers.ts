import { asc, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

/**
 * The short numbers of these orders by id (decision 049), for the features that keep an order's id and show people
 * its number (the stock history): an id of no order is left out.
 */
export async function orderNumbersOf(db: Db | Tx, ids: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, wanted));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

/** The numbers of each checkout's lines by checkout id, ascending (a statement names an invoice's orders by them). */
export async function orderNumbersOfCheckouts(
  db: Db | Tx,
  checkoutIds: readonly string[],
): Promise<Map<string, number[]>> {
  const wanted = [...new Set(checkoutIds)];
  const out = new Map<string, number[]>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ checkoutId: orders.checkoutId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.checkoutId, wanted))
    .orderBy(asc(orders.orderNumber));
  for (const r of rows) out.set(r.checkoutId!, [...(out.get(r.checkoutId!) ?? []), r.orderNumber]);
  return out;
}
