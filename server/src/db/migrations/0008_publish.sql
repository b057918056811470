CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"author_id" uuid,
	"priority" text DEFAULT 'medium' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sermon_preparations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pastor_id" uuid NOT NULL,
	"title" text NOT NULL,
	"scriptures" text DEFAULT '' NOT NULL,
	"outline" text DEFAULT '' NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"preach_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"sermon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sermon_views" (
	"sermon_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "sermon_views_sermon_id_visitor_day_pk" PRIMARY KEY("sermon_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_preparations" ADD CONSTRAINT "sermon_preparations_pastor_id_users_id_fk" FOREIGN KEY ("pastor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_preparations" ADD CONSTRAINT "sermon_preparations_sermon_id_sermons_id_fk" FOREIGN KEY ("sermon_id") REFERENCES "public"."sermons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_views" ADD CONSTRAINT "sermon_views_sermon_id_sermons_id_fk" FOREIGN KEY ("sermon_id") REFERENCES "public"."sermons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_window_idx" ON "announcements" USING btree ("published","start_date","end_date");--> statement-breakpoint
CREATE INDEX "sermon_preparations_pastor_idx" ON "sermon_preparations" USING btree ("pastor_id","updated_at");--> statement-breakpoint
CREATE INDEX "sermon_views_day_idx" ON "sermon_views" USING btree ("day");