CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"agency_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"backoff_ms" integer DEFAULT 30000 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"singleton_key" text,
	"progress" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK (state in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_state_created_idx" ON "jobs" USING btree ("state","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_uq" ON "jobs" USING btree ("singleton_key") WHERE state in ('queued', 'running');