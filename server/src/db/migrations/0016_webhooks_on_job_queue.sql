DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "locked_until";