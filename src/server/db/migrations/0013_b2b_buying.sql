-- B2B buying: pack sizes and quantity price breaks on products, a server-side cart per customer, checkouts that group
-- several order lines under one payment, and back-in-stock requests.
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_positive" CHECK ("products"."pack_size" >= 1);--> statement-breakpoint
CREATE TABLE "product_price_breaks" (
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "product_price_breaks_pk" PRIMARY KEY ("product_id", "min_quantity"),
	CONSTRAINT "product_price_breaks_min_quantity" CHECK ("min_quantity" >= 2),
	CONSTRAINT "product_price_breaks_price_positive" CHECK ("unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_pk" PRIMARY KEY ("user_id", "product_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE restrict,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"number" text NOT NULL,
	"address" text NOT NULL,
	"company" text,
	"po_number" text,
	"payment_intent_id" text,
	"transaction_id" text,
	"phone" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkouts_user_created_idx" ON "checkouts" USING btree ("user_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "checkouts_created_id_idx" ON "checkouts" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_transaction_idx" ON "checkouts" USING btree ("transaction_id");--> statement-breakpoint
-- A checkout's lines are ordinary orders that share its one payment (and so its intent and transaction id).
ALTER TABLE "orders" ADD COLUMN "checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE restrict;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id") WHERE "checkout_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_transaction_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id") WHERE "checkout_id" IS NULL;--> statement-breakpoint
-- The built-in test processor's intents are for one order or for one checkout.
ALTER TABLE "test_payment_intents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_intents_one_payable" CHECK (num_nonnulls("order_id", "checkout_id") = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "test_intents_checkout_amount_idx" ON "test_payment_intents" USING btree ("checkout_id","amount_cents");--> statement-breakpoint
CREATE TABLE "back_in_stock_requests" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_pk" PRIMARY KEY ("user_id", "product_id")
);
--> statement-breakpoint
CREATE INDEX "back_in_stock_waiting_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "notified_at" IS NULL;
