CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"created_by" text,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"duplicates" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_customer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_policy_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_kind_check" CHECK (kind in ('customers', 'policies')),
	CONSTRAINT "import_duplicates_check" CHECK (duplicates in ('skip', 'update')),
	CONSTRAINT "import_status_check" CHECK (status in ('running', 'done', 'stopped', 'failed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_agency_created_idx" ON "import_jobs" USING btree ("agency_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_uq" ON "import_jobs" USING btree ("agency_id") WHERE status = 'running';