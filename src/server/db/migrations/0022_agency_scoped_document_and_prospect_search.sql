-- Issue 17: the documents and pipeline searches read only the caller's agency, as customers and policies do (0021).
DROP INDEX "documents_search_trgm_idx";--> statement-breakpoint
DROP INDEX "opportunities_prospect_trgm_idx";--> statement-breakpoint
CREATE INDEX "documents_agency_search_trgm_idx" ON "documents" USING gin ("agency_id",lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_agency_prospect_trgm_idx" ON "opportunities" USING gin ("agency_id",lower(coalesce("prospect_name", '')) gin_trgm_ops);