CREATE TABLE "staff_notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"staff_mail" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "staff_notification_settings" ADD CONSTRAINT "staff_notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_nonnegative" CHECK ("products"."low_stock_threshold" >= 0);