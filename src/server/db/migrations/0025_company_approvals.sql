ALTER TABLE "checkouts" ADD COLUMN "approval_status" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_spent_cents" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_decided_by" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_comment" text;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "order_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "monthly_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_approval_decided_by_user_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_awaiting_approval_idx" ON "checkouts" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "checkouts"."approval_status" = 'awaiting';--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_approval_shape" CHECK (("checkouts"."approval_status" is null) = ("checkouts"."approval_reason" is null) and ("checkouts"."approval_status" is null) = ("checkouts"."approval_limit_cents" is null));--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_order_limit" CHECK ("company_members"."order_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_monthly_limit" CHECK ("company_members"."monthly_limit_cents" >= 0);