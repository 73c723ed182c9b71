DROP INDEX "orders_transaction_idx";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "source" text DEFAULT 'cart' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id") WHERE "orders"."checkout_id" is null or "orders"."checkout_id" = "orders"."id";--> statement-breakpoint
-- Hand-written backfill (docs/decisions/051-one-placement-pipeline.md): one data model, every order line has a
-- checkout. An order placed by Order Now before this migration gets a one-line checkout with its own id, its buyer and
-- delivery, source 'order_now'; its payment stays on the line, as for every Order Now sale from now on.
INSERT INTO "checkouts" (id, user_id, name, email, number, address, created_at, company_id, source, ship_street, ship_city, ship_state, ship_zip, shipping_method_id, shipping_method_name, shipping_kind, liftgate, residential, pickup_location_id, delivery_min_days, delivery_max_days, tax_rate_ppm, tax_exemption_number)
SELECT o.id, o.user_id, o.name, o.email, o.number, o.address, o.created_at, o.company_id, 'order_now', o.ship_street, o.ship_city, o.ship_state, o.ship_zip, o.shipping_method_id, o.shipping_method_name, o.shipping_kind, o.liftgate, o.residential, o.pickup_location_id, o.delivery_min_days, o.delivery_max_days, o.tax_rate_ppm, o.tax_exemption_number
FROM "orders" o WHERE o.checkout_id IS NULL;--> statement-breakpoint
UPDATE "orders" SET checkout_id = id WHERE checkout_id IS NULL;--> statement-breakpoint
UPDATE "checkouts" SET source = 'quote' WHERE id IN (SELECT checkout_id FROM "quotes" WHERE checkout_id IS NOT NULL);
