/**
 * Issue 13: "page-view counting stores no IP". Not only page_views: the
 * rate limit that guards the endpoint, the job queue, any table a later
 * change might add — every row of every table is searched for the address,
 * and so is everything the server logged at its normal level (info).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimits } from '../../db/schema/index';
import { deleteExpiredRateLimits, RATE_LIMIT_CLEANUP_JOB } from '../../lib/rate-limiter';

const IP = '203.0.113.77';
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: capture } });
});
afterAll(() => t?.close());

/** Every row of every table outside PostgreSQL's own catalogues, as text. */
async function everyRow(): Promise<string[]> {
  const tables = (await t.database.db.execute(sql`
    select table_schema as s, table_name as n from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)) as unknown as {
    rows: { s: string; n: string }[];
  };
  const out: string[] = [];
  for (const { s, n } of tables.rows) {
    const rows = (await t.database.db.execute(sql`select t::text as row from ${sql.identifier(s)}.${sql.identifier(n)} t`)) as unknown as {
      rows: { row: string }[];
    };
    for (const r of rows.rows) out.push(`${s}.${n}: ${r.row}`);
  }
  return out;
}

it('no table and no log line holds the address of a page view', async () => {
  const view = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path, referrer: 'https://www.google.com/', landing: true },
      remoteAddress: IP,
      headers: { 'user-agent': browser },
    });
  for (const path of ['/', '/sermons', '/events']) expect((await view(path)).statusCode).toBe(204);

  // The views were counted and the limit was kept: both wrote rows, neither with the address.
  const counted = await t.database.db.execute(sql`select count(*)::int as n from page_views`);
  expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  const limits = await t.database.db.select().from(rateLimits);
  expect(limits.some((r) => r.count === 3)).toBe(true);

  const rows = await everyRow();
  expect(rows.length).toBeGreaterThan(0);
  // In any form a column could hold it: the text, and the address's first three parts (a truncated or masked copy).
  for (const needle of [IP, '203.0.113']) expect(rows.filter((r) => r.includes(needle))).toEqual([]);
  expect(lines.filter((l) => l.includes('203.0.113'))).toEqual([]);

  // The capture works: another request from the same address is logged with it, as every request is.
  await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: IP });
  expect(lines.some((l) => l.includes(IP))).toBe(true);
});

it('other public forms keep no address or e-mail in the rate-limit table either', async () => {
  const email = 'limit.probe@example.org';
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password-1' }, remoteAddress: IP });
  await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: IP });
  const limits = JSON.stringify(await t.database.db.select().from(rateLimits));
  expect(limits).not.toContain('203.0.113');
  expect(limits).not.toContain('limit.probe');
  // …while the limits themselves count (three for the sign-in, two for the reset request).
  expect((await t.database.db.select().from(rateLimits)).length).toBeGreaterThanOrEqual(5);
});

it('expired counters are deleted by the hourly clean-up job', async () => {
  await t.database.db.insert(rateLimits).values([
    { key: 'expired-a', count: 1, resetAt: new Date(Date.now() - 1000) },
    { key: 'expired-b', count: 9, resetAt: new Date(Date.now() - 3_600_000) },
    { key: 'live', count: 1, resetAt: new Date(Date.now() + 60_000) },
  ]);
  // More than one delete's batch: a flood of addresses is cleared in several short statements.
  await t.database.db.execute(
    sql`insert into rate_limits (key, count, reset_at) select 'flood-' || i, 1, now() - interval '1 minute' from generate_series(1, 2500) i`,
  );
  await t.ctx.jobs.send(RATE_LIMIT_CLEANUP_JOB, { hour: new Date().toISOString().slice(0, 13) });
  await t.ctx.jobs.drain({ names: [RATE_LIMIT_CLEANUP_JOB] });
  const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
  expect(keys).toContain('live');
  expect(keys).not.toContain('expired-a');
  expect(keys).not.toContain('expired-b');
  expect(keys.filter((k) => k.startsWith('flood-'))).toEqual([]);
  // Each run queues the next hour's, once however often it is asked.
  const next = (await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${RATE_LIMIT_CLEANUP_JOB} and state = 'created'`,
  )) as unknown as { rows: { n: number }[] };
  expect(next.rows[0]!.n).toBe(1);
  expect(await deleteExpiredRateLimits(t.database.db)).toBe(0);
});
