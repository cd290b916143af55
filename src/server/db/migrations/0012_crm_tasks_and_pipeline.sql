CREATE TABLE "opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid,
	"prospect_name" text,
	"prospect_email" text,
	"prospect_phone" text,
	"source" text,
	"line" text NOT NULL,
	"estimated_premium" numeric(14, 2) DEFAULT '0' NOT NULL,
	"expected_close_date" date,
	"assignee_id" text,
	"stage" text DEFAULT 'new_lead' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lost_reason" text,
	"converted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "opportunities_stage_check" CHECK (stage in ('new_lead', 'contacted', 'quoted', 'won', 'lost')),
	CONSTRAINT "opportunities_line_check" CHECK (line in ('car', 'fire')),
	CONSTRAINT "opportunities_premium_check" CHECK (estimated_premium >= 0)
);
--> statement-breakpoint
CREATE TABLE "opportunity_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_stage_history_to_check" CHECK (to_stage in ('new_lead', 'contacted', 'quoted', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_at" timestamp with time zone NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assignee_id" text,
	"customer_id" uuid,
	"policy_id" uuid,
	"opportunity_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "tasks_priority_check" CHECK (priority in ('low', 'normal', 'high'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_assignee_fk" FOREIGN KEY ("agency_id","assignee_id") REFERENCES "public"."agency_members"("agency_id","user_id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_stage_history" ADD CONSTRAINT "opportunity_stage_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_stage_history" ADD CONSTRAINT "opportunity_stage_history_opportunity_fk" FOREIGN KEY ("agency_id","opportunity_id") REFERENCES "public"."opportunities"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_fk" FOREIGN KEY ("agency_id","assignee_id") REFERENCES "public"."agency_members"("agency_id","user_id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE SET NULL ("policy_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_opportunity_fk" FOREIGN KEY ("agency_id","opportunity_id") REFERENCES "public"."opportunities"("agency_id","id") ON DELETE SET NULL ("opportunity_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_agency_stage_idx" ON "opportunities" USING btree ("agency_id","stage","stage_changed_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "opportunities_agency_assignee_stage_idx" ON "opportunities" USING btree ("agency_id","assignee_id","stage");--> statement-breakpoint
CREATE INDEX "opportunities_agency_created_idx" ON "opportunities" USING btree ("agency_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "opportunities_customer_idx" ON "opportunities" USING btree ("agency_id","customer_id") WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "opportunity_stage_history_opportunity_idx" ON "opportunity_stage_history" USING btree ("opportunity_id","changed_at");--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" USING btree ("agency_id","assignee_id","due_at","id") WHERE completed_at is null;--> statement-breakpoint
CREATE INDEX "tasks_done_idx" ON "tasks" USING btree ("agency_id","assignee_id","completed_at" DESC NULLS FIRST,"id") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "tasks_customer_idx" ON "tasks" USING btree ("agency_id","customer_id") WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "tasks_policy_idx" ON "tasks" USING btree ("agency_id","policy_id") WHERE policy_id is not null;--> statement-breakpoint
CREATE INDEX "tasks_opportunity_idx" ON "tasks" USING btree ("agency_id","opportunity_id") WHERE opportunity_id is not null;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_kind_check" CHECK (kind in ('policy', 'customer', 'communication', 'payment', 'team', 'task', 'opportunity', 'document', 'bulk', 'integration', 'branding'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('policy_assigned', 'renewal_window', 'renewal_lapsed', 'invitation_accepted', 'payment_approved', 'payment_rejected', 'task_assigned', 'opportunity_assigned', 'webhook_disabled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('policy_assigned', 'renewal_window', 'renewal_lapsed', 'invitation_accepted', 'payment_approved', 'payment_rejected', 'task_assigned', 'opportunity_assigned', 'webhook_disabled'));