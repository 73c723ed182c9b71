-- Keyset paging of the admin lists: one index per sort order, on (sort key, id) in the order's direction.
DROP INDEX IF EXISTS "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "orders_status_created_id_idx" ON "orders" USING btree ("order_status", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "orders_total_id_idx" ON "orders" USING btree (("unit_price_cents" * "quantity") DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "orders_email_pattern_idx" ON "orders" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_created_id_idx" ON "user" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX "user_email_pattern_idx" ON "user" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("quantity", "id") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("created_at" DESC, "id") WHERE "archived_at" IS NULL AND "quantity" < "min_order";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops) WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_actor_pattern_idx" ON "audit_log" USING btree ("actor_email" text_pattern_ops);
