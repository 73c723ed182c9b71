CREATE TABLE "sale_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"checkout_id" uuid,
	"intent_id" text NOT NULL,
	"provider_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"restock" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sale_refunds_subject" CHECK (num_nonnulls("sale_refunds"."order_id", "sale_refunds"."checkout_id") = 1),
	CONSTRAINT "sale_refunds_amount_positive" CHECK ("sale_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_subject";--> statement-breakpoint
DROP INDEX "invoices_order_credit_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refunds_provider_key_idx" ON "sale_refunds" USING btree ("provider_key");--> statement-breakpoint
CREATE INDEX "sale_refunds_order_idx" ON "sale_refunds" USING btree ("order_id") WHERE "sale_refunds"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_refunds_checkout_idx" ON "sale_refunds" USING btree ("checkout_id") WHERE "sale_refunds"."checkout_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_refunds_pending_idx" ON "sale_refunds" USING btree ("created_at") WHERE "sale_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invoices_order_credit_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_quantity" CHECK ("orders"."refunded_quantity" between 0 and "orders"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_cents" CHECK ("orders"."refunded_cents" between 0 and "orders"."unit_price_cents" * "orders"."quantity" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subject" CHECK (("invoices"."kind" = 'invoice' and "invoices"."refers_to" is null and num_nonnulls("invoices"."order_id", "invoices"."checkout_id") = 1)
        or ("invoices"."kind" = 'credit_note' and "invoices"."refers_to" is not null and num_nonnulls("invoices"."order_id", "invoices"."checkout_id") >= 1));