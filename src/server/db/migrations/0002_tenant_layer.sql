-- Tenant layer (docs/decisions/015-tenant-layer.md). Hand-written order: new agency_id columns are
-- added nullable, backfilled from their parent rows, then made NOT NULL; the unique (agency_id, id)
-- targets exist before the composite foreign keys that point at them.
ALTER TABLE "car_insurance_details" DROP CONSTRAINT "car_insurance_details_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_communications" DROP CONSTRAINT "customer_communications_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "fire_insurance_details" DROP CONSTRAINT "fire_insurance_details_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "policies" DROP CONSTRAINT "policies_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "premium_payment_files" DROP CONSTRAINT "premium_payment_files_payment_id_premium_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "premium_payment_files" DROP CONSTRAINT "premium_payment_files_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "premium_payments" DROP CONSTRAINT "premium_payments_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "removed_from_agency" text;
--> statement-breakpoint
ALTER TABLE "car_insurance_details" ADD COLUMN "agency_id" uuid;
--> statement-breakpoint
ALTER TABLE "fire_insurance_details" ADD COLUMN "agency_id" uuid;
--> statement-breakpoint
ALTER TABLE "premium_payment_files" ADD COLUMN "agency_id" uuid;
--> statement-breakpoint
-- Files that had an agency were the agency's premium receipts: they stay readable by its members.
ALTER TABLE "stored_files" ADD COLUMN "shared_with_agency" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "stored_files" SET "shared_with_agency" = true WHERE "agency_id" IS NOT NULL;
--> statement-breakpoint
-- Personal files (subscription receipts) move into their owner's own agency, created here for an
-- owner who has none yet, the way ensurePersonalAgency names it.
INSERT INTO "agencies" ("name", "owner_id")
SELECT coalesce(nullif(trim(u."company"), ''), nullif(trim(u."first_name" || ' ' || u."last_name"), ''), 'My agency'), u."id"
FROM "user" u
WHERE EXISTS (SELECT 1 FROM "stored_files" f WHERE f."owner_id" = u."id" AND f."agency_id" IS NULL)
ON CONFLICT ("owner_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "agency_members" ("agency_id", "user_id", "role")
SELECT a."id", a."owner_id", 'owner' FROM "agencies" a
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "stored_files" f SET "agency_id" = a."id" FROM "agencies" a WHERE f."agency_id" IS NULL AND a."owner_id" = f."owner_id";
--> statement-breakpoint
UPDATE "car_insurance_details" d SET "agency_id" = p."agency_id" FROM "policies" p WHERE p."id" = d."policy_id";
--> statement-breakpoint
UPDATE "fire_insurance_details" d SET "agency_id" = p."agency_id" FROM "policies" p WHERE p."id" = d."policy_id";
--> statement-breakpoint
UPDATE "premium_payment_files" pf SET "agency_id" = pp."agency_id" FROM "premium_payments" pp WHERE pp."id" = pf."payment_id";
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "agency_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "car_insurance_details" ALTER COLUMN "agency_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "fire_insurance_details" ALTER COLUMN "agency_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "premium_payment_files" ALTER COLUMN "agency_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agency_id_uq" UNIQUE("agency_id","id");
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_agency_id_uq" UNIQUE("agency_id","id");
--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_agency_id_uq" UNIQUE("agency_id","id");
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_agency_id_uq" UNIQUE("agency_id","id");
--> statement-breakpoint
ALTER TABLE "car_insurance_details" ADD CONSTRAINT "car_details_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fire_insurance_details" ADD CONSTRAINT "fire_details_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_communications" ADD CONSTRAINT "communications_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- SET NULL (customer_id) only (PostgreSQL 15+): the policy keeps its agency when its customer goes.
ALTER TABLE "policies" ADD CONSTRAINT "policies_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "premium_payment_files" ADD CONSTRAINT "premium_payment_files_payment_fk" FOREIGN KEY ("agency_id","payment_id") REFERENCES "public"."premium_payments"("agency_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "premium_payment_files" ADD CONSTRAINT "premium_payment_files_file_fk" FOREIGN KEY ("agency_id","file_id") REFERENCES "public"."stored_files"("agency_id","id") ON DELETE cascade ON UPDATE no action;
