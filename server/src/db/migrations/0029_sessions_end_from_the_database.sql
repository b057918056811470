-- A session ends whenever the token version moves on (migration 0015 moves it with the password,
-- e-mail, role and active flag, whatever code path changes them) or the account row goes. The
-- database announces it on the chat bus's channel as it commits, so every instance closes the
-- person's sockets at once: no code path has to remember to publish, and a rolled-back change
-- announces nothing. The envelope is the bus's own (realtime/bus.ts); origin 'database' is
-- no instance, so every instance, the one that made the change included, delivers it.
CREATE OR REPLACE FUNCTION users_announce_session_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('church_chat', json_build_object(
    'o', 'database',
    'e', json_build_object('t', 'session-ended', 'userId', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_announce_session_ended AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.token_version IS DISTINCT FROM OLD.token_version)
  EXECUTE FUNCTION users_announce_session_ended();
--> statement-breakpoint
CREATE TRIGGER users_announce_account_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_announce_session_ended();
