ALTER TABLE "machines" ADD COLUMN "invoice_key" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "invoice_file_name" text;