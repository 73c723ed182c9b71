-- A product's numeric spec values in one array indexed by attribute id (spec_values[attribute_id], canonical unit),
-- kept in step with product_specs by statement triggers. Facets aggregate it per matching product instead of
-- joining product_specs (a hash over every spec row of the catalogue, or one probe per matching product).
ALTER TABLE "products" ADD COLUMN "spec_values" double precision[];--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE FUNCTION product_spec_values(pid uuid) RETURNS double precision[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(s.value ORDER BY g.i)
  FROM generate_series(1, (SELECT max(attribute_id) FROM product_specs WHERE product_id = pid AND value IS NOT NULL)) g(i)
  LEFT JOIN product_specs s ON s.product_id = pid AND s.attribute_id = g.i
$$;--> statement-breakpoint
CREATE FUNCTION product_specs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET spec_values = product_spec_values(p.id)
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One update per statement and product (a transition table may serve one event only, hence three triggers).
CREATE TRIGGER product_specs_inserted AFTER INSERT ON product_specs REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_specs_changed();--> statement-breakpoint
CREATE TRIGGER product_specs_updated AFTER UPDATE ON product_specs REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_specs_changed();--> statement-breakpoint
CREATE TRIGGER product_specs_deleted AFTER DELETE ON product_specs REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_specs_changed();--> statement-breakpoint
UPDATE products p SET spec_values = product_spec_values(p.id) WHERE p.id IN (SELECT product_id FROM product_specs);
