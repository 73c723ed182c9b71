CREATE TABLE "order_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_counter_one_row" CHECK ("order_counter"."id"),
	CONSTRAINT "order_counter_last" CHECK ("order_counter"."last" > 0)
);
--> statement-breakpoint
-- The next order number, in the caller's transaction: the first order takes 1001, every later one the last plus one.
-- The counter row stays locked until that transaction ends, so concurrent orders queue on it and a rolled-back
-- order gives its number back (docs/decisions/049-order-numbers.md).
CREATE FUNCTION next_order_number() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	n integer;
BEGIN
	INSERT INTO order_counter (id, last) VALUES (true, 1001)
	ON CONFLICT (id) DO UPDATE SET last = order_counter.last + 1
	RETURNING last INTO n;
	RETURN n;
END
$$;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
-- Orders placed before numbering take 1001, 1002, … in the order they were placed; the counter continues from there.
UPDATE "orders" SET "order_number" = numbered.n
FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "order_counter" ("id", "last") SELECT true, max("order_number") FROM "orders" HAVING count(*) > 0;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT next_order_number();--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");
