-- Hand-written backfill: a user may already have several Pending submissions. The newest stays
-- Pending; the older ones are closed the way a new submission closes them from now on.
UPDATE "payment_submissions" AS s
SET "status" = 'Rejected',
    "admin_notes" = 'Replaced by a newer submission.',
    "verified_at" = now()
WHERE s."status" = 'Pending'
  AND EXISTS (
    SELECT 1 FROM "payment_submissions" AS newer
    WHERE newer."user_id" = s."user_id"
      AND newer."status" = 'Pending'
      AND (newer."created_at", newer."id") > (s."created_at", s."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "payment_submissions_one_pending_uq" ON "payment_submissions" USING btree ("user_id") WHERE status = 'Pending';