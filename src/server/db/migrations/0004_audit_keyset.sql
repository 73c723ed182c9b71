DROP INDEX "audit_created_idx";--> statement-breakpoint
DROP INDEX "audit_kind_created_idx";--> statement-breakpoint
CREATE INDEX "audit_created_id_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_kind_created_id_idx" ON "audit_log" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);