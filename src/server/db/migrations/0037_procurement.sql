CREATE TABLE "procurement_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"system_name" text NOT NULL,
	"from_domain" text,
	"from_identity" text,
	"sender_domain" text,
	"sender_identity" text,
	"secret_encrypted" text,
	"oci_username" text,
	"oci_password_hash" text,
	"document_url" text,
	"default_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"doc_type" text NOT NULL,
	"status" text NOT NULL,
	"answer_code" integer,
	"answer" text,
	"body" text NOT NULL,
	"subject" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"payload_id" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"start_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"auth_session_token" text,
	"operation" text NOT NULL,
	"buyer_cookie" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"transferred_lines" jsonb,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_connections" ADD CONSTRAINT "procurement_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_connections" ADD CONSTRAINT "procurement_connections_default_user_id_user_id_fk" FOREIGN KEY ("default_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_documents" ADD CONSTRAINT "procurement_documents_connection_id_procurement_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."procurement_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_connection_id_procurement_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."procurement_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_connection_id_procurement_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."procurement_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procurement_connections_company_idx" ON "procurement_connections" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_connections_cxml_from_idx" ON "procurement_connections" USING btree (lower("from_domain"),lower("from_identity")) WHERE "procurement_connections"."protocol" = 'cxml';--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_connections_oci_user_idx" ON "procurement_connections" USING btree ("oci_username") WHERE "procurement_connections"."protocol" = 'oci';--> statement-breakpoint
CREATE INDEX "procurement_documents_connection_idx" ON "procurement_documents" USING btree ("connection_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_documents_subject_idx" ON "procurement_documents" USING btree ("connection_id","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_orders_order_idx" ON "punchout_orders" USING btree ("connection_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_orders_payload_idx" ON "punchout_orders" USING btree ("connection_id","payload_id");--> statement-breakpoint
CREATE INDEX "punchout_orders_checkout_idx" ON "punchout_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "punchout_orders_created_idx" ON "punchout_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_start_token_idx" ON "punchout_sessions" USING btree ("start_token_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_auth_session_idx" ON "punchout_sessions" USING btree ("auth_session_token");--> statement-breakpoint
CREATE INDEX "punchout_sessions_cookie_idx" ON "punchout_sessions" USING btree ("connection_id","buyer_cookie","transferred_at");