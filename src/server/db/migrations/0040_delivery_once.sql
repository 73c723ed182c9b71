-- Hand-written (docs/decisions/067-delivery-once.md): a sale's delivery is stored once, on its checkout. Before the
-- lines' copies go: a line still without a checkout gets its one-line checkout with its delivery (migration 0031's
-- statement again: none can exist since 0031, but one would lose its delivery), and a checkout with none of the
-- delivery takes its lines' (the first line by product id that has some). orders.shipping_kind stays on the line.
INSERT INTO "checkouts" (id, user_id, name, email, number, address, created_at, company_id, source, ship_street, ship_city, ship_state, ship_zip, shipping_method_id, shipping_method_name, shipping_kind, liftgate, residential, pickup_location_id, delivery_min_days, delivery_max_days, tax_rate_ppm, tax_exemption_number)
SELECT o.id, o.user_id, o.name, o.email, o.number, o.address, o.created_at, o.company_id, 'order_now', o.ship_street, o.ship_city, o.ship_state, o.ship_zip, o.shipping_method_id, o.shipping_method_name, o.shipping_kind, o.liftgate, o.residential, o.pickup_location_id, o.delivery_min_days, o.delivery_max_days, o.tax_rate_ppm, o.tax_exemption_number
FROM "orders" o WHERE o.checkout_id IS NULL;--> statement-breakpoint
UPDATE "orders" SET checkout_id = id WHERE checkout_id IS NULL;--> statement-breakpoint
UPDATE "checkouts" c SET (ship_street, ship_city, ship_state, ship_zip, shipping_method_id, shipping_method_name, shipping_kind, liftgate, residential, pickup_location_id, delivery_min_days, delivery_max_days, tax_rate_ppm, tax_exemption_number) = (o.ship_street, o.ship_city, o.ship_state, o.ship_zip, o.shipping_method_id, o.shipping_method_name, o.shipping_kind, o.liftgate, o.residential, o.pickup_location_id, o.delivery_min_days, o.delivery_max_days, o.tax_rate_ppm, o.tax_exemption_number)
FROM (
  SELECT DISTINCT ON (checkout_id) * FROM "orders"
  WHERE num_nonnulls(ship_state, shipping_method_id, shipping_kind, tax_rate_ppm) > 0
  ORDER BY checkout_id, product_id
) o
WHERE o.checkout_id = c.id AND num_nonnulls(c.ship_state, c.shipping_method_id, c.shipping_kind, c.tax_rate_ppm) = 0;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ship_street";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ship_city";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ship_state";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ship_zip";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_method_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_method_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "liftgate";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "residential";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "pickup_location_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "delivery_min_days";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "delivery_max_days";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_rate_ppm";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_exemption_number";