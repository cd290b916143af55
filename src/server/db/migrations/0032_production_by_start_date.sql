-- Production counts a term in the month it starts (decision 053): its range and month grouping read
-- (agency_id, start_date), and the month view's sums come from the index alone.
CREATE INDEX "policies_agency_start_idx" ON "policies" USING btree ("agency_id","start_date","renewed_from_id","premium_amount");
