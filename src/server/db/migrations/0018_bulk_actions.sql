CREATE TABLE "bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"created_by" text,
	"entity" text NOT NULL,
	"kind" text NOT NULL,
	"action" jsonb NOT NULL,
	"summary" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"targets" uuid[] NOT NULL,
	"total" integer NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"ignored_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	"purged_at" timestamp with time zone,
	CONSTRAINT "bulk_actions_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "bulk_actions_entity_check" CHECK (entity in ('policies', 'customers')),
	CONSTRAINT "bulk_actions_kind_check" CHECK (kind in ('set_status', 'assign', 'set_type', 'delete')),
	CONSTRAINT "bulk_actions_state_check" CHECK (state in ('running', 'done', 'failed', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "bulk_journal" (
	"bulk_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"label" text NOT NULL,
	"before" text,
	"after" text,
	"version_at" timestamp with time zone,
	"previous_at" timestamp with time zone,
	"snapshot" jsonb,
	CONSTRAINT "bulk_journal_bulk_id_record_id_pk" PRIMARY KEY("bulk_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_journal" ADD CONSTRAINT "bulk_journal_action_fk" FOREIGN KEY ("agency_id","bulk_id") REFERENCES "public"."bulk_actions"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_actions_agency_created_idx" ON "bulk_actions" USING btree ("agency_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bulk_actions_running_idx" ON "bulk_actions" USING btree ("locked_until") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "bulk_actions_purge_idx" ON "bulk_actions" USING btree ("created_at") WHERE purged_at is null;