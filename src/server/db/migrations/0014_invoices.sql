-- Numbered invoices and credit notes (decision 025). Numbers come from one counter row per (kind, year), taken with
-- an UPDATE in the transaction that issues the document: a rolled-back payment gives its number back, two
-- concurrent payments queue on the row, so the numbers of a year run 1, 2, 3… without a gap or a repeat.
CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_pk" PRIMARY KEY ("kind", "year"),
	CONSTRAINT "invoice_counters_kind" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoice_counters_last" CHECK ("last" >= 0)
);
--> statement-breakpoint
-- What was printed is kept as it was printed (`snapshot`): later changes to the order, the customer or the shop's
-- details never change an issued document. An invoice is for one order or one checkout; a credit note is for one
-- refunded order (a checkout's line or a single order) and refers to the invoice it corrects.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE restrict,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE restrict,
	"checkout_id" uuid REFERENCES "checkouts"("id") ON DELETE restrict,
	"refers_to" uuid REFERENCES "invoices"("id") ON DELETE restrict,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_total_positive" CHECK ("total_cents" > 0),
	CONSTRAINT "invoices_seq_positive" CHECK ("seq" > 0),
	CONSTRAINT "invoices_subject" CHECK (
		("kind" = 'invoice' AND "refers_to" IS NULL AND num_nonnulls("order_id", "checkout_id") = 1)
		OR ("kind" = 'credit_note' AND "refers_to" IS NOT NULL AND "order_id" IS NOT NULL)
	)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_seq_idx" ON "invoices" USING btree ("kind", "year", "seq");--> statement-breakpoint
-- One invoice per order or checkout, one credit note per refunded order (a refund is always of a whole order line).
CREATE UNIQUE INDEX "invoices_order_invoice_idx" ON "invoices" USING btree ("order_id") WHERE "kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_checkout_invoice_idx" ON "invoices" USING btree ("checkout_id") WHERE "kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_credit_idx" ON "invoices" USING btree ("order_id") WHERE "kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_checkout_idx" ON "invoices" USING btree ("checkout_id") WHERE "checkout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_user_issued_idx" ON "invoices" USING btree ("user_id", "issued_at" DESC);--> statement-breakpoint
-- Issued documents are immutable: no code path updates or deletes them, and the database refuses it too.
CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices and credit notes are immutable once issued (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_no_change BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_immutable();--> statement-breakpoint
-- An order's timeline reads the audit entries about that order.
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity_type", "entity_id", "created_at");
