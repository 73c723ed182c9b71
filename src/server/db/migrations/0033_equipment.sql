CREATE TABLE "diagram_hotspots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"x_basis" integer NOT NULL,
	"y_basis" integer NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product_id" uuid,
	"warranty_months" integer DEFAULT 12 NOT NULL,
	"diagram_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL,
	"plan_item_id" uuid NOT NULL,
	"at_hours" integer NOT NULL,
	"done_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"company_id" uuid,
	"registered_by" text NOT NULL,
	"model_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"serial_key" text NOT NULL,
	"installed_on" date NOT NULL,
	"location_id" uuid,
	"site_address" text,
	"running_hours" integer DEFAULT 0 NOT NULL,
	"hours_per_week" integer DEFAULT 40 NOT NULL,
	"hours_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid,
	"invoice_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_one_owner" CHECK (num_nonnulls("machines"."user_id", "machines"."company_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "part_fits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"serial_from" text,
	"serial_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_replacements" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"replaced_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"every_hours" integer,
	"every_months" integer,
	"serial_from" text,
	"serial_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plan_items_interval" CHECK (num_nonnulls("service_plan_items"."every_hours", "service_plan_items"."every_months") >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_reminders" (
	"machine_id" uuid NOT NULL,
	"plan_item_id" uuid NOT NULL,
	"interval_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_reminders_machine_id_plan_item_id_interval_no_pk" PRIMARY KEY("machine_id","plan_item_id","interval_no")
);
--> statement-breakpoint
ALTER TABLE "diagram_hotspots" ADD CONSTRAINT "diagram_hotspots_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_hotspots" ADD CONSTRAINT "diagram_hotspots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_models" ADD CONSTRAINT "equipment_models_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_services" ADD CONSTRAINT "machine_services_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_services" ADD CONSTRAINT "machine_services_plan_item_id_service_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."service_plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_registered_by_user_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_location_id_company_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."company_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_replacements" ADD CONSTRAINT "part_replacements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_replacements" ADD CONSTRAINT "part_replacements_replaced_by_id_products_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_items" ADD CONSTRAINT "service_plan_items_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_items" ADD CONSTRAINT "service_plan_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_plan_item_id_service_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."service_plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diagram_hotspots_number_idx" ON "diagram_hotspots" USING btree ("model_id","number");--> statement-breakpoint
CREATE INDEX "diagram_hotspots_product_idx" ON "diagram_hotspots" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_models_name_idx" ON "equipment_models" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_models_product_idx" ON "equipment_models" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "machine_services_machine_idx" ON "machine_services" USING btree ("machine_id","plan_item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "machines_model_serial_idx" ON "machines" USING btree ("model_id","serial_key");--> statement-breakpoint
CREATE INDEX "machines_user_idx" ON "machines" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "machines_company_idx" ON "machines" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "machines_registered_by_idx" ON "machines" USING btree ("registered_by");--> statement-breakpoint
CREATE INDEX "machines_order_idx" ON "machines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "part_fits_model_idx" ON "part_fits" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "part_fits_product_idx" ON "part_fits" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "part_replacements_replaced_by_idx" ON "part_replacements" USING btree ("replaced_by_id");--> statement-breakpoint
CREATE INDEX "service_plan_items_model_idx" ON "service_plan_items" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "service_plan_items_product_idx" ON "service_plan_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "service_reminders_plan_item_idx" ON "service_reminders" USING btree ("plan_item_id");