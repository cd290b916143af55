CREATE TABLE "sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"outcome" text NOT NULL,
	CONSTRAINT "sign_in_attempts_outcome_check" CHECK (outcome in ('success', 'wrong_password', 'locked_out', 'unconfirmed'))
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_user_created_idx" ON "sign_in_attempts" USING btree ("user_id","created_at" DESC NULLS FIRST);