CREATE TABLE "care_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text DEFAULT 'visit' NOT NULL,
	"visited_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"follow_up_on" date,
	"follow_up_done_at" timestamp with time zone,
	"assignee_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_by" uuid
);
--> statement-breakpoint
CREATE TABLE "leader_alert_prefs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"visitors" boolean DEFAULT true NOT NULL,
	"contact_messages" boolean DEFAULT true NOT NULL,
	"prayers" boolean DEFAULT true NOT NULL,
	"email_alerts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_visits" ADD CONSTRAINT "care_visits_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_visits" ADD CONSTRAINT "care_visits_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_visits" ADD CONSTRAINT "care_visits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_alert_prefs" ADD CONSTRAINT "leader_alert_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_visits_member_idx" ON "care_visits" USING btree ("member_id","visited_on");--> statement-breakpoint
CREATE INDEX "care_visits_follow_up_idx" ON "care_visits" USING btree ("follow_up_on");--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendance_event_user_uq" ON "event_attendance" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_attendance_user_idx" ON "event_attendance" USING btree ("user_id");