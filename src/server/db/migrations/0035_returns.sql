CREATE TABLE "return_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "return_counter_one_row" CHECK ("return_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"restocked_quantity" integer,
	"scrapped_quantity" integer,
	CONSTRAINT "return_lines_quantity" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_received" CHECK (coalesce("return_lines"."restocked_quantity", 0) >= 0 and coalesce("return_lines"."scrapped_quantity", 0) >= 0 and coalesce("return_lines"."restocked_quantity", 0) + coalesce("return_lines"."scrapped_quantity", 0) <= "return_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "return_policies" (
	"reason" text PRIMARY KEY NOT NULL,
	"window_days" integer NOT NULL,
	"fee_percent" integer NOT NULL,
	CONSTRAINT "return_policies_window" CHECK ("return_policies"."window_days" between 0 and 3650),
	CONSTRAINT "return_policies_fee" CHECK ("return_policies"."fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"rma_number" integer,
	"instructions" text,
	"reject_reason" text,
	"fee_percent" integer,
	"sale_refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "returns_rma_number_key" UNIQUE("rma_number"),
	CONSTRAINT "returns_fee_percent" CHECK ("returns"."fee_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_fkey" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_idx" ON "return_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_created_idx" ON "returns" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at" DESC NULLS LAST);