ALTER TABLE "customer_communications" ADD COLUMN "corrects_id" uuid;--> statement-breakpoint
-- hand-ordered: the unique (agency_id, id) key must exist before the composite FK that references it
ALTER TABLE "customer_communications" ADD CONSTRAINT "communications_agency_id_uq" UNIQUE("agency_id","id");--> statement-breakpoint
ALTER TABLE "customer_communications" ADD CONSTRAINT "communications_corrects_fk" FOREIGN KEY ("agency_id","corrects_id") REFERENCES "public"."customer_communications"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_timeline_idx" ON "customer_communications" USING btree ("agency_id","customer_id","communication_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);
