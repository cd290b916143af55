CREATE TABLE "agency_branding" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"primary_color" text,
	"support_email" text,
	"support_phone" text,
	"logo_key" text,
	"logo_hash" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_branding_color_check" CHECK (primary_color is null or primary_color ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "agency_branding" ADD CONSTRAINT "agency_branding_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_branding" ADD CONSTRAINT "agency_branding_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;