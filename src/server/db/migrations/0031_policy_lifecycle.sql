ALTER TABLE "policies" DROP CONSTRAINT "policies_status_check";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "bound" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_effective_date" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_method" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "unearned_premium" numeric(14, 2);--> statement-breakpoint
-- Issue 29 (decision 052): the agent's old choice becomes "bound"; a cancellation from before keeps
-- its status with an effective date inside its term (the day it was last changed), without reason.
UPDATE "policies" SET "bound" = ("status" <> 'pending');--> statement-breakpoint
UPDATE "policies" SET "cancel_effective_date" = greatest("start_date", least("updated_at"::date, "end_date" - 1)) WHERE "status" = 'cancelled';--> statement-breakpoint
-- every term's status by the rule on its agency's today (derivePolicyStatus, #shared/policy-status.ts)
UPDATE "policies" p SET "status" = CASE
    WHEN p."cancel_effective_date" IS NOT NULL AND p."cancel_effective_date" <= d.today THEN 'cancelled'
    WHEN p."end_date" <= d.today THEN CASE p."renewal_state" WHEN 'renewed' THEN 'renewed' WHEN 'lost' THEN 'lost' ELSE 'expired' END
    WHEN p."start_date" > d.today OR NOT p."bound" THEN 'pending'
    ELSE 'active' END
  -- a zone PostgreSQL does not know counts as UTC, as agencyToday() does
  FROM (SELECT a."id", (now() AT TIME ZONE coalesce((SELECT n."name" FROM pg_timezone_names n WHERE n."name" = a."timezone" LIMIT 1), 'UTC'))::date AS today FROM "agencies" a) d
  WHERE d."id" = p."agency_id";--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_cancel_reason_check" CHECK (cancel_reason is null or cancel_reason in ('client_request', 'non_payment', 'underwriting', 'replaced'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_cancel_method_check" CHECK (cancel_method is null or cancel_method in ('pro_rata', 'flat'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_cancel_whole_check" CHECK (cancel_effective_date is not null or (cancel_reason is null and cancel_method is null and unearned_premium is null));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK (status in ('pending', 'active', 'expired', 'renewed', 'lost', 'cancelled'));