CREATE INDEX "customers_agency_name_idx" ON "customers" USING btree ("agency_id","name","id");--> statement-breakpoint
CREATE INDEX "payment_submissions_user_paid_idx" ON "payment_submissions" USING btree ("user_id","payment_date","id");--> statement-breakpoint
CREATE INDEX "payment_submissions_status_paid_idx" ON "payment_submissions" USING btree ("status","payment_date","id");--> statement-breakpoint
CREATE INDEX "policies_agency_end_date_idx" ON "policies" USING btree ("agency_id","end_date","id");--> statement-breakpoint
CREATE INDEX "policies_agency_premium_idx" ON "policies" USING btree ("agency_id","premium_amount","id");--> statement-breakpoint
CREATE INDEX "user_name_idx" ON "user" USING btree ("first_name","last_name","id");