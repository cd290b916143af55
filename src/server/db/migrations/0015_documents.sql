-- Hand-written: the two composite document links null only their own column (SET NULL ("customer_id") / ("policy_id")),
-- never agency_id; drizzle-kit cannot express this (as in 0009 and 0012).
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid,
	"policy_id" uuid,
	"name" text NOT NULL,
	"storage_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "documents_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "documents_status_check" CHECK (status in ('pending', 'ready')),
	CONSTRAINT "documents_size_check" CHECK (size >= 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE SET NULL ("policy_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_list_created_idx" ON "documents" USING btree ("agency_id","created_at" DESC NULLS LAST,"id") WHERE deleted_at is null and status = 'ready';--> statement-breakpoint
CREATE INDEX "documents_list_size_idx" ON "documents" USING btree ("agency_id","size","id") WHERE deleted_at is null and status = 'ready';--> statement-breakpoint
CREATE INDEX "documents_trash_idx" ON "documents" USING btree ("agency_id","deleted_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "documents_purge_idx" ON "documents" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "documents_pending_idx" ON "documents" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("agency_id","customer_id","created_at" DESC NULLS LAST) WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "documents_policy_idx" ON "documents" USING btree ("agency_id","policy_id","created_at" DESC NULLS LAST) WHERE policy_id is not null;--> statement-breakpoint
CREATE INDEX "documents_uploader_idx" ON "documents" USING btree ("agency_id","uploaded_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_type_idx" ON "documents" USING btree ("agency_id","content_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin (lower("name") gin_trgm_ops);