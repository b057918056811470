CREATE TABLE "tax_certificate_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_year" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"issued" integer,
	"already_issued" integer,
	"skipped" integer,
	"first_receipt" integer,
	"last_receipt" integer,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tax_certificate_runs" ADD CONSTRAINT "tax_certificate_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_certificate_runs_year_idx" ON "tax_certificate_runs" USING btree ("tax_year","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_certificate_runs_one_waiting_uq" ON "tax_certificate_runs" USING btree ("tax_year") WHERE "tax_certificate_runs"."status" = 'queued' and "tax_certificate_runs"."attempts" = 0;