CREATE TABLE "change_feed" (
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "change_feed_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" uuid NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"op" text NOT NULL,
	"event_type" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_feed_pkey" PRIMARY KEY("agency_id","seq"),
	CONSTRAINT "change_feed_op_check" CHECK (op in ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "change_feed" ADD CONSTRAINT "change_feed_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_feed_agency_order_idx" ON "change_feed" USING btree ("agency_id","txid","seq");