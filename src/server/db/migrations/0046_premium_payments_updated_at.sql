ALTER TABLE "premium_payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- a payment recorded before this column was last changed when it was recorded (decision 083)
UPDATE "premium_payments" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "premium_payments_agency_updated_idx" ON "premium_payments" USING btree ("agency_id","updated_at","id");
