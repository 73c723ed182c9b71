import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The delivery columns every order line carried before migration 0040 moved them onto the checkout alone
 * (docs/decisions/067-delivery-once.md; `shipping_kind` stayed), as SQL column definitions.
 */
export const oldLineDelivery = [
  'ship_street text',
  'ship_city text',
  'ship_state text',
  'ship_zip text',
  'shipping_method_id uuid',
  'shipping_method_name text',
  'liftgate boolean not null default false',
  'residential boolean not null default false',
  'pickup_location_id uuid',
  'delivery_min_days integer',
  'delivery_max_days integer',
  'tax_rate_ppm integer',
  'tax_exemption_number text',
];
export const oldLineDeliveryNames = oldLineDelivery.map((c) => c.split(' ')[0]!);

/** Gives `orders` its old delivery columns back, for a test of a migration written for that shape. */
export const addOldLineDelivery = (app: FastifyInstance) =>
  app.database.db.execute(
    sql.raw(`ALTER TABLE "orders" ${oldLineDelivery.map((c) => `ADD COLUMN ${c}`).join(', ')}`),
  );

/** Takes them away again, as migration 0040 does. */
export const dropOldLineDelivery = (app: FastifyInstance) =>
  app.database.db.execute(
    sql.raw(`ALTER TABLE "orders" ${oldLineDeliveryNames.map((c) => `DROP COLUMN ${c}`).join(', ')}`),
  );
