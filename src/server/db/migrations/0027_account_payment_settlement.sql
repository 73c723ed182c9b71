ALTER TABLE "account_payments" DROP CONSTRAINT "account_payments_status";--> statement-breakpoint
ALTER TABLE "account_payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "account_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "account_payments_pending_idx" ON "account_payments" USING btree ("created_at") WHERE "account_payments"."status" = 'pending' and "account_payments"."intent_id" is not null;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_status" CHECK ("account_payments"."status" in ('pending', 'succeeded', 'refunding', 'refunded', 'cancelled'));--> statement-breakpoint
-- Payments marked refunded before this migration were given back by one call after commit, with no retry: those the
-- provider never confirmed become refunding, and the settlement sweep refunds them (idempotent by key).
UPDATE "account_payments" SET "status" = 'refunding' WHERE "status" = 'refunded' AND "refund_id" IS NULL;
