CREATE TABLE "account_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"net_days" integer NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded_before_at" timestamp with time zone,
	"reminded_overdue_at" timestamp with time zone,
	CONSTRAINT "account_invoices_total" CHECK ("account_invoices"."total_cents" > 0),
	CONSTRAINT "account_invoices_paid" CHECK ("account_invoices"."paid_cents" between 0 and "account_invoices"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "account_payment_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "account_payment_allocations_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "account_payment_allocations_amount" CHECK ("account_payment_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"intent_id" text,
	"reference" text,
	"received_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "account_payments_method" CHECK ("account_payments"."method" in ('card', 'bank_transfer')),
	CONSTRAINT "account_payments_status" CHECK ("account_payments"."status" in ('pending', 'succeeded', 'refunded')),
	CONSTRAINT "account_payments_amount" CHECK ("account_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_terms" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"net_days" integer NOT NULL,
	"credit_limit_cents" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_terms_net_days" CHECK ("company_terms"."net_days" in (15, 30, 60)),
	CONSTRAINT "company_terms_credit_limit" CHECK ("company_terms"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_payment_intents" DROP CONSTRAINT "test_intents_one_payable";--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "account_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_allocations" ADD CONSTRAINT "account_payment_allocations_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_allocations" ADD CONSTRAINT "account_payment_allocations_invoice_id_account_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."account_invoices"("invoice_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_terms" ADD CONSTRAINT "company_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_terms" ADD CONSTRAINT "company_terms_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invoices_checkout_idx" ON "account_invoices" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "account_invoices_open_idx" ON "account_invoices" USING btree ("company_id","issued_at" DESC NULLS FIRST,"invoice_id" DESC NULLS FIRST) WHERE "account_invoices"."paid_cents" < "account_invoices"."total_cents";--> statement-breakpoint
CREATE INDEX "account_invoices_paid_idx" ON "account_invoices" USING btree ("company_id","issued_at" DESC NULLS FIRST,"invoice_id" DESC NULLS FIRST) WHERE "account_invoices"."paid_cents" = "account_invoices"."total_cents";--> statement-breakpoint
CREATE INDEX "account_invoices_due_idx" ON "account_invoices" USING btree ("due_date","company_id") WHERE "account_invoices"."paid_cents" < "account_invoices"."total_cents";--> statement-breakpoint
CREATE INDEX "account_payment_allocations_invoice_idx" ON "account_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "account_payments_company_idx" ON "account_payments" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "account_payments_intent_idx" ON "account_payments" USING btree ("intent_id");--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_account_payment_id_account_payments_id_fk" FOREIGN KEY ("account_payment_id") REFERENCES "public"."account_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_intents_account_payment_amount_idx" ON "test_payment_intents" USING btree ("account_payment_id","amount_cents");--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_intents_one_payable" CHECK (num_nonnulls("test_payment_intents"."order_id", "test_payment_intents"."checkout_id", "test_payment_intents"."account_payment_id") = 1);