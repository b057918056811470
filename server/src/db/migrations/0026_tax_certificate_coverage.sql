CREATE TABLE "tax_certificate_gifts" (
	"certificate_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tax_certificate_gifts_certificate_id_donation_id_pk" PRIMARY KEY("certificate_id","donation_id")
);
--> statement-breakpoint
DROP INDEX "tax_certificates_year_user_uq";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "status" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_certificate_gifts" ADD CONSTRAINT "tax_certificate_gifts_certificate_id_tax_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."tax_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificate_gifts" ADD CONSTRAINT "tax_certificate_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_certificate_gifts_current_uq" ON "tax_certificate_gifts" USING btree ("donation_id") WHERE "tax_certificate_gifts"."current";--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_replaces_id_tax_certificates_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."tax_certificates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_certificates_year_user_idx" ON "tax_certificates" USING btree ("tax_year","user_id");--> statement-breakpoint
CREATE INDEX "tax_certificates_replaces_idx" ON "tax_certificates" USING btree ("replaces_id");--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_status" CHECK ("tax_certificates"."status" in ('issued', 'cancelled'));--> statement-breakpoint
-- Gifts refunded before this column existed: the refund's own history entry says when.
UPDATE "donations" d SET "refunded_at" = e.at
  FROM (SELECT donation_id, max(at) AS at FROM "donation_events" WHERE kind = 'refunded' GROUP BY donation_id) e
  WHERE d.id = e.donation_id AND d.status = 'refunded';--> statement-breakpoint
UPDATE "donations" SET "refunded_at" = "updated_at" WHERE "status" = 'refunded' AND "refunded_at" IS NULL;--> statement-breakpoint
-- Certificates issued before coverage was recorded: each frozen gift line is the donation of the holder (or a
-- household member on it) given at that instant. The amount is the one certified, so a gift changed since then
-- shows as disagreeing with the books (deliverability) instead of being certified a second time.
INSERT INTO "tax_certificate_gifts" ("certificate_id", "donation_id", "amount_cents", "current")
  SELECT DISTINCT ON (d.id) c.id, d.id, (g->>'amountCents')::int, true
  FROM "tax_certificates" c
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.gifts) = 'array' THEN c.gifts ELSE '[]'::jsonb END) g
  JOIN "donations" d ON d.given_at = (g->>'date')::timestamptz
    AND (d.user_id = c.user_id OR d.user_id = ANY(c.contributor_ids))
  ORDER BY d.id, c.issued_at, c.receipt_number
  ON CONFLICT DO NOTHING;
