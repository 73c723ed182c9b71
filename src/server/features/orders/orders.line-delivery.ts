import { eq, inArray } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

/**
 * How a sale ships and is taxed is stored once, on its checkout (every line has one: an Order Now sale's is a
 * one-line checkout with its line's id; docs/decisions/067-delivery-once.md). Every reader of a line's delivery gets
 * it here: joined by the checkout's primary key in the line's own query (`selectLines`), read for rows a write
 * returned (`linesWithDelivery`), or taken from the checkout row the caller holds (`deliveryOf`).
 */
export interface LineDelivery {
  shipStreet: string | null;
  shipCity: string | null;
  shipState: string | null;
  shipZip: string | null;
  shippingMethodId: string | null;
  shippingMethodName: string | null;
  shippingKind: string | null;
  liftgate: boolean;
  residential: boolean;
  pickupLocationId: string | null;
  deliveryMinDays: number | null;
  deliveryMaxDays: number | null;
  taxRatePpm: number | null;
  taxExemptionNumber: string | null;
}

type OrderRow = typeof orders.$inferSelect;

/** An order line with its sale's delivery: what the order views, invoices, shipments and events read. */
export type OrderLine = OrderRow & { delivery: LineDelivery };

/**
 * The checkout's delivery columns, for a select that joins the line's checkout. The checkout's id comes first:
 * Drizzle reads a left-joined nested object as null when its first column is (a sale without a street would lose its
 * whole delivery), and the id is null only when there is no checkout.
 */
export const lineDeliveryColumns = {
  checkoutId: checkouts.id,
  shipStreet: checkouts.shipStreet,
  shipCity: checkouts.shipCity,
  shipState: checkouts.shipState,
  shipZip: checkouts.shipZip,
  shippingMethodId: checkouts.shippingMethodId,
  shippingMethodName: checkouts.shippingMethodName,
  shippingKind: checkouts.shippingKind,
  liftgate: checkouts.liftgate,
  residential: checkouts.residential,
  pickupLocationId: checkouts.pickupLocationId,
  deliveryMinDays: checkouts.deliveryMinDays,
  deliveryMaxDays: checkouts.deliveryMaxDays,
  taxRatePpm: checkouts.taxRatePpm,
  taxExemptionNumber: checkouts.taxExemptionNumber,
};

/** A line without a checkout (only a row written straight into the table, as some tests do) ships nowhere known. */
const NO_DELIVERY: LineDelivery = {
  shipStreet: null,
  shipCity: null,
  shipState: null,
  shipZip: null,
  shippingMethodId: null,
  shippingMethodName: null,
  shippingKind: null,
  liftgate: false,
  residential: false,
  pickupLocationId: null,
  deliveryMinDays: null,
  deliveryMaxDays: null,
  taxRatePpm: null,
  taxExemptionNumber: null,
};

/** The delivery of a checkout row (or anything carrying its columns), without the row's other fields. */
export const deliveryOf = (co: LineDelivery | null | undefined): LineDelivery =>
  co
    ? {
        shipStreet: co.shipStreet,
        shipCity: co.shipCity,
        shipState: co.shipState,
        shipZip: co.shipZip,
        shippingMethodId: co.shippingMethodId,
        shippingMethodName: co.shippingMethodName,
        shippingKind: co.shippingKind,
        liftgate: co.liftgate,
        residential: co.residential,
        pickupLocationId: co.pickupLocationId,
        deliveryMinDays: co.deliveryMinDays,
        deliveryMaxDays: co.deliveryMaxDays,
        taxRatePpm: co.taxRatePpm,
        taxExemptionNumber: co.taxExemptionNumber,
      }
    : NO_DELIVERY;

/**
 * Order lines with their delivery, one statement: the caller adds its where, order and lock (`for('update', { of:
 * orders })`, since the checkout is on the outer join's nullable side). Map the rows with `asLine`.
 */
export const selectLines = (db: Db | Tx) =>
  db
    .select({ line: orders, delivery: lineDeliveryColumns })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId));

export const asLine = (r: { line: OrderRow; delivery: LineDelivery | null }): OrderLine => ({
  ...r.line,
  delivery: deliveryOf(r.delivery),
});

/** Rows a write returned, with their checkouts' delivery read by primary key (one statement, none for no rows). */
export async function linesWithDelivery(db: Db | Tx, rows: OrderRow[]): Promise<OrderLine[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.checkoutId ? [r.checkoutId] : [])))];
  if (ids.length === 0) return rows.map((r) => ({ ...r, delivery: NO_DELIVERY }));
  const found = await db.select(lineDeliveryColumns).from(checkouts).where(inArray(checkouts.id, ids));
  const byId = new Map(found.map((c) => [c.checkoutId, deliveryOf(c)]));
  return rows.map((r) => ({ ...r, delivery: (r.checkoutId && byId.get(r.checkoutId)) || NO_DELIVERY }));
}

/** Rows a write returned for lines the caller already read with their delivery (a sale's delivery never changes). */
export const keepDelivery = (rows: OrderRow[], from: readonly OrderLine[]): OrderLine[] =>
  rows.map((r) => ({ ...r, delivery: from.find((l) => l.id === r.id)?.delivery ?? NO_DELIVERY }));
