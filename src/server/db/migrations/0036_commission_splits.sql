CREATE TABLE "commission_producer_splits" (
	"agency_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"new_business" numeric(7, 4) NOT NULL,
	"renewal" numeric(7, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_producer_splits_pkey" PRIMARY KEY("agency_id","user_id"),
	CONSTRAINT "commission_producer_splits_rate_check" CHECK (new_business between 0 and 100 and renewal between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "commission_term_splits" (
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"producer_id" text NOT NULL,
	"share" numeric(7, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_term_splits_pkey" PRIMARY KEY("agency_id","policy_id"),
	CONSTRAINT "commission_term_splits_share_check" CHECK (share > 0 and share < 100)
);
--> statement-breakpoint
ALTER TABLE "commission_producer_splits" ADD CONSTRAINT "commission_producer_splits_member_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."agency_members"("agency_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_term_splits" ADD CONSTRAINT "commission_term_splits_policy_fk" FOREIGN KEY ("agency_id","policy_id") REFERENCES "public"."policies"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_term_splits" ADD CONSTRAINT "commission_term_splits_producer_fk" FOREIGN KEY ("agency_id","producer_id") REFERENCES "public"."agency_members"("agency_id","user_id") ON DELETE cascade ON UPDATE no action;