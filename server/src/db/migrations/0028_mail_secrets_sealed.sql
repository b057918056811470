ALTER TABLE "email_outbox" ADD COLUMN "sealed_secret" text;
--> statement-breakpoint
-- Reset links queued before secrets were sealed sat in the stored body, readable in every backup:
-- take them out (they were valid for one hour; the person can ask again).
UPDATE "email_outbox" SET "body_text" = regexp_replace("body_text", '\S*/reset-password\?token=\S*', '(a personal link: sent only by e-mail, never kept here)', 'g')
  WHERE "body_text" LIKE '%/reset-password?token=%';
