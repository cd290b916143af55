-- Lines of business as data (decision 051): every line's details in policies.details (jsonb), as the
-- line's schema in src/shared/lines outputs them; car and fire rows are copied in, their tables go.
ALTER TABLE "policies" ADD COLUMN "details" jsonb;--> statement-breakpoint
UPDATE "policies" p SET "details" = jsonb_build_object(
  'vehicle_make', c."vehicle_make", 'vehicle_model', c."vehicle_model", 'vehicle_year', c."vehicle_year",
  'vin_number', c."vin_number", 'driver_license', c."driver_license", 'coverage_type', c."coverage_type")
FROM "car_insurance_details" c WHERE c."agency_id" = p."agency_id" AND c."policy_id" = p."id" AND p."policy_type" = 'car';--> statement-breakpoint
UPDATE "policies" p SET "details" = jsonb_build_object(
  'property_address', f."property_address", 'property_type', f."property_type", 'construction_year', f."construction_year",
  'property_value', f."property_value"::text, 'contents_coverage', f."contents_coverage"::text)
FROM "fire_insurance_details" f WHERE f."agency_id" = p."agency_id" AND f."policy_id" = p."id" AND p."policy_type" = 'fire';--> statement-breakpoint
ALTER TABLE "car_insurance_details" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fire_insurance_details" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "car_insurance_details" CASCADE;--> statement-breakpoint
DROP TABLE "fire_insurance_details" CASCADE;--> statement-breakpoint
-- the line is checked by the registry on every write, so a new line needs no migration
ALTER TABLE "opportunities" DROP CONSTRAINT "opportunities_line_check";--> statement-breakpoint
ALTER TABLE "policies" DROP CONSTRAINT "policies_type_check";
