CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"ip" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_password_length" integer DEFAULT 8 NOT NULL,
	"require_admin_two_factor" boolean DEFAULT false NOT NULL,
	"session_lifetime_days" integer DEFAULT 30 NOT NULL,
	"sign_up_limit_per_hour" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_password_check" CHECK ("platform_settings"."min_password_length" between 8 and 128),
	CONSTRAINT "platform_settings_session_check" CHECK ("platform_settings"."session_lifetime_days" between 1 and 365),
	CONSTRAINT "platform_settings_signup_check" CHECK ("platform_settings"."sign_up_limit_per_hour" between 1 and 10000)
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_email","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_label_idx" ON "audit_log" USING btree ("target_label","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_id_idx" ON "audit_log" USING btree ("target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_trial_ends_idx" ON "user" USING btree ("trial_ends_at") WHERE subscription_status = 'trialing';--> statement-breakpoint
-- Hand-written: the audit log is append-only in the database itself, whoever connects.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
-- Hand-written: the single settings row, with the defaults the app had before it was configurable.
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
