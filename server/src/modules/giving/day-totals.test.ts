import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { donations } from '../../db/schema/index';
import { createGivingAdminRepository, type DonationFilter } from './admin-repository';

/**
 * /donations reads its figures from giving_day_totals and giving_giver_latest (kept by triggers, migration
 * 0023). Whatever happens to the gifts — inserts in batches, status changes, refunds, fund and date
 * corrections, a member merged into another, a guest renamed, deletions — every figure must equal the one
 * summed from the rows themselves, for periods starting at any instant (a local midnight is not a UTC one).
 */
let t: TestApp;
let members: string[] = [];
const FUNDS = ['General', 'Missions', 'Building'];
const STATUSES = ['completed', 'pending', 'failed', 'refunded'];
const DAY = 86_400_000;
const base = Date.UTC(2026, 0, 1);

// A small deterministic generator: a failure replays the same gifts.
let seed = 20261125;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
/** Times cluster around UTC midnight and 22:00 UTC (midnight in Johannesburg), where the buckets split. */
const when = () => new Date(base + Math.floor(rand() * 120) * DAY + pick([0, 1, 79_199_000, 79_200_000, 86_399_000, 43_200_000]));

function gift() {
  const guest = rand() < 0.3;
  return {
    userId: guest ? null : pick(members),
    donorName: guest ? (rand() < 0.2 ? null : pick(['Guest One', 'Guest Two', 'Guest Three'])) : 'Member',
    amountCents: 100 + Math.floor(rand() * 100_000),
    fund: pick(FUNDS),
    status: pick(STATUSES),
    paymentMethod: 'cash',
    givenAt: when(),
  };
}

/** The figures summed from the donations rows, as /donations computed them before the day totals. */
async function fromRows(f: DonationFilter) {
  const parts = [sql`true`];
  if (f.from) parts.push(sql`given_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.fund) parts.push(sql`fund = ${f.fund}`);
  const w = sql.join(parts, sql` and `);
  const res = (await t.database.db.execute(sql`
    select
      (select coalesce(sum(amount_cents), 0) from donations where ${w} and status = 'completed') as cents,
      (select count(*) from donations where ${w} and status = 'completed') as n,
      (select count(distinct coalesce(user_id::text, donor_name)) from donations where ${w} and status = 'completed') as donors,
      (select count(*) from donations where ${w}) as total,
      (select coalesce(json_agg(x order by x.cents desc, x.fund), '[]') from (
        select fund, sum(amount_cents)::bigint as cents, count(*)::int as n from donations where ${w} and status = 'completed' group by fund
      ) x) as breakdown`)) as unknown as { rows: Array<Record<string, unknown>> };
  const r = res.rows[0]!;
  const breakdown = (typeof r.breakdown === 'string' ? JSON.parse(r.breakdown) : r.breakdown) as Array<{
    fund: string;
    cents: number;
    n: number;
  }>;
  return {
    cents: Number(r.cents),
    n: Number(r.n),
    donors: Number(r.donors),
    total: Number(r.total),
    breakdown: breakdown.map((b) => ({ fund: b.fund, cents: Number(b.cents), n: Number(b.n) })),
  };
}

async function expectFiguresMatch(step: string) {
  const repo = createGivingAdminRepository(t.database.db);
  // All time, a UTC midnight, a Johannesburg midnight, an arbitrary instant; every fund together and one
  // (the breakdown covers the others).
  const starts = [null, new Date(base), new Date(base + 30 * DAY - 7_200_000), when()];
  for (const from of starts)
    for (const fund of [undefined, 'Missions']) {
      const f: DonationFilter = { from, fund };
      const [summary, breakdown, page, want] = await Promise.all([repo.summary(f), repo.breakdown(f), repo.page(f, 1, 5), fromRows(f)]);
      const label = `${step}: from ${from?.toISOString() ?? 'all'}, fund ${fund ?? 'any'}`;
      expect({ cents: summary.cents, n: summary.n, donors: summary.donors, total: page.total }, label).toEqual({
        cents: want.cents,
        n: want.n,
        donors: want.donors,
        total: want.total,
      });
      expect(breakdown, label).toEqual(want.breakdown);
    }
}

beforeAll(async () => {
  t = await createTestApp();
  members = [];
  for (let i = 0; i < 6; i++) members.push((await createUser(t, { role: 'member' })).user.id);
});
afterAll(() => t.close());

describe('the /donations day totals and latest gifts', () => {
  // Many statements on a loaded machine: the time is not the behaviour.
  it('equal the rows they summarise through every kind of change', { timeout: 180_000 }, async () => {
    const db = t.database.db;
    await db.insert(donations).values(Array.from({ length: 400 }, gift));
    await expectFiguresMatch('after a batch of 400 gifts');

    await db.execute(
      sql`update donations set status = 'refunded' where id in (select id from donations where status = 'completed' order by given_at desc limit 25)`,
    );
    await expectFiguresMatch('after refunds of the latest gifts');

    await db.execute(sql`update donations set status = 'completed' where status = 'pending'`);
    await expectFiguresMatch('after pending gifts completed');

    await db.execute(
      sql`update donations set fund = 'Missions', given_at = given_at - interval '3 hours' where fund = 'Building' and amount_cents % 3 = 0`,
    );
    await expectFiguresMatch('after fund and date corrections across midnight');

    await db.execute(sql`update donations set user_id = ${members[0]} where user_id = ${members[1]}`);
    await expectFiguresMatch('after one member merged into another');

    await db.execute(sql`update donations set donor_name = 'Guest Four' where user_id is null and donor_name = 'Guest One'`);
    await expectFiguresMatch('after a guest renamed');

    await db.execute(sql`delete from donations where amount_cents % 7 = 0`);
    await expectFiguresMatch('after deletions');

    for (let i = 0; i < 20; i++) await db.insert(donations).values(gift());
    await expectFiguresMatch('after gifts one at a time');
  });

  it('are emptied with the table', async () => {
    await t.database.db.execute(sql`truncate donations cascade`);
    await expectFiguresMatch('after truncate');
    const left = (await t.database.db.execute(
      sql`select (select count(*) from giving_day_totals) + (select count(*) from giving_giver_latest) as n`,
    )) as unknown as {
      rows: Array<{ n: string | number }>;
    };
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
