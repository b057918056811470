CREATE TABLE "giving_day_totals" (
	"day" date NOT NULL,
	"fund" text NOT NULL,
	"status" text NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giving_day_totals_day_fund_status_pk" PRIMARY KEY("day","fund","status")
);
--> statement-breakpoint
CREATE TABLE "giving_giver_latest" (
	"fund" text NOT NULL,
	"giver_key" text NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	CONSTRAINT "giving_giver_latest_fund_giver_key_pk" PRIMARY KEY("fund","giver_key")
);
--> statement-breakpoint
CREATE INDEX "giving_giver_latest_idx" ON "giving_giver_latest" USING btree ("fund","latest_at");--> statement-breakpoint
-- Kept by triggers on donations in the same transaction as the change, like giving_rollups (0022), whichever
-- code path makes it. Statement level with transition tables: a batch of gifts is one grouped upsert.
CREATE OR REPLACE FUNCTION giving_day_totals_apply(changed donations[], sign integer) RETURNS void AS $$
  INSERT INTO giving_day_totals AS t (day, fund, status, cents, gifts)
    SELECT (d.given_at AT TIME ZONE 'UTC')::date, d.fund, d.status, sign * sum(d.amount_cents), sign * count(*)
    FROM unnest(changed) d GROUP BY 1, 2, 3
  ON CONFLICT (day, fund, status) DO UPDATE SET cents = t.cents + EXCLUDED.cents, gifts = t.gifts + EXCLUDED.gifts;
$$ LANGUAGE sql;
--> statement-breakpoint
-- A giver: a member by id, a guest by the name they gave; an anonymous gift (neither) has none.
CREATE OR REPLACE FUNCTION giving_giver_key(user_id uuid, donor_name text) RETURNS text AS $$
  SELECT CASE WHEN user_id IS NOT NULL THEN user_id::text WHEN donor_name IS NOT NULL THEN 'guest:' || donor_name END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- New completed gifts can only move a giver's latest gift later.
CREATE OR REPLACE FUNCTION giving_giver_latest_add(changed donations[]) RETURNS void AS $$
  INSERT INTO giving_giver_latest AS g (fund, giver_key, latest_at)
    SELECT f.fund, giving_giver_key(d.user_id, d.donor_name), max(d.given_at)
    FROM unnest(changed) d CROSS JOIN LATERAL (VALUES (d.fund), ('')) AS f(fund)
    WHERE d.status = 'completed' AND giving_giver_key(d.user_id, d.donor_name) IS NOT NULL
    GROUP BY 1, 2
  ON CONFLICT (fund, giver_key) DO UPDATE SET latest_at = greatest(g.latest_at, EXCLUDED.latest_at);
$$ LANGUAGE sql;
--> statement-breakpoint
-- A completed gift changed or removed: its givers' latest gifts are read again from what is left.
CREATE OR REPLACE FUNCTION giving_giver_latest_recompute(changed donations[]) RETURNS void AS $$
  DELETE FROM giving_giver_latest
  WHERE giver_key IN (
    SELECT giving_giver_key(d.user_id, d.donor_name) FROM unnest(changed) d WHERE d.status = 'completed'
  );
  INSERT INTO giving_giver_latest (fund, giver_key, latest_at)
    SELECT f.fund, giving_giver_key(d.user_id, d.donor_name), max(d.given_at)
    FROM donations d CROSS JOIN LATERAL (VALUES (d.fund), ('')) AS f(fund)
    WHERE d.status = 'completed'
      AND (d.user_id IN (SELECT c.user_id FROM unnest(changed) c WHERE c.status = 'completed' AND c.user_id IS NOT NULL)
        OR (d.user_id IS NULL
          AND d.donor_name IN (SELECT c.donor_name FROM unnest(changed) c WHERE c.status = 'completed' AND c.user_id IS NULL)))
    GROUP BY 1, 2;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION giving_day_totals_change() RETURNS trigger AS $$
DECLARE
  before_rows donations[];
  after_rows donations[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM giving_day_totals;
    DELETE FROM giving_giver_latest;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    before_rows := ARRAY(SELECT o::donations FROM old_rows o);
    PERFORM giving_day_totals_apply(before_rows, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    after_rows := ARRAY(SELECT n::donations FROM new_rows n);
    PERFORM giving_day_totals_apply(after_rows, 1);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM giving_giver_latest_recompute(before_rows);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM giving_giver_latest_add(after_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_day_totals_insert AFTER INSERT ON donations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_day_totals_change();
--> statement-breakpoint
CREATE TRIGGER donations_day_totals_update AFTER UPDATE ON donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_day_totals_change();
--> statement-breakpoint
CREATE TRIGGER donations_day_totals_delete AFTER DELETE ON donations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_day_totals_change();
--> statement-breakpoint
CREATE TRIGGER donations_day_totals_truncate AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION giving_day_totals_change();
--> statement-breakpoint
-- A guest giver's gifts found by name when one of them changes (members use donations_user_idx).
CREATE INDEX "donations_guest_name_idx" ON "donations" USING btree ("donor_name", "given_at") WHERE "user_id" IS NULL;
--> statement-breakpoint
-- The gifts already recorded.
SELECT giving_day_totals_apply(ARRAY(SELECT d FROM donations d), 1);
--> statement-breakpoint
SELECT giving_giver_latest_add(ARRAY(SELECT d FROM donations d));
