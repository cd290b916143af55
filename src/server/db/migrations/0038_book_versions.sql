CREATE TABLE "book_versions" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 070): every statement that writes one of the rows the dashboard's
-- performance panel reads adds one to the version of each agency it touched, in its own transaction,
-- so any process holding the panel cached under an older version recomputes it once the write has
-- committed. Statement-level with transition tables: a bulk change of 10,000 rows is one upsert per
-- agency. Agencies are upserted in id order (concurrent writers lock rows in the same order); rows of
-- an agency being deleted are skipped (its row is gone when the cascade reaches them).
CREATE FUNCTION book_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_versions AS v (agency_id, version)
    SELECT DISTINCT n.agency_id, 1 FROM new_rows n WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id) ORDER BY 1
    ON CONFLICT (agency_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO book_versions AS v (agency_id, version)
    SELECT DISTINCT o.agency_id, 1 FROM old_rows o WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = o.agency_id) ORDER BY 1
    ON CONFLICT (agency_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO book_versions AS v (agency_id, version)
    SELECT DISTINCT d.agency_id, 1 FROM (SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows) d
    WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id) ORDER BY 1
    ON CONFLICT (agency_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER book_versions_insert AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_update AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_delete AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_insert AFTER INSERT ON commission_rates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_update AFTER UPDATE ON commission_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_delete AFTER DELETE ON commission_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_insert AFTER INSERT ON commission_overrides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_update AFTER UPDATE ON commission_overrides REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_delete AFTER DELETE ON commission_overrides REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_insert AFTER INSERT ON commission_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_update AFTER UPDATE ON commission_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE TRIGGER book_versions_delete AFTER DELETE ON commission_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_bump();
--> statement-breakpoint
CREATE FUNCTION book_versions_agency_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM book_versions v USING old_rows o WHERE v.agency_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER book_versions_agency_delete AFTER DELETE ON agencies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_versions_agency_gone();
