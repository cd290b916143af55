ALTER TABLE "commission_lines" ADD COLUMN "matched_by" text;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "imported_policy_id" uuid;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD COLUMN "imported_reason" text;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_matched_by_user_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;