-- Hand-written (issue 17): btree_gin lets a GIN index hold agency_id next to the trigrams, so a search
-- reads only the caller's agency. Available in PostgreSQL 15 contrib and in PGlite (contrib/btree_gin).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "policies_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_agency_search_trgm_idx" ON "customers" USING gin ("agency_id",lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_agency_search_trgm_idx" ON "policies" USING gin ("agency_id",lower("policy_number" || ' ' || "customer_name" || ' ' || "insurance_company") gin_trgm_ops);