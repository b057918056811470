-- A change to what a session rests on (the password, the e-mail, the role, the
-- account being disabled) moves the token version on, whichever code path makes
-- it: every token signed before is refused from then on, and open chat sockets
-- are closed on their next action or sweep. A caller that already moved the
-- version itself is left alone.
CREATE OR REPLACE FUNCTION users_end_sessions_on_change() RETURNS trigger AS $$
BEGIN
  IF NEW.token_version = OLD.token_version AND (
       NEW.password_hash IS DISTINCT FROM OLD.password_hash
    OR NEW.email IS DISTINCT FROM OLD.email
    OR NEW.role IS DISTINCT FROM OLD.role
    OR NEW.is_active IS DISTINCT FROM OLD.is_active
  ) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_end_sessions_on_change BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_end_sessions_on_change();
