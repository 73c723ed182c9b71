ALTER TABLE "orders" DROP CONSTRAINT "orders_price_positive";--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "invoice_key" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "invoice_file_name" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "replacement_checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_checkout_id_fkey" FOREIGN KEY ("replacement_checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_not_negative" CHECK ("orders"."unit_price_cents" >= 0);