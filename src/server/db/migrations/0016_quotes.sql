-- Requests for quote (docs/decisions/026-quotes.md): a customer's lines and note, an admin's prices or decline, and
-- the checkout an accepted quote became. "expired" is never stored: a quoted quote past valid_until reads so.
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE restrict,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"wanted_by" date,
	"valid_until" date,
	"decline_reason" text,
	"checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE restrict,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"answered_by" text,
	CONSTRAINT "quotes_status_known" CHECK ("status" in ('requested', 'quoted', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "quotes_user_created_id_idx" ON "quotes" USING btree ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "quotes_created_id_idx" ON "quotes" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status", "created_at" DESC);--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE restrict,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	"position" integer NOT NULL,
	CONSTRAINT "quote_lines_pk" PRIMARY KEY ("quote_id", "product_id"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "quote_lines_price_positive" CHECK ("unit_price_cents" IS NULL OR "unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "quote_lines_product_idx" ON "quote_lines" USING btree ("product_id");
