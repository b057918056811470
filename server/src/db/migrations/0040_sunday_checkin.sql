CREATE TABLE "checkin_children" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"grade" integer,
	"allergies" text,
	"medical_notes" text
);
--> statement-breakpoint
CREATE TABLE "checkin_collectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"relationship" text,
	"authorised" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"card_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_reversed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"min_months" integer,
	"max_months" integer,
	"min_grade" integer,
	"max_grade" integer,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"service_day" date NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'in' NOT NULL,
	"duplicate_of" uuid,
	"source" text NOT NULL,
	"kiosk_id" uuid,
	"checked_in_by" uuid,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"checked_out_at" timestamp with time zone,
	"released_to" text,
	"release_method" text,
	"collector_id" uuid,
	"released_by" uuid
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"printer_id" uuid,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"printer_id" uuid,
	"printer_name" text NOT NULL,
	"service_day" date NOT NULL,
	"code" text NOT NULL,
	"labels" jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_codes" (
	"service_day" date NOT NULL,
	"code" text NOT NULL,
	"family_id" uuid,
	"kiosk_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "security_codes_service_day_code_pk" PRIMARY KEY("service_day","code")
);
--> statement-breakpoint
ALTER TABLE "checkin_children" ADD CONSTRAINT "checkin_children_family_id_checkin_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."checkin_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_collectors" ADD CONSTRAINT "checkin_collectors_family_id_checkin_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."checkin_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_guardians" ADD CONSTRAINT "checkin_guardians_family_id_checkin_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."checkin_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_guardians" ADD CONSTRAINT "checkin_guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_family_id_checkin_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."checkin_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_child_id_checkin_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."checkin_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_room_id_checkin_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."checkin_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_collector_id_checkin_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."checkin_collectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_printer_id_label_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."label_printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_print_jobs" ADD CONSTRAINT "label_print_jobs_printer_id_label_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."label_printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_codes" ADD CONSTRAINT "security_codes_family_id_checkin_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."checkin_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_codes" ADD CONSTRAINT "security_codes_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_children_family_idx" ON "checkin_children" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "checkin_collectors_family_idx" ON "checkin_collectors" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_families_card_uq" ON "checkin_families" USING btree ("card_code");--> statement-breakpoint
CREATE INDEX "checkin_guardians_family_idx" ON "checkin_guardians" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "checkin_guardians_phone_rev_idx" ON "checkin_guardians" USING btree ("phone_reversed" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "checkins_service_idx" ON "checkins" USING btree ("service_id","room_id");--> statement-breakpoint
CREATE INDEX "checkins_code_idx" ON "checkins" USING btree ("service_day","code");--> statement-breakpoint
CREATE INDEX "checkins_batch_idx" ON "checkins" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_child_in_uq" ON "checkins" USING btree ("service_id","child_id") WHERE status <> 'duplicate';--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_key_uq" ON "kiosks" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "label_print_jobs_status_idx" ON "label_print_jobs" USING btree ("status","created_at");