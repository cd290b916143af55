CREATE TABLE "digest_deliveries" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"agency_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_dedupeKey_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('policy_assigned', 'renewal_window', 'renewal_lapsed', 'invitation_accepted', 'payment_approved', 'payment_rejected'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "remarket_threshold" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_state" text DEFAULT 'not_started' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewed_from_id" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "remarket" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "digest_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
-- Hand-written: SET NULL of the link column only (PostgreSQL 15+), so the row keeps its agency.
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewed_from_fk" FOREIGN KEY ("agency_id","renewed_from_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE SET NULL ("renewed_from_id") ON UPDATE no action;--> statement-breakpoint
-- Hand-written backfill: existing policies go to their creator while a member of the agency, else to the owner.
UPDATE "policies" AS p SET "assignee_id" = CASE
  WHEN EXISTS (SELECT 1 FROM "agency_members" m WHERE m."agency_id" = p."agency_id" AND m."user_id" = p."created_by") THEN p."created_by"
  ELSE (SELECT a."owner_id" FROM "agencies" a WHERE a."id" = p."agency_id")
END;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_assignee_fk" FOREIGN KEY ("agency_id","assignee_id") REFERENCES "public"."agency_members"("agency_id","user_id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_agency_end_idx" ON "policies" USING btree ("agency_id","end_date","renewal_state","status","premium_amount","policy_type","assignee_id","insurance_company","id");--> statement-breakpoint
CREATE INDEX "policies_agency_assignee_end_idx" ON "policies" USING btree ("agency_id","assignee_id","end_date");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewed_from_uq" UNIQUE("agency_id","renewed_from_id");--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_remarket_threshold_check" CHECK (remarket_threshold between 0 and 1000);--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewal_state_check" CHECK (renewal_state in ('not_started', 'contacted', 'quoted', 'renewed', 'lost'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_lost_reason_check" CHECK (lost_reason is null or lost_reason in ('price', 'coverage', 'service', 'moved_or_sold', 'other'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_lost_has_reason_check" CHECK ((renewal_state = 'lost') = (lost_reason is not null));