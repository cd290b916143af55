CREATE INDEX "policies_agency_match_trgm_idx" ON "policies" USING gin ("agency_id",regexp_replace(upper("policy_number"), '[[:space:]–—-]', '', 'g') gin_trgm_ops,lower("customer_name") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
-- Hand-written (decision 081): the match dialog's search picks between this index (a narrow search)
-- and walking the terms newest first (a broad one) from the planner's estimate of its matches, made
-- from the expressions' statistics; 1,000 entries keep it stable, as migration 0025 does for the list's search.
ALTER INDEX "policies_agency_match_trgm_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "policies_agency_match_trgm_idx" ALTER COLUMN 3 SET STATISTICS 1000;
