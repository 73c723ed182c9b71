CREATE TABLE "approval_reminders" (
	"checkout_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_reminders_pk" PRIMARY KEY("checkout_id","day")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approval_window_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_reminders" ADD CONSTRAINT "approval_reminders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_approval_window_days" CHECK ("companies"."approval_window_days" between 1 and 30);