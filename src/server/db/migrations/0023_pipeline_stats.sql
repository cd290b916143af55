CREATE TABLE "pipeline_stats" (
	"agency_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"line" text NOT NULL,
	"assignee_id" text,
	"opportunities" integer NOT NULL,
	"premium" numeric(18, 2) NOT NULL,
	CONSTRAINT "pipeline_stats_key_uq" UNIQUE NULLS NOT DISTINCT("agency_id","stage","line","assignee_id")
);
--> statement-breakpoint
-- Hand-written (decision 034, the shape of renewal_stats in 0013): the pipeline board's counters, one
-- row per (agency, stage, line, assignee), kept by statement-level triggers with transition tables,
-- so a multi-row change is one grouped upsert. Deltas are applied in key order so concurrent
-- transactions lock counter rows in the same order. Rows of an agency being deleted are skipped (its
-- row is already gone when the cascade reaches opportunities) and the agency's own delete trigger
-- removes its counters. The assignee key's SET NULL ("assignee_id") on a removed member is an UPDATE
-- the update trigger sees like any other.
CREATE FUNCTION pipeline_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pipeline_stats AS s (agency_id, stage, line, assignee_id, opportunities, premium)
    SELECT n.agency_id, n.stage, n.line, n.assignee_id, count(*), sum(n.estimated_premium)
    FROM new_rows n WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT pipeline_stats_key_uq DO UPDATE SET opportunities = s.opportunities + excluded.opportunities, premium = s.premium + excluded.premium;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO pipeline_stats AS s (agency_id, stage, line, assignee_id, opportunities, premium)
    SELECT o.agency_id, o.stage, o.line, o.assignee_id, -count(*), -sum(o.estimated_premium)
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = o.agency_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT pipeline_stats_key_uq DO UPDATE SET opportunities = s.opportunities + excluded.opportunities, premium = s.premium + excluded.premium;
  ELSE
    INSERT INTO pipeline_stats AS s (agency_id, stage, line, assignee_id, opportunities, premium)
    SELECT d.agency_id, d.stage, d.line, d.assignee_id, sum(d.n)::int, sum(d.premium)
    FROM (
      SELECT agency_id, stage, line, assignee_id, 1 AS n, estimated_premium AS premium FROM new_rows
      UNION ALL
      SELECT agency_id, stage, line, assignee_id, -1, -estimated_premium FROM old_rows
    ) d
    WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id)
    GROUP BY 1, 2, 3, 4
    -- an update that changed none of the counted columns nets to zero and writes nothing
    HAVING sum(d.n) <> 0 OR sum(d.premium) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT pipeline_stats_key_uq DO UPDATE SET opportunities = s.opportunities + excluded.opportunities, premium = s.premium + excluded.premium;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pipeline_stats_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_stats_apply();
--> statement-breakpoint
CREATE TRIGGER pipeline_stats_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_stats_apply();
--> statement-breakpoint
CREATE TRIGGER pipeline_stats_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_stats_apply();
--> statement-breakpoint
CREATE FUNCTION pipeline_stats_agency_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pipeline_stats s USING old_rows o WHERE s.agency_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pipeline_stats_agency_delete AFTER DELETE ON agencies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pipeline_stats_agency_gone();
--> statement-breakpoint
-- The counters of the existing opportunities (and for a bulk load that skipped triggers).
CREATE FUNCTION pipeline_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM pipeline_stats;
  INSERT INTO pipeline_stats (agency_id, stage, line, assignee_id, opportunities, premium)
  SELECT agency_id, stage, line, assignee_id, count(*), sum(estimated_premium)
  FROM opportunities GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT pipeline_stats_rebuild();
