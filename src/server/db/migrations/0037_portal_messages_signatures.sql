-- Client portal messages, client uploads ("from client") and signature requests (issue 32). SET NULL (signed_document_id) only: a request keeps its agency when its signed copy is purged.
CREATE TABLE "portal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"from_client" boolean NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_messages_agency_id_uq" UNIQUE("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"signed_document_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"requested_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"signer_name" text,
	"signature_kind" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"signer_user_agent" text,
	"original_sha256" text,
	"signed_sha256" text,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_requests_agency_id_uq" UNIQUE("agency_id","id"),
	CONSTRAINT "signature_requests_state_check" CHECK (state in ('pending', 'signed', 'declined', 'expired')),
	CONSTRAINT "signature_requests_kind_check" CHECK (signature_kind is null or signature_kind in ('typed', 'drawn'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "from_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_fk" FOREIGN KEY ("agency_id","document_id") REFERENCES "public"."documents"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_signed_fk" FOREIGN KEY ("agency_id","signed_document_id") REFERENCES "public"."documents"("agency_id","id") ON DELETE SET NULL ("signed_document_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_messages_customer_idx" ON "portal_messages" USING btree ("agency_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_requests_customer_idx" ON "signature_requests" USING btree ("agency_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_requests_pending_idx" ON "signature_requests" USING btree ("expires_at") WHERE state = 'pending';--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('policy_assigned', 'renewal_window', 'renewal_lapsed', 'invitation_accepted', 'payment_approved', 'payment_rejected', 'task_assigned', 'opportunity_assigned', 'webhook_disabled', 'portal_message', 'signature_answered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('policy_assigned', 'renewal_window', 'renewal_lapsed', 'invitation_accepted', 'payment_approved', 'payment_rejected', 'task_assigned', 'opportunity_assigned', 'webhook_disabled', 'portal_message', 'signature_answered'));