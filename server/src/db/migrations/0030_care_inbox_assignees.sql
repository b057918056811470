ALTER TABLE "prayers" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "prayers" ADD CONSTRAINT "prayers_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitors_status_idx" ON "visitors" USING btree ("status");