CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"posted_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"balance_cents" integer,
	"status" text NOT NULL,
	"match_reason" text,
	"candidate_donation_id" uuid,
	"candidate_user_id" uuid,
	"donation_id" uuid,
	"dismiss_reason" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" in ('matched', 'suggested', 'unmatched', 'confirmed', 'dismissed')),
	CONSTRAINT "bank_statement_lines_credit" CHECK ("bank_statement_lines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" text NOT NULL,
	"account" text NOT NULL,
	"file_name" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"debits" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_candidate_donation_id_donations_id_fk" FOREIGN KEY ("candidate_donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_candidate_user_id_users_id_fk" FOREIGN KEY ("candidate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_uq" ON "bank_statement_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_donation_uq" ON "bank_statement_lines" USING btree ("donation_id") WHERE "bank_statement_lines"."donation_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","posted_on");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_user_idx" ON "bank_statement_lines" USING btree ("candidate_user_id");--> statement-breakpoint
CREATE INDEX "bank_statements_imported_idx" ON "bank_statements" USING btree ("imported_at");