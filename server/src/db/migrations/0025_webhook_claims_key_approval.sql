DROP INDEX "webhook_attempts_delivery_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- An attempt recorded twice (two workers racing before this constraint existed): keep the first row.
DELETE FROM "webhook_attempts" a USING "webhook_attempts" b WHERE a."delivery_id" = b."delivery_id" AND a."attempt" = b."attempt" AND (a."at", a."id") > (b."at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_attempt_uq" ON "webhook_attempts" USING btree ("delivery_id","attempt");