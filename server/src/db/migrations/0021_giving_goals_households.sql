CREATE TABLE "giving_goal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"fund" text,
	"target_cents" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giving_goals_dates" CHECK ("giving_goals"."ends_on" >= "giving_goals"."starts_on"),
	CONSTRAINT "giving_goals_target" CHECK ("giving_goals"."target_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD COLUMN "contributor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "giving_goal_events" ADD CONSTRAINT "giving_goal_events_goal_id_giving_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."giving_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_goal_events" ADD CONSTRAINT "giving_goal_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_goals" ADD CONSTRAINT "giving_goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giving_goal_events_goal_idx" ON "giving_goal_events" USING btree ("goal_id","at");