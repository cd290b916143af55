CREATE TABLE "book_changes" (
	"agency_id" uuid NOT NULL,
	"txid" bigint NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "book_changes_pkey" PRIMARY KEY("agency_id","txid")
);
--> statement-breakpoint
DROP TABLE "book_versions" CASCADE;
--> statement-breakpoint
-- Hand-written: the keys of folded rows (platform/book-version.ts), negative so they never meet a
-- transaction id, and unique without a lock (a sequence is not transactional).
CREATE SEQUENCE "book_changes_fold_seq";
--> statement-breakpoint
-- Hand-written (decision 070, second design): migration 0038's triggers upserted one row per agency,
-- so a transaction writing an agency's book held that row until it committed and every other writer
-- of the agency waited for it (a long import or an open API transaction stalled the agency). Each
-- writing transaction now adds its own row, keyed by its transaction id: inserts of different keys
-- never wait on each other, and a second statement of the same transaction finds its row and does
-- nothing. The version is the sum of the agency's weights (platform/book-version.ts), which every
-- commit raises, in whatever order transactions commit, and which folding rows leaves unchanged.
-- The same triggers (0038) call these functions; rows of an agency being deleted are still skipped.
CREATE OR REPLACE FUNCTION book_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_changes (agency_id, txid)
    SELECT DISTINCT n.agency_id, tx FROM new_rows n WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = n.agency_id)
    ON CONFLICT (agency_id, txid) DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO book_changes (agency_id, txid)
    SELECT DISTINCT o.agency_id, tx FROM old_rows o WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = o.agency_id)
    ON CONFLICT (agency_id, txid) DO NOTHING;
  ELSE
    INSERT INTO book_changes (agency_id, txid)
    SELECT d.agency_id, tx FROM (SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows) d
    WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id)
    ON CONFLICT (agency_id, txid) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_versions_agency_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM book_changes c USING old_rows o WHERE c.agency_id = o.id;
  RETURN NULL;
END $$;
