ALTER TABLE "event_registrations" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registrations_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
CREATE INDEX "event_registrations_waitlist_idx" ON "event_registrations" USING btree ("event_id","status","created_at");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_status_ck" CHECK ("event_registrations"."status" in ('registered', 'waitlisted'));--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_guests_ck" CHECK ("event_registrations"."guests" >= 0);