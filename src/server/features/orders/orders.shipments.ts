import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Order, OrderShipment } from '@shared/orders/orders.schema';
import { orders, shipmentLines, shipments } from '../../db/schema';
import type { Db } from '../../infra/db';

/**
 * The shipments holding units of these orders, per order, oldest first: one indexed query (shipment_lines_order_idx)
 * for a whole page. Shipments are made by the fulfilment feature; how an order reads them is the orders' own view.
 */
export async function shipmentsOf(db: Db, orderIds: string[]): Promise<Map<string, OrderShipment[]>> {
  const byOrder = new Map<string, OrderShipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: shipmentLines.orderId,
      quantity: shipmentLines.quantity,
      id: shipments.id,
      kind: shipments.kind,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
      createdAt: shipments.createdAt,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(inArray(shipmentLines.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      _id: r.id,
      kind: r.kind,
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
      trackingUrl: r.trackingUrl,
      quantity: r.quantity,
      createdAt: r.createdAt.toISOString(),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

/** The orders with their shipments (an order with none gets an empty list). */
export async function withShipments(db: Db, list: Order[]): Promise<Order[]> {
  const byOrder = await shipmentsOf(
    db,
    list.filter((o) => (o.shippedQuantity ?? 0) > 0).map((o) => o._id),
  );
  return list.map((o) => ({ ...o, shipments: byOrder.get(o._id) ?? [] }));
}

/** Each checkout's total in cents (goods, shipping and tax of every line), for the admin list's group headers. */
export async function checkoutTotals(db: Db, checkoutIds: string[]): Promise<Map<string, number>> {
  if (checkoutIds.length === 0) return new Map();
  const rows = await db
    .select({
      checkoutId: sql<string>`${orders.checkoutId}::text`,
      cents: sql<number>`sum(${orders.unitPriceCents} * ${orders.quantity} + ${orders.shippingCents} + ${orders.taxCents})::int`,
    })
    .from(orders)
    .where(inArray(orders.checkoutId, checkoutIds))
    .groupBy(orders.checkoutId);
  return new Map(rows.map((r) => [r.checkoutId, r.cents]));
}
