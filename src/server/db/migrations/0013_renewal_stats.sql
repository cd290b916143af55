CREATE TABLE "renewal_stats" (
	"agency_id" uuid NOT NULL,
	"end_date" date NOT NULL,
	"renewal_state" text NOT NULL,
	"policy_type" text NOT NULL,
	"assignee_id" text,
	"insurance_company" text NOT NULL,
	"cancelled" boolean NOT NULL,
	"policies" integer NOT NULL,
	"premium" numeric(18, 2) NOT NULL,
	CONSTRAINT "renewal_stats_key_uq" UNIQUE NULLS NOT DISTINCT("agency_id","end_date","renewal_state","policy_type","assignee_id","insurance_company","cancelled")
);
--> statement-breakpoint
-- Hand-written: the counters are kept by statement-level triggers with transition tables, so a bulk
-- change of 10,000 policies is one grouped upsert, not 10,000. Deltas are applied in key order so
-- concurrent transactions lock counter rows in the same order (no deadlock between them). Rows of an
-- agency being deleted are skipped (its row is already gone when the cascade reaches policies) and
-- the agency's own delete trigger removes its counters.
CREATE FUNCTION renewal_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO renewal_stats AS s (agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, cancelled, policies, premium)
    SELECT n.agency_id, n.end_date, n.renewal_state, n.policy_type, n.assignee_id, n.insurance_company, n.status = 'cancelled', count(*), sum(n.premium_amount)
    FROM new_rows n WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT renewal_stats_key_uq DO UPDATE SET policies = s.policies + excluded.policies, premium = s.premium + excluded.premium;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO renewal_stats AS s (agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, cancelled, policies, premium)
    SELECT o.agency_id, o.end_date, o.renewal_state, o.policy_type, o.assignee_id, o.insurance_company, o.status = 'cancelled', -count(*), -sum(o.premium_amount)
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = o.agency_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT renewal_stats_key_uq DO UPDATE SET policies = s.policies + excluded.policies, premium = s.premium + excluded.premium;
  ELSE
    INSERT INTO renewal_stats AS s (agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, cancelled, policies, premium)
    SELECT d.agency_id, d.end_date, d.renewal_state, d.policy_type, d.assignee_id, d.insurance_company, d.cancelled, sum(d.n)::int, sum(d.premium)
    FROM (
      SELECT agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, status = 'cancelled' AS cancelled, 1 AS n, premium_amount AS premium FROM new_rows
      UNION ALL
      SELECT agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, status = 'cancelled', -1, -premium_amount FROM old_rows
    ) d
    WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    -- an update that changed none of the counted columns nets to zero and writes nothing
    HAVING sum(d.n) <> 0 OR sum(d.premium) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT renewal_stats_key_uq DO UPDATE SET policies = s.policies + excluded.policies, premium = s.premium + excluded.premium;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER renewal_stats_insert AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_stats_apply();
--> statement-breakpoint
CREATE TRIGGER renewal_stats_update AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_stats_apply();
--> statement-breakpoint
CREATE TRIGGER renewal_stats_delete AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_stats_apply();
--> statement-breakpoint
CREATE FUNCTION renewal_stats_agency_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM renewal_stats s USING old_rows o WHERE s.agency_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER renewal_stats_agency_delete AFTER DELETE ON agencies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION renewal_stats_agency_gone();
--> statement-breakpoint
-- The counters of the existing book (also what scripts/bench/seed.ts runs after its bulk load,
-- which skips triggers).
CREATE FUNCTION renewal_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM renewal_stats;
  INSERT INTO renewal_stats (agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, cancelled, policies, premium)
  SELECT agency_id, end_date, renewal_state, policy_type, assignee_id, insurance_company, status = 'cancelled', count(*), sum(premium_amount)
  FROM policies GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
SELECT renewal_stats_rebuild();
