-- Bulk writers (the CSV import) write products.spec_values themselves: in the insert of new products, and with the
-- search vectors of changed ones. A transaction-local setting skips the spec triggers' second write of every row, as
-- shop.bulk_search_vectors does for the search trigger (not ALTER TABLE … DISABLE TRIGGER, whose table lock would
-- hold every spec edit for the whole import and could deadlock with one).
CREATE OR REPLACE FUNCTION product_specs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.bulk_spec_values', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE products p SET spec_values = product_spec_values(p.id)
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed);
  RETURN NULL;
END
$$;
