-- The client portal (issue 32). SET NULL (policy_id) / (task_id) only (PostgreSQL 15+): a request keeps its agency when its policy or task goes.
CREATE TABLE "portal_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_access_agency_customer_uq" UNIQUE("agency_id","customer_id"),
	CONSTRAINT "portal_access_agency_id_uq" UNIQUE("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"policy_id" uuid,
	"task_id" uuid,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_requests_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "portal_requests_kind_check" CHECK (kind in ('add_driver', 'add_vehicle', 'change_address', 'cancel', 'certificate', 'other')),
	CONSTRAINT "portal_requests_state_check" CHECK (state in ('received', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"access_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "shared_with_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE SET NULL ("policy_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_requests" ADD CONSTRAINT "portal_requests_task_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."tasks"("agency_id","id") ON DELETE SET NULL ("task_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_access_id_portal_access_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."portal_access"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_access_email_idx" ON "portal_access" USING btree ("email");--> statement-breakpoint
CREATE INDEX "portal_requests_customer_idx" ON "portal_requests" USING btree ("agency_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_sessions_access_idx" ON "portal_sessions" USING btree ("access_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_expires_idx" ON "portal_sessions" USING btree ("expires_at");