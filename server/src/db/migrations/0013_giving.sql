CREATE TABLE "donation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_tax_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"counted_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" uuid,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_funds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "giving_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_settings_single_row" CHECK ("giving_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "giving_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"frequency" text NOT NULL,
	"fund" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_subscriptions_token_unique" UNIQUE("token"),
	CONSTRAINT "giving_subscriptions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"source_ip" text NOT NULL,
	"reference" text,
	"provider_payment_id" text,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counter_single_row" CHECK ("receipt_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"total_cents" integer NOT NULL,
	"pbo" jsonb NOT NULL,
	"donor" jsonb NOT NULL,
	"gifts" jsonb NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "tax_certificates_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_events" ADD CONSTRAINT "donation_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_events" ADD CONSTRAINT "donation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_tax_profiles" ADD CONSTRAINT "donor_tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batches" ADD CONSTRAINT "giving_batches_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_batches" ADD CONSTRAINT "giving_batches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_subscriptions" ADD CONSTRAINT "giving_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_events_donation_idx" ON "donation_events" USING btree ("donation_id","at");--> statement-breakpoint
CREATE INDEX "giving_subscriptions_user_idx" ON "giving_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_received_idx" ON "payment_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_certificates_year_user_uq" ON "tax_certificates" USING btree ("tax_year","user_id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_reference_uq" ON "donations" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_provider_payment_uq" ON "donations" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "donations_batch_idx" ON "donations" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "donations_report_idx" ON "donations" USING btree ("given_at","fund","status","amount_cents","user_id");--> statement-breakpoint
CREATE INDEX "donations_fund_report_idx" ON "donations" USING btree ("fund","given_at","status","amount_cents","user_id");--> statement-breakpoint
-- Hand-written (giving): the default fund, the funds earlier donations name, and the receipt counter row.
INSERT INTO "giving_funds" ("name", "description") VALUES ('General', 'The church''s general fund') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "giving_funds" ("name") SELECT DISTINCT "fund" FROM "donations" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "receipt_counter" ("id", "last") VALUES (1, 0) ON CONFLICT DO NOTHING;
