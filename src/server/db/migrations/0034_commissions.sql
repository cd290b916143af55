CREATE TABLE "commission_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"statement_id" uuid,
	"policy_id" uuid,
	"line_no" integer,
	"policy_number" text,
	"insured_name" text,
	"premium" numeric(14, 2),
	"amount" numeric(14, 2) NOT NULL,
	"received_on" date NOT NULL,
	"transaction_type" text,
	"status" text NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_lines_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "commission_lines_status_check" CHECK (status in ('matched', 'unmatched', 'ignored')),
	CONSTRAINT "commission_lines_matched_check" CHECK ((status = 'matched') = (policy_id is not null))
);
--> statement-breakpoint
CREATE TABLE "commission_overrides" (
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_overrides_pkey" PRIMARY KEY("agency_id","policy_id"),
	CONSTRAINT "commission_overrides_rate_check" CHECK (rate >= 0 and rate <= 100)
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"carrier_key" text NOT NULL,
	"line" text NOT NULL,
	"business" text NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "commission_rates_business_check" CHECK (business in ('new', 'renewal')),
	CONSTRAINT "commission_rates_rate_check" CHECK (rate >= 0 and rate <= 100)
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"tolerance" numeric(14, 2) DEFAULT '1.00' NOT NULL,
	"mappings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_settings_tolerance_check" CHECK (tolerance >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"period" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "commission_statements_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "commission_statements_status_check" CHECK (status in ('applied', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_statement_fk" FOREIGN KEY ("agency_id","statement_id") REFERENCES "public"."commission_statements"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_overrides" ADD CONSTRAINT "commission_overrides_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_lines_agency_policy_idx" ON "commission_lines" USING btree ("agency_id","policy_id","amount");--> statement-breakpoint
CREATE INDEX "commission_lines_agency_statement_idx" ON "commission_lines" USING btree ("agency_id","statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_schedule_uq" ON "commission_rates" USING btree ("agency_id","carrier_key","line","business","effective_from");--> statement-breakpoint
CREATE INDEX "commission_statements_agency_created_idx" ON "commission_statements" USING btree ("agency_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commission_statements_agency_hash_idx" ON "commission_statements" USING btree ("agency_id","content_hash");