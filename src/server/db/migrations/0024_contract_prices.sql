CREATE TABLE "company_price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "company_price_lists_dates" CHECK ("company_price_lists"."valid_to" is null or "company_price_lists"."valid_to" >= "company_price_lists"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "price_list_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"unit_price_cents" integer,
	"category_id" uuid,
	"brand" text,
	"percent_off_bp" integer,
	CONSTRAINT "price_list_rules_shape" CHECK (("price_list_rules"."product_id" is not null and "price_list_rules"."unit_price_cents" > 0 and "price_list_rules"."category_id" is null and "price_list_rules"."brand" is null and "price_list_rules"."percent_off_bp" is null)
        or ("price_list_rules"."product_id" is null and "price_list_rules"."unit_price_cents" is null and "price_list_rules"."percent_off_bp" between 1 and 9999
          and (("price_list_rules"."category_id" is not null and "price_list_rules"."brand" is null) or ("price_list_rules"."category_id" is null and "price_list_rules"."brand" is not null))))
);
--> statement-breakpoint
ALTER TABLE "company_price_lists" ADD CONSTRAINT "company_price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_price_list_id_company_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."company_price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_price_lists_company_idx" ON "company_price_lists" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "company_price_lists_name_idx" ON "company_price_lists" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "price_list_rules_list_idx" ON "price_list_rules" USING btree ("price_list_id","position");--> statement-breakpoint
CREATE INDEX "price_list_rules_product_idx" ON "price_list_rules" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_list_rules_category_idx" ON "price_list_rules" USING btree ("category_id");