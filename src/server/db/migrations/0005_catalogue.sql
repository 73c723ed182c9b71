-- pg_trgm corrects mistyped search words against search_terms (PGlite loads the same extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_spec_attributes" (
	"category_id" uuid NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_spec_attributes_category_id_attribute_id_pk" PRIMARY KEY("category_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"product_id" uuid NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" double precision,
	"value_text" text,
	CONSTRAINT "product_specs_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spec_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"unit_kind" text,
	"unit" text
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT ('TH-' || upper(substr(md5(random()::text), 1, 10))) NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_spec_attributes" ADD CONSTRAINT "category_spec_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_spec_attributes" ADD CONSTRAINT "category_spec_attributes_attribute_id_spec_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."spec_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_attribute_id_spec_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."spec_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "product_specs_range_idx" ON "product_specs" USING btree ("attribute_id","value","product_id") WHERE "product_specs"."value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_term_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "spec_attributes_key_idx" ON "spec_attributes" USING btree ("key");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand") WHERE "products"."archived_at" is null;--> statement-breakpoint
-- A product's search vector: name, SKU and brand weigh most, then category and spec values ("8 bar"), then the
-- description. The trigger gives every writer (admin API, seeds, direct inserts) the same vector and feeds its
-- words to search_terms; bulk loaders call catalogue_search_vector() set-wise instead.
CREATE FUNCTION catalogue_search_vector(name text, sku text, brand text, category text, specs text, description text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT
    setweight(to_tsvector('simple', name || ' ' || sku || ' ' || coalesce(brand, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(category, '') || ' ' || coalesce(specs, '')), 'B') ||
    setweight(to_tsvector('simple', description), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION product_search_vector(p products) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT catalogue_search_vector(p.name, p.sku, p.brand,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT string_agg(coalesce(s.value_text, s.value::text || ' ' || coalesce(a.unit, '')), ' ')
       FROM product_specs s JOIN spec_attributes a ON a.id = s.attribute_id WHERE s.product_id = p.id),
    p.description)
$$;--> statement-breakpoint
CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := product_search_vector(NEW);
  -- tsvector_to_array is sorted, so concurrent writers take the terms' index locks in one order (no deadlock).
  INSERT INTO search_terms (term) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, sku, brand, description, category_id, search_vector
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector();--> statement-breakpoint
-- Existing products get their vectors (the trigger fires on this update).
UPDATE products SET search_vector = NULL;
