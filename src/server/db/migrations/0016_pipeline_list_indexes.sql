CREATE INDEX "opportunities_agency_stage_premium_idx" ON "opportunities" USING btree ("agency_id","stage","estimated_premium");--> statement-breakpoint
CREATE INDEX "opportunities_agency_premium_idx" ON "opportunities" USING btree ("agency_id","estimated_premium","id");--> statement-breakpoint
CREATE INDEX "opportunities_agency_close_idx" ON "opportunities" USING btree ("agency_id","expected_close_date","id");--> statement-breakpoint
CREATE INDEX "opportunities_prospect_trgm_idx" ON "opportunities" USING gin (lower(coalesce("prospect_name", '')) gin_trgm_ops);