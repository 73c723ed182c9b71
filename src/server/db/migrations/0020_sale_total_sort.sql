-- Manage All Orders sorts by the sale's total (goods, shipping and tax), as its Total column shows, not by goods alone.
DROP INDEX "orders_total_id_idx";--> statement-breakpoint
CREATE INDEX "orders_sale_total_id_idx" ON "orders" USING btree (("unit_price_cents" * "quantity" + "shipping_cents" + "tax_cents") desc,"id" desc);