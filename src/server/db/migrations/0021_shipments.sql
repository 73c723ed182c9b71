CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pk" PRIMARY KEY("shipment_id","order_id"),
	CONSTRAINT "shipment_lines_quantity" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"checkout_id" uuid,
	"recipient" text NOT NULL,
	"address" text NOT NULL,
	"ship_street" text,
	"ship_city" text,
	"ship_state" text,
	"ship_zip" text,
	"pickup_location_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_kind" CHECK ("shipments"."kind" in ('shipment', 'pickup')),
	CONSTRAINT "shipments_tracking" CHECK ("shipments"."kind" = 'pickup' or ("shipments"."carrier" is not null and "shipments"."tracking_number" is not null)),
	CONSTRAINT "shipments_tracking_url" CHECK ("shipments"."tracking_url" is null or "shipments"."tracking_url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_fkey" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_order_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_user_created_idx" ON "shipments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_fulfilment_created_id_idx" ON "orders" USING btree ((case when "refund_status" = 'refunded' then 'refunded' when "order_status" = 'Delivered' then 'delivered' when "order_status" in ('Cancelled', 'Expired') then 'cancelled' when not "payment_status" then 'awaiting_payment' when "shipped_quantity" = 0 then 'awaiting_shipment' when "shipped_quantity" < "quantity" then 'partly_shipped' when "shipping_kind" = 'pickup' then 'ready_for_pickup' else 'shipped' end),"created_at" desc,"id" desc);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped" CHECK ("orders"."shipped_quantity" between 0 and "orders"."quantity");