import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Running totals of completed gifts, kept by a trigger on donations (migration
 * giving_rollups): every insert, update and delete of a gift moves them in the
 * same transaction, so they are never stale. The pastor dashboard reads these
 * few hundred rows instead of summing 200,000 gifts on every call
 * (bench/reports/people.md). Nothing else writes them.
 */
export const givingFundMonths = pgTable(
  'giving_fund_months',
  {
    fund: text('fund').notNull(),
    /** date_trunc('month', given_at) in the database's time zone, as the dashboard's "this month" is. */
    month: date('month').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fund, t.month] })],
);

/** Per giver and year: a member by id, a guest by the name they gave ('guest:' + name). */
export const givingGiverYears = pgTable(
  'giving_giver_years',
  {
    year: date('year').notNull(),
    giverKey: text('giver_key').notNull(),
    userId: uuid('user_id'),
    donorName: text('donor_name'),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.giverKey] }), index('giving_giver_years_top_idx').on(t.year, t.cents)],
);

/**
 * Gifts of every status per UTC day and fund (migration giving_day_totals, same trigger rules as above).
 * /donations adds up the whole days inside its period from here and reads the donations table only for
 * the part of one day before the period's first UTC midnight: a period starts at a local midnight in the
 * church's time zone, which these buckets do not depend on (bench/reports/giving.md).
 */
export const givingDayTotals = pgTable(
  'giving_day_totals',
  {
    /** (given_at at time zone 'UTC')::date */
    day: date('day').notNull(),
    fund: text('fund').notNull(),
    status: text('status').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    gifts: integer('gifts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.fund, t.status] })],
);

/**
 * Each giver's latest completed gift, per fund and over all funds (fund ''). A /donations period runs from
 * its start to now, so "gave in the period" is "latest gift on or after its start": Active Donors is a
 * count over one index instead of a distinct count over every gift. A giver is a member by id, a guest by
 * the name they gave; anonymous gifts have no giver.
 */
export const givingGiverLatest = pgTable(
  'giving_giver_latest',
  {
    fund: text('fund').notNull(),
    giverKey: text('giver_key').notNull(),
    latestAt: timestamp('latest_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fund, t.giverKey] }), index('giving_giver_latest_idx').on(t.fund, t.latestAt)],
);
