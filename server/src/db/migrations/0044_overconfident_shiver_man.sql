ALTER TABLE "donations" ADD COLUMN "receipt_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "giving_funds" ADD COLUMN "section_18a" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "gifts_up_to" timestamp with time zone;--> statement-breakpoint
-- A church that already certified gifts to a fund keeps certifying it (a donor's certificates within one tax year stay alike); the treasurer reviews each fund's flag on the Funds tab. Every other fund starts not eligible.
UPDATE "giving_funds" SET "section_18a" = true WHERE "name" IN (SELECT DISTINCT d."fund" FROM "donations" d JOIN "tax_certificate_gifts" l ON l."donation_id" = d."id");
--> statement-breakpoint
-- Certificates issued before their tax year ended (South African time: the product's default zone) covered the gifts up to their issue.
UPDATE "tax_certificates" SET "gifts_up_to" = "issued_at" WHERE "issued_at" < (make_date("tax_year", 3, 1)::timestamp AT TIME ZONE 'Africa/Johannesburg');
