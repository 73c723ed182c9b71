CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_rates" (
	"method_id" uuid NOT NULL,
	"freight_class" text NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"cents_per_cwt" integer NOT NULL,
	CONSTRAINT "freight_rates_pk" PRIMARY KEY("method_id","freight_class","max_weight_grams"),
	CONSTRAINT "freight_rates_weight" CHECK ("freight_rates"."max_weight_grams" > 0),
	CONSTRAINT "freight_rates_cents" CHECK ("freight_rates"."cents_per_cwt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parcel_rates" (
	"method_id" uuid NOT NULL,
	"zone" integer NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "parcel_rates_pk" PRIMARY KEY("method_id","zone","max_weight_grams"),
	CONSTRAINT "parcel_rates_weight" CHECK ("parcel_rates"."max_weight_grams" > 0),
	CONSTRAINT "parcel_rates_cents" CHECK ("parcel_rates"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"ready_hours" integer DEFAULT 4 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pickup_locations_ready" CHECK ("pickup_locations"."ready_hours" between 0 and 720)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"min_days" integer DEFAULT 1 NOT NULL,
	"max_days" integer DEFAULT 5 NOT NULL,
	"free_above_cents" integer,
	"min_charge_cents" integer DEFAULT 0 NOT NULL,
	"liftgate_cents" integer DEFAULT 0 NOT NULL,
	"residential_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_kind" CHECK ("shipping_methods"."kind" in ('parcel', 'freight', 'pickup', 'free')),
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."min_days" between 0 and 365 and "shipping_methods"."max_days" between "shipping_methods"."min_days" and 365),
	CONSTRAINT "shipping_methods_money" CHECK (coalesce("shipping_methods"."free_above_cents", 0) >= 0 and "shipping_methods"."min_charge_cents" >= 0 and "shipping_methods"."liftgate_cents" >= 0 and "shipping_methods"."residential_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"state" text PRIMARY KEY NOT NULL,
	"zone" integer NOT NULL,
	CONSTRAINT "shipping_zones_zone" CHECK ("shipping_zones"."zone" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "tax_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"states" text[] NOT NULL,
	"expires_on" date NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_exemptions_status" CHECK ("tax_exemptions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"state" text NOT NULL,
	"zip_prefix" text DEFAULT '' NOT NULL,
	"rate_ppm" integer NOT NULL,
	"shipping_taxable" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_rates_pk" PRIMARY KEY("state","zip_prefix"),
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_ppm" between 0 and 200000),
	CONSTRAINT "tax_rates_zip_prefix" CHECK ("tax_rates"."zip_prefix" ~ '^[0-9]{0,5}$')
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ships_as" text DEFAULT 'parcel' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "freight_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorderable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_street" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_zip" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_kind" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "liftgate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "residential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "pickup_location_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_rate_ppm" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_exemption_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_ship_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_zip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "liftgate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "residential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_location_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_ppm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exemption_number" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_method_id_fkey" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_rates" ADD CONSTRAINT "parcel_rates_method_id_fkey" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_address_idx" ON "addresses" USING btree ("user_id","street","city","state","zip");--> statement-breakpoint
CREATE INDEX "addresses_user_used_idx" ON "addresses" USING btree ("user_id","used_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_name_idx" ON "shipping_methods" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tax_exemptions_user_idx" ON "tax_exemptions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tax_exemptions_status_idx" ON "tax_exemptions" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_weight" CHECK ("products"."shipping_weight_grams" is null or "products"."shipping_weight_grams" between 1 and 50000000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions" CHECK (coalesce("products"."length_mm", 1) between 1 and 100000 and coalesce("products"."width_mm", 1) between 1 and 100000 and coalesce("products"."height_mm", 1) between 1 and 100000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ships_as" CHECK ("products"."ships_as" in ('parcel', 'freight'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_freight_class" CHECK ("products"."freight_class" is null or "products"."freight_class" in ('50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time" CHECK ("products"."lead_time_days" is null or "products"."lead_time_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_tax" CHECK ("orders"."shipping_cents" >= 0 and "orders"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_backordered" CHECK ("orders"."backordered_quantity" between 0 and "orders"."quantity");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_lead_time" CHECK ("quote_lines"."lead_time_days" is null or "quote_lines"."lead_time_days" between 0 and 365);