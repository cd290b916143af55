-- Every tenant table keeps agency_id in its primary key or a unique key, and every foreign key
-- between tenant tables carries it (decision 044: sharded by agency on Citus). Written for a
-- populated database: a new column is added nullable, filled from its parent row, then NOT NULL.
-- The whole file is one transaction (drizzle's migrator; pg_advisory_xact_lock behind a pooler).

-- The lease table and the bulk job's own lease, unused since the one job queue (decision 043).
DROP TABLE IF EXISTS "scheduled_jobs";--> statement-breakpoint
DROP INDEX IF EXISTS "bulk_actions_running_idx";--> statement-breakpoint
ALTER TABLE "bulk_actions" DROP COLUMN IF EXISTS "locked_until";--> statement-breakpoint
ALTER TABLE "bulk_actions" DROP COLUMN IF EXISTS "locked_by";--> statement-breakpoint

-- api_idempotency: the agency of the key it belongs to, then a composite key and foreign key.
ALTER TABLE "api_idempotency" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
UPDATE "api_idempotency" AS i SET "agency_id" = k."agency_id" FROM "api_keys" AS k WHERE k."id" = i."key_id";--> statement-breakpoint
ALTER TABLE "api_idempotency" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_key_id_api_keys_id_fk";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_key_fk" FOREIGN KEY ("agency_id","key_id") REFERENCES "public"."api_keys"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_key_id_idempotency_key_pk";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_pkey" PRIMARY KEY("agency_id","key_id","idempotency_key");--> statement-breakpoint

-- Primary keys that lacked agency_id: the same rows stay unique with it in front.
ALTER TABLE "car_insurance_details" DROP CONSTRAINT "car_insurance_details_pkey";--> statement-breakpoint
ALTER TABLE "car_insurance_details" ADD CONSTRAINT "car_insurance_details_pkey" PRIMARY KEY("agency_id","policy_id");--> statement-breakpoint
ALTER TABLE "fire_insurance_details" DROP CONSTRAINT "fire_insurance_details_pkey";--> statement-breakpoint
ALTER TABLE "fire_insurance_details" ADD CONSTRAINT "fire_insurance_details_pkey" PRIMARY KEY("agency_id","policy_id");--> statement-breakpoint
ALTER TABLE "premium_payment_files" DROP CONSTRAINT "premium_payment_files_payment_id_file_id_pk";--> statement-breakpoint
ALTER TABLE "premium_payment_files" ADD CONSTRAINT "premium_payment_files_pkey" PRIMARY KEY("agency_id","payment_id","file_id");--> statement-breakpoint
ALTER TABLE "bulk_journal" DROP CONSTRAINT "bulk_journal_bulk_id_record_id_pk";--> statement-breakpoint
ALTER TABLE "bulk_journal" ADD CONSTRAINT "bulk_journal_pkey" PRIMARY KEY("agency_id","bulk_id","record_id");--> statement-breakpoint

-- Tables keyed by a random id alone get the (agency_id, id) key the others have. activity_log's
-- non-unique (agency_id, id) index (the export's keyset) is replaced by the unique one.
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_agency_id_uq" UNIQUE("agency_id","id");--> statement-breakpoint
DROP INDEX IF EXISTS "activity_agency_id_idx";--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agency_id_uq" UNIQUE("agency_id","id");--> statement-breakpoint
ALTER TABLE "opportunity_stage_history" ADD CONSTRAINT "opportunity_stage_history_agency_id_uq" UNIQUE("agency_id","id");--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_agency_id_uq" UNIQUE("agency_id","id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_agency_id_uq" UNIQUE("agency_id","id");
