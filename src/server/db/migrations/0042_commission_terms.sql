CREATE TABLE "commission_terms" (
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"carrier_key" text NOT NULL,
	"line" text NOT NULL,
	"business" text NOT NULL,
	"start_date" date NOT NULL,
	"rate" numeric(7, 4),
	"rate_source" text,
	"written" numeric(14, 2),
	"chargeback" numeric(14, 2) NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"received" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	CONSTRAINT "commission_terms_pkey" PRIMARY KEY("agency_id","policy_id"),
	CONSTRAINT "commission_terms_rate_source_check" CHECK ((rate_source is null) = (rate is null) and (rate_source is null or rate_source in ('own', 'schedule')))
);
--> statement-breakpoint
ALTER TABLE "commission_terms" ADD CONSTRAINT "commission_terms_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_terms_expected_asc_idx" ON "commission_terms" USING btree ("agency_id",(rate is null),"expected","policy_id");--> statement-breakpoint
CREATE INDEX "commission_terms_expected_desc_idx" ON "commission_terms" USING btree ("agency_id",(rate is null),"expected" DESC NULLS FIRST,"policy_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commission_terms_no_rate_idx" ON "commission_terms" USING btree ("agency_id","policy_id") WHERE rate is null;--> statement-breakpoint
CREATE INDEX "commission_terms_unpaid_idx" ON "commission_terms" USING btree ("agency_id","policy_id") WHERE rate is not null and received = 0 and expected > 0;--> statement-breakpoint
CREATE INDEX "commission_terms_short_paid_idx" ON "commission_terms" USING btree ("agency_id","difference") WHERE rate is not null and received <> 0;--> statement-breakpoint
CREATE INDEX "commission_terms_rate_key_idx" ON "commission_terms" USING btree ("agency_id","carrier_key","line","business","start_date");--> statement-breakpoint
-- Hand-written (decision 077): every term's commission kept by the database, computed from scratch
-- for the terms a write touches with the formulas of termsSql (src/server/entities/commissions/terms.ts,
-- character for character where it can be; the property test compares the two after random writes).
-- The rate is the policy's own, else its schedule's (carrier × line × new/renewal, the latest effective
-- on or before the term's start); written = round(premium × rate / 100, 2); a cancelled term's unearned
-- share is a negative chargeback, pro rata by days; received is the sum of its statement lines.
--
-- Concurrency (READ COMMITTED): each writer computes after its locks, in a statement of its own (a
-- new snapshot), so of two writers touching one term the later computes with both writes committed:
-- - writers of policies, own rates and lines hold the agency's shared lock (they do not wait on each
--   other), and those of own rates and lines lock the terms' policies (in id order) as an update does;
-- - a rate change holds the agency's exclusive lock (it finds its terms by carrier, line and date, so it
--   must see every policy written before it) and locks the policies only against a concurrent delete.
-- One plan kept for its statements (plan_cache_mode): planned anew for each call's arrays, a policy's
-- create spent 1.2 ms of PostgreSQL CPU planning them; with the generic plan 0.2–0.3 ms (index probes
-- per term, whatever the number of terms).
CREATE FUNCTION commission_terms_refresh(agency_ids uuid[], policy_ids uuid[], lock_mode text) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF lock_mode = 'update' THEN
    PERFORM 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
     ORDER BY p.id FOR NO KEY UPDATE OF p;
  ELSIF lock_mode = 'key share' THEN
    PERFORM 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
     ORDER BY p.id FOR KEY SHARE OF p;
  END IF;
  INSERT INTO commission_terms AS ct (agency_id, policy_id, carrier_key, line, business, start_date, rate, rate_source, written, chargeback, expected, received, difference)
  SELECT p.agency_id, p.id, b.carrier_key, p.policy_type, b.business, p.start_date, w.rate,
         CASE WHEN o.rate IS NOT NULL THEN 'own' WHEN sr.rate IS NOT NULL THEN 'schedule' END,
         w.written, c.chargeback, e.expected, rc.received, (e.expected - rc.received)::numeric(14,2)
    FROM (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k
    JOIN policies p ON p.agency_id = k.a AND p.id = k.i
    CROSS JOIN LATERAL (SELECT lower(regexp_replace(btrim(p.insurance_company), '\s+', ' ', 'g')) AS carrier_key,
                               CASE WHEN p.renewed_from_id IS NULL THEN 'new' ELSE 'renewal' END AS business) b
    LEFT JOIN commission_overrides o ON o.agency_id = p.agency_id AND o.policy_id = p.id
    LEFT JOIN LATERAL (SELECT r.rate FROM commission_rates r
           WHERE r.agency_id = p.agency_id AND r.carrier_key = b.carrier_key AND r.line = p.policy_type
             AND r.business = b.business AND r.effective_from <= p.start_date
           ORDER BY r.effective_from DESC LIMIT 1) sr ON true
    CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount), 0)::numeric(14,2) AS received FROM commission_lines l
           WHERE l.agency_id = p.agency_id AND l.policy_id = p.id) rc
    CROSS JOIN LATERAL (SELECT coalesce(o.rate, sr.rate) AS rate, round(p.premium_amount * coalesce(o.rate, sr.rate) / 100, 2) AS written) w
    CROSS JOIN LATERAL (SELECT (CASE WHEN w.written IS NULL OR p.cancel_effective_date IS NULL OR p.cancel_effective_date >= p.end_date OR p.end_date <= p.start_date THEN 0
                   ELSE -round(w.written * (p.end_date - greatest(p.cancel_effective_date, p.start_date))::numeric / (p.end_date - p.start_date), 2) END)::numeric(14,2) AS chargeback) c
    CROSS JOIN LATERAL (SELECT (coalesce(w.written, 0) + c.chargeback)::numeric(14,2) AS expected) e
  ON CONFLICT (agency_id, policy_id) DO UPDATE SET
    carrier_key = excluded.carrier_key, line = excluded.line, business = excluded.business, start_date = excluded.start_date,
    rate = excluded.rate, rate_source = excluded.rate_source, written = excluded.written, chargeback = excluded.chargeback,
    expected = excluded.expected, received = excluded.received, difference = excluded.difference
  WHERE (ct.carrier_key, ct.line, ct.business, ct.start_date, ct.rate, ct.rate_source, ct.written, ct.chargeback, ct.expected, ct.received)
        IS DISTINCT FROM (excluded.carrier_key, excluded.line, excluded.business, excluded.start_date, excluded.rate, excluded.rate_source, excluded.written, excluded.chargeback, excluded.expected, excluded.received);
END $$;
--> statement-breakpoint
-- The agency's lock of commission_terms, shared or exclusive, taken in agency order.
CREATE FUNCTION commission_terms_lock(agency_ids uuid[], exclusive boolean) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF exclusive THEN
    PERFORM pg_advisory_xact_lock(hashtext('commission_terms'), hashtext(a::text)) FROM (SELECT DISTINCT unnest(agency_ids) AS a ORDER BY 1) x;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('commission_terms'), hashtext(a::text)) FROM (SELECT DISTINCT unnest(agency_ids) AS a ORDER BY 1) x;
  END IF;
END $$;
--> statement-breakpoint
-- A policy written: its term (an update only when a column the commission reads changed; the row is
-- already locked by the write).
CREATE FUNCTION commission_terms_policies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a uuid[];
  i uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.agency_id), array_agg(n.id) INTO a, i FROM new_rows n;
  ELSE
    SELECT array_agg(n.agency_id), array_agg(n.id) INTO a, i FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE (n.agency_id, n.insurance_company, n.policy_type, n.renewed_from_id, n.start_date, n.end_date, n.premium_amount, n.cancel_effective_date)
           IS DISTINCT FROM (o.agency_id, o.insurance_company, o.policy_type, o.renewed_from_id, o.start_date, o.end_date, o.premium_amount, o.cancel_effective_date);
  END IF;
  IF a IS NOT NULL THEN
    PERFORM commission_terms_lock(a, false);
    PERFORM commission_terms_refresh(a, i, 'none');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An own rate or a statement line written: the terms of its policies (old and new).
CREATE FUNCTION commission_terms_by_policy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a uuid[];
  i uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.agency_id), array_agg(n.policy_id) INTO a, i FROM new_rows n WHERE n.policy_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.agency_id), array_agg(o.policy_id) INTO a, i FROM old_rows o WHERE o.policy_id IS NOT NULL;
  ELSE
    SELECT array_agg(d.agency_id), array_agg(d.policy_id) INTO a, i
      FROM (SELECT n.agency_id, n.policy_id FROM new_rows n UNION SELECT o.agency_id, o.policy_id FROM old_rows o) d WHERE d.policy_id IS NOT NULL;
  END IF;
  IF a IS NOT NULL THEN
    PERFORM commission_terms_lock(a, false);
    PERFORM commission_terms_refresh(a, i, 'update');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A schedule's rate written: the terms of its carrier × line × business starting on or after its date.
CREATE FUNCTION commission_terms_rates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ra uuid[];
  rk text[];
  rl text[];
  rb text[];
  re date[];
  a uuid[];
  i uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(agency_id), array_agg(carrier_key), array_agg(line), array_agg(business), array_agg(effective_from) INTO ra, rk, rl, rb, re FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(agency_id), array_agg(carrier_key), array_agg(line), array_agg(business), array_agg(effective_from) INTO ra, rk, rl, rb, re FROM old_rows;
  ELSE
    SELECT array_agg(agency_id), array_agg(carrier_key), array_agg(line), array_agg(business), array_agg(effective_from) INTO ra, rk, rl, rb, re
      FROM (SELECT agency_id, carrier_key, line, business, effective_from FROM new_rows UNION ALL SELECT agency_id, carrier_key, line, business, effective_from FROM old_rows) d;
  END IF;
  IF ra IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM commission_terms_lock(ra, true);
  SELECT array_agg(ct.agency_id), array_agg(ct.policy_id) INTO a, i
    FROM (SELECT DISTINCT ct.agency_id, ct.policy_id
            FROM unnest(ra, rk, rl, rb, re) AS r(agency_id, carrier_key, line, business, effective_from)
            JOIN commission_terms ct ON ct.agency_id = r.agency_id AND ct.carrier_key = r.carrier_key AND ct.line = r.line
                                    AND ct.business = r.business AND ct.start_date >= r.effective_from) ct;
  IF a IS NOT NULL THEN
    PERFORM commission_terms_refresh(a, i, 'key share');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER commission_terms_insert AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_policies();
--> statement-breakpoint
CREATE TRIGGER commission_terms_update AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_policies();
--> statement-breakpoint
CREATE TRIGGER commission_terms_insert AFTER INSERT ON commission_overrides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_update AFTER UPDATE ON commission_overrides REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_delete AFTER DELETE ON commission_overrides REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_insert AFTER INSERT ON commission_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_update AFTER UPDATE ON commission_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_delete AFTER DELETE ON commission_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_by_policy();
--> statement-breakpoint
CREATE TRIGGER commission_terms_insert AFTER INSERT ON commission_rates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_rates();
--> statement-breakpoint
CREATE TRIGGER commission_terms_update AFTER UPDATE ON commission_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_rates();
--> statement-breakpoint
CREATE TRIGGER commission_terms_delete AFTER DELETE ON commission_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION commission_terms_rates();
--> statement-breakpoint
-- Every term from scratch: the backfill, and what scripts/bench/seed.ts runs after its bulk load
-- (which skips triggers).
CREATE FUNCTION commission_terms_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a uuid[];
  i uuid[];
BEGIN
  DELETE FROM commission_terms;
  SELECT array_agg(agency_id), array_agg(id) INTO a, i FROM policies;
  IF a IS NOT NULL THEN
    PERFORM commission_terms_refresh(a, i, 'none');
  END IF;
END $$;
--> statement-breakpoint
SELECT commission_terms_rebuild();
