ALTER TABLE "email_outbox" ADD COLUMN "consent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "consent_kind" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_consent_user_id_users_id_fk" FOREIGN KEY ("consent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_consent_user_idx" ON "email_outbox" USING btree ("consent_user_id");