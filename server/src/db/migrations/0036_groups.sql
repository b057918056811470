CREATE TABLE "group_attendance" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"present" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" uuid,
	CONSTRAINT "group_attendance_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_attendance_marks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"present" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" uuid,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_care_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"missed" integer NOT NULL,
	"last_attended_at" timestamp with time zone,
	"assignee_id" uuid,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "group_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"headcount" integer,
	"present_count" integer DEFAULT 0 NOT NULL,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"visitor_count" integer DEFAULT 0 NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"overseer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"drift_after_meetings" integer DEFAULT 3 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_settings_single_row" CHECK ("group_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "group_visitors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"phone_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meeting_day" smallint,
	"meeting_time" text,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"meeting_place" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"is_open" boolean DEFAULT true NOT NULL,
	"show_members" boolean DEFAULT false NOT NULL,
	"picture_file" text,
	"network_id" uuid,
	"chat_room_id" uuid,
	"scheduled_until" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance_marks" ADD CONSTRAINT "group_attendance_marks_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance_marks" ADD CONSTRAINT "group_attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_care_alerts" ADD CONSTRAINT "group_care_alerts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_care_alerts" ADD CONSTRAINT "group_care_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_care_alerts" ADD CONSTRAINT "group_care_alerts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_care_alerts" ADD CONSTRAINT "group_care_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meetings" ADD CONSTRAINT "group_meetings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_networks" ADD CONSTRAINT "group_networks_overseer_id_users_id_fk" FOREIGN KEY ("overseer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settings" ADD CONSTRAINT "group_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_visitors" ADD CONSTRAINT "group_visitors_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_visitors" ADD CONSTRAINT "group_visitors_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_visitors" ADD CONSTRAINT "group_visitors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_network_id_group_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."group_networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_chat_room_id_chat_rooms_id_fk" FOREIGN KEY ("chat_room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_attendance_user_idx" ON "group_attendance" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "group_attendance_marks_meeting_idx" ON "group_attendance_marks" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_care_alerts_open_uq" ON "group_care_alerts" USING btree ("group_id","user_id") WHERE "group_care_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "group_care_alerts_assignee_idx" ON "group_care_alerts" USING btree ("assignee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_meetings_group_starts_uq" ON "group_meetings" USING btree ("group_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_meetings_starts_idx" ON "group_meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "group_members_group_status_idx" ON "group_members" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_networks_path_idx" ON "group_networks" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "group_networks_parent_idx" ON "group_networks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "group_networks_overseer_idx" ON "group_networks" USING btree ("overseer_id");--> statement-breakpoint
CREATE INDEX "group_visitors_meeting_idx" ON "group_visitors" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "group_visitors_group_phone_idx" ON "group_visitors" USING btree ("group_id","phone_key");--> statement-breakpoint
CREATE INDEX "groups_network_idx" ON "groups" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "groups_name_idx" ON "groups" USING btree ("name","id");