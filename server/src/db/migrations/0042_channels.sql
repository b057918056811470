CREATE TABLE "channel_callbacks" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"message_id" uuid,
	"kind" text,
	"user_id" uuid,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"template" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider_message_id" text,
	"outbox_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"segments" integer,
	"cost_units" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_opt_outs" (
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"channel_order" text[] DEFAULT array['push','whatsapp','sms','email']::text[] NOT NULL,
	"sms_provider" text,
	"sms_fallback" text,
	"sms_sender_id" text DEFAULT '' NOT NULL,
	"sms_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_sms" text,
	"sms_price_units" integer DEFAULT 2450 NOT NULL,
	"whatsapp_phone_number_id" text DEFAULT '' NOT NULL,
	"sealed_whatsapp" text,
	"whatsapp_price_units" jsonb DEFAULT '{"marketing":8000,"utility":1200,"authentication":1200,"service":0}'::jsonb NOT NULL,
	"quiet_start" text DEFAULT '21:00' NOT NULL,
	"quiet_end" text DEFAULT '07:00' NOT NULL,
	"brand_colour" text DEFAULT '#1c7ed6' NOT NULL,
	"email_footer" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "channel_settings_single_row" CHECK ("channel_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_conversations" (
	"address" text PRIMARY KEY NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"category" text DEFAULT 'utility' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_message_id_bulk_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_settings" ADD CONSTRAINT "channel_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_callbacks_uq" ON "channel_callbacks" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "channel_callbacks_received_idx" ON "channel_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_provider_msg_uq" ON "channel_deliveries" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_message_user_uq" ON "channel_deliveries" USING btree ("message_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "channel_deliveries_user_idx" ON "channel_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_opt_outs_uq" ON "channel_opt_outs" USING btree ("channel","address");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_lang_uq" ON "whatsapp_templates" USING btree ("name","language");