import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { orders } from '../orders/orders.schema';

/**
 * Shipments (migration 0021, docs/decisions/038-fulfilment.md): what an admin handed to a carrier, or made ready for
 * pickup, for one customer and one address. The ship-to is copied when the shipment is made, so the packing slip
 * and the mails say where it went even if the order's address is corrected later.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuidPk(),
    kind: text('kind', { enum: ['shipment', 'pickup'] }).notNull(),
    /** The customer whose lines these are: the one who may see it. */
    userId: text('user_id').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The checkout the lines belong to (its PO number goes on the slip), or null for single orders. */
    checkoutId: uuid('checkout_id'),
    recipient: text('recipient').notNull(),
    /** The address as one line (the spec's free text, or the structured one), or the pickup location's. */
    address: text('address').notNull(),
    shipStreet: text('ship_street'),
    shipCity: text('ship_city'),
    shipState: text('ship_state'),
    shipZip: text('ship_zip'),
    pickupLocationName: text('pickup_location_name'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    check('shipments_kind', sql`${t.kind} in ('shipment', 'pickup')`),
    // A parcel or pallet leaves with a carrier and a number to follow it by; a pickup needs neither.
    check(
      'shipments_tracking',
      sql`${t.kind} = 'pickup' or (${t.carrier} is not null and ${t.trackingNumber} is not null)`,
    ),
    check('shipments_tracking_url', sql`${t.trackingUrl} is null or ${t.trackingUrl} like 'https://%'`),
    index('shipments_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** How many units of which order line a shipment holds; a line may ship in several shipments. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id').notNull(),
    orderId: uuid('order_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    inlineForeignKey(t.shipmentId, shipments.id).onDelete('cascade'),
    inlineForeignKey(t.orderId, orders.id).onDelete('restrict'),
    primaryKey({ name: 'shipment_lines_pk', columns: [t.shipmentId, t.orderId] }),
    check('shipment_lines_quantity', sql`${t.quantity} > 0`),
    index('shipment_lines_order_idx').on(t.orderId),
  ],
);
