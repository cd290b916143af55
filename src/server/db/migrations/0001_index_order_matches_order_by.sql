DROP INDEX "activity_agency_created_idx";--> statement-breakpoint
DROP INDEX "activity_agency_kind_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "communications_customer_idx";--> statement-breakpoint
DROP INDEX "customers_agency_created_idx";--> statement-breakpoint
DROP INDEX "customers_agency_type_created_idx";--> statement-breakpoint
DROP INDEX "payment_submissions_user_idx";--> statement-breakpoint
DROP INDEX "payment_submissions_status_idx";--> statement-breakpoint
DROP INDEX "policies_agency_created_idx";--> statement-breakpoint
DROP INDEX "policies_agency_type_created_idx";--> statement-breakpoint
DROP INDEX "policies_agency_status_created_idx";--> statement-breakpoint
DROP INDEX "premium_payments_policy_idx";--> statement-breakpoint
DROP INDEX "user_created_idx";--> statement-breakpoint
CREATE INDEX "activity_agency_created_idx" ON "activity_log" USING btree ("agency_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_agency_kind_created_idx" ON "activity_log" USING btree ("agency_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "communications_customer_idx" ON "customer_communications" USING btree ("customer_id","communication_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_agency_created_idx" ON "customers" USING btree ("agency_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_agency_type_created_idx" ON "customers" USING btree ("agency_id","customer_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_submissions_user_idx" ON "payment_submissions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_submissions_status_idx" ON "payment_submissions" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_agency_created_idx" ON "policies" USING btree ("agency_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_agency_type_created_idx" ON "policies" USING btree ("agency_id","policy_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_agency_status_created_idx" ON "policies" USING btree ("agency_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "premium_payments_policy_idx" ON "premium_payments" USING btree ("policy_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST);