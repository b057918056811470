-- Every change to a users row (or its deletion), whichever code path makes it, is announced on the
-- chat bus's channel when its transaction commits, so what an instance keeps of the person (the
-- signed-in user cache, plugins/user-cache.ts) is dropped: a granted permission or a new name too, not
-- only what moves the token version (migration 0029 announces those as session-ended). One
-- notification per statement: up to 100 ids, otherwise "everyone" (no ids), which stays under
-- NOTIFY's 8000-byte limit.
CREATE OR REPLACE FUNCTION users_announce_change() RETURNS trigger AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM old_rows LIMIT 101) changed;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('church_chat', json_build_object(
    'o', 'database',
    'e', CASE WHEN array_length(ids, 1) > 100 THEN json_build_object('t', 'users-changed')
              ELSE json_build_object('t', 'users-changed', 'userIds', ids) END
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_announce_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_announce_change();
