CREATE TABLE "giving_batch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_envelopes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_envelopes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "giving_batches" ADD COLUMN "batch_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "giving_batch_events" ADD CONSTRAINT "giving_batch_events_batch_id_giving_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."giving_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batch_events" ADD CONSTRAINT "giving_batch_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_envelopes" ADD CONSTRAINT "giving_envelopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giving_batch_events_batch_idx" ON "giving_batch_events" USING btree ("batch_id","at");--> statement-breakpoint
-- Batches opened before this change: their day is the (church-local) day they were opened.
UPDATE "giving_batches" SET "batch_date" = ("created_at" AT TIME ZONE 'Africa/Johannesburg')::date;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(donor_name, '') || ' ' || coalesce(reference, '') || ' ' || coalesce(external_ref, ''))) STORED;--> statement-breakpoint
CREATE INDEX "donations_search_trgm_idx" ON "donations" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "donations_amount_idx" ON "donations" USING btree ("amount_cents","given_at");