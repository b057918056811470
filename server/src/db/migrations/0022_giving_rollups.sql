CREATE TABLE "giving_fund_months" (
	"fund" text NOT NULL,
	"month" date NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giving_fund_months_fund_month_pk" PRIMARY KEY("fund","month")
);
--> statement-breakpoint
CREATE TABLE "giving_giver_years" (
	"year" date NOT NULL,
	"giver_key" text NOT NULL,
	"user_id" uuid,
	"donor_name" text,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "giving_giver_years_year_giver_key_pk" PRIMARY KEY("year","giver_key")
);
--> statement-breakpoint
DROP INDEX "users_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "giving_giver_years_top_idx" ON "giving_giver_years" USING btree ("year","cents");--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin ("phone_digits" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The rollups move with every change to donations, in the same transaction, whichever code
-- path makes it (online gifts, offline batches, refunds, merges, account removal). Statement
-- level with transition tables: a batch of 1,000 gifts is one grouped upsert, not 1,000.
-- A giver is a member by id, a guest by the name they gave, or anonymous (no id, no name).
CREATE OR REPLACE FUNCTION giving_rollups_apply(changed donations[], sign integer) RETURNS void AS $$
  INSERT INTO giving_fund_months AS g (fund, month, cents, gifts)
    SELECT d.fund, date_trunc('month', d.given_at)::date, sign * sum(d.amount_cents), sign * count(*)
    FROM unnest(changed) d WHERE d.status = 'completed' GROUP BY 1, 2
  ON CONFLICT (fund, month) DO UPDATE SET cents = g.cents + EXCLUDED.cents, gifts = g.gifts + EXCLUDED.gifts;
  INSERT INTO giving_giver_years AS y (year, giver_key, user_id, donor_name, cents)
    SELECT date_trunc('year', d.given_at)::date,
      CASE WHEN d.user_id IS NOT NULL THEN d.user_id::text WHEN d.donor_name IS NULL THEN 'anonymous' ELSE 'guest:' || d.donor_name END,
      d.user_id, CASE WHEN d.user_id IS NULL THEN d.donor_name END, sign * sum(d.amount_cents)
    FROM unnest(changed) d WHERE d.status = 'completed' GROUP BY 1, 2, 3, 4
  ON CONFLICT (year, giver_key) DO UPDATE SET cents = y.cents + EXCLUDED.cents;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION giving_rollups_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM giving_fund_months;
    DELETE FROM giving_giver_years;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM giving_rollups_apply(ARRAY(SELECT o::donations FROM old_rows o WHERE o.status = 'completed'), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM giving_rollups_apply(ARRAY(SELECT n::donations FROM new_rows n WHERE n.status = 'completed'), 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_rollups_insert AFTER INSERT ON donations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_rollups_change();
--> statement-breakpoint
CREATE TRIGGER donations_rollups_update AFTER UPDATE ON donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_rollups_change();
--> statement-breakpoint
CREATE TRIGGER donations_rollups_delete AFTER DELETE ON donations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION giving_rollups_change();
--> statement-breakpoint
CREATE TRIGGER donations_rollups_truncate AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION giving_rollups_change();
--> statement-breakpoint
-- The gifts already recorded.
SELECT giving_rollups_apply(ARRAY(SELECT d FROM donations d WHERE d.status = 'completed'), 1);
