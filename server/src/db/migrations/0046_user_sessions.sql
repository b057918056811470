CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"ip_prefix" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","last_used_at");--> statement-breakpoint
-- A revoked (or deleted) session is announced on the chat bus's channel as it commits, whatever code
-- path ended it (sign out, sign out everywhere): every instance drops what it keeps of the session
-- (plugins/user-cache.ts) and closes the chat sockets opened with it (realtime/hub.ts). Origin
-- 'database' is no instance's, so the instance that made the change delivers it too (migration 0029).
CREATE OR REPLACE FUNCTION user_sessions_announce_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('church_chat', json_build_object(
    'o', 'database',
    'e', json_build_object('t', 'sessions-revoked', 'userId', OLD.user_id, 'sessionIds', json_build_array(OLD.id))
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_sessions_announce_revoke AFTER UPDATE ON user_sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at)
  EXECUTE FUNCTION user_sessions_announce_revoked();
--> statement-breakpoint
CREATE TRIGGER user_sessions_announce_delete AFTER DELETE ON user_sessions
  FOR EACH ROW EXECUTE FUNCTION user_sessions_announce_revoked();
--> statement-breakpoint
-- Whatever moves the token version (password, e-mail, role, disabled: migration 0015) ends the person's
-- sessions too, so their list shows only sign-ins that still open something. A session made after the
-- change in the same transaction (the new token of a password change) is not touched.
CREATE OR REPLACE FUNCTION users_revoke_sessions() RETURNS trigger AS $$
BEGIN
  UPDATE user_sessions SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_revoke_sessions AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.token_version IS DISTINCT FROM OLD.token_version)
  EXECUTE FUNCTION users_revoke_sessions();
