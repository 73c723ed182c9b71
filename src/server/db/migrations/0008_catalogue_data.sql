CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"delta" integer NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_balanced" CHECK ("quantity_after" = "quantity_before" + "delta")
);
--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id", "id" DESC);
--> statement-breakpoint
-- Every product gets its opening balance, whoever inserts it (admin API, import, seeds, scripts): one statement-level
-- trigger over the inserted rows. The import names itself as the reason through a transaction-local setting.
CREATE FUNCTION stock_opening_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movements (product_id, delta, quantity_before, quantity_after, reason, actor_email)
  SELECT n.id, n.quantity, 0, n.quantity,
    coalesce(nullif(current_setting('shop.stock_reason', true), ''), 'created'),
    nullif(current_setting('shop.stock_actor', true), '')
  FROM new_products n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_opening_stock AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION stock_opening_movements();
--> statement-breakpoint
-- Products that existed before the ledger open it with their current stock.
INSERT INTO stock_movements (product_id, delta, quantity_before, quantity_after, reason)
  SELECT id, quantity, 0, quantity, 'created' FROM products;
--> statement-breakpoint
CREATE TABLE "product_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"media_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_documents_product_idx" ON "product_documents" USING btree ("product_id", "created_at");
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"file_name" text NOT NULL,
	"mode" text NOT NULL,
	"create_categories" boolean NOT NULL,
	"status" text NOT NULL,
	"total_bytes" integer NOT NULL,
	"processed_bytes" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at" DESC);
--> statement-breakpoint
-- Bulk writers (the CSV import) compute vectors set-wise after each batch; a transaction-local setting skips the
-- per-row work without ALTER TABLE, whose exclusive lock would stop every catalogue read for the whole import.
CREATE OR REPLACE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.bulk_search_vectors', true) = 'on' THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := product_search_vector(NEW);
  -- tsvector_to_array is sorted, so concurrent writers take the terms' index locks in one order (no deadlock).
  INSERT INTO search_terms (term) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
