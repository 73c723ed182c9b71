ALTER TABLE "categories" ADD COLUMN "unspsc" text;--> statement-breakpoint
ALTER TABLE "procurement_documents" ADD COLUMN "pruned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "procurement_documents_unpruned_idx" ON "procurement_documents" USING btree ("created_at") WHERE "procurement_documents"."pruned_at" is null;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_unspsc_digits" CHECK ("categories"."unspsc" ~ '^[0-9]{8}$');--> statement-breakpoint
-- Orders placed from a buyer system's OrderRequest before 'punchout' existed were recorded as 'quote'.
UPDATE "checkouts" SET "source" = 'punchout' WHERE "id" IN (SELECT "checkout_id" FROM "punchout_orders");
