-- Hand-written (issue 17, decision 041): a search decides from the planner's estimate whether to
-- count its matches (at most 1,000 expected) or show "about N". PostgreSQL estimates LIKE '%lee%'
-- on the trigram expression from the histogram of that index expression; with the default 100
-- entries, a term matching 2.5 % of the rows was estimated anywhere from 20 to 2,000 rows in a
-- 200,000-policy agency, depending on ANALYZE's sample, and when under 1,000 its count read 5,000
-- rows (25-40 ms). 1,000 entries make the estimate of such a term stable.
ALTER INDEX "policies_agency_search_trgm_idx" ALTER COLUMN 2 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "customers_agency_search_trgm_idx" ALTER COLUMN 2 SET STATISTICS 1000;
