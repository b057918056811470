/**
 * The performance regression suite (issue 37): every list and report route's p99 on a congregation of
 * 100,000 people and 200,000 gifts must stay within its budget (route-budgets.ts), on PGlite and on
 * PostgreSQL (the server and server-pg projects both run this file). Each figure is printed beside the
 * baseline measured in the same run — GET /api/health, the cheapest route — so a slow machine can be told
 * from a slow route.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test-app';
import { BUDGETS, type Budget } from './route-budgets';
import { seedVolume, VOLUME } from './seed-volume';

const ENGINE = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
/** Samples per route: up to MAX, and at least MIN, within about TIME_MS of calls. */
const MIN_SAMPLES = Number(process.env.PERF_MIN_SAMPLES ?? 10);
const MAX_SAMPLES = 100;
const TIME_MS = 600;

let t: TestApp;
const tokens: Record<'leader' | 'member', string> = { leader: '', member: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const leader = await createUser(t, { role: 'superadmin', name: 'Pastor Bench' });
  const member = await createUser(t, { role: 'member', name: 'Member Bench' });
  tokens.leader = leader.token;
  tokens.member = member.token;
  const started = performance.now();
  await seedVolume(t.database.db, member.user.id, leader.user.id);
  console.log(`[route budgets] ${ENGINE}: seeded ${JSON.stringify(VOLUME)} in ${Math.round(performance.now() - started)} ms`);
  const first = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  ids.member = member.user.id;
  ids.event = await first(sql`select event_id as id from event_registrations group by 1 order by count(*) desc limit 1`);
  ids.donation = await first(sql`select id from donations limit 1`);
  ids.visitor = await first(sql`select id from visitors limit 1`);
  ids.room = await first(sql`select room_id as id from chat_messages group by 1 order by count(*) desc limit 1`);
  ids.sermon = await first(sql`select id from sermons limit 1`);
  ids.prayer = await first(sql`select id from prayers limit 1`);
}, 600_000);
afterAll(() => t?.close());

const urlOf = (b: Budget) => b.url.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `{${name}}`);

/** p99 by nearest rank (with fewer than 100 samples: the slowest), after unmeasured warm-up calls. */
async function p99(url: string, token: string): Promise<{ p99: number; p50: number; n: number; status: number }> {
  let status = 0;
  const call = async () => {
    const started = performance.now();
    const res = await t.request({ method: 'GET', url, token });
    status = res.statusCode;
    return performance.now() - started;
  };
  // A route slower than half a second gets fewer calls (its p99 is still the slowest of them): the suite must fit CI.
  const slow = (await call()) > 500;
  if (!slow) await call();
  const least = slow ? Math.ceil(MIN_SAMPLES / 2) : MIN_SAMPLES;
  const samples: number[] = [];
  const until = performance.now() + TIME_MS;
  while (samples.length < least || (samples.length < MAX_SAMPLES && performance.now() < until)) samples.push(await call());
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { p99: at(0.99), p50: at(0.5), n: samples.length, status };
}

describe(`route budgets at ${VOLUME.members.toLocaleString('en-US')} people (${ENGINE})`, () => {
  it('every budgeted route answers within its p99 budget', async () => {
    const baseline = await p99('/api/health', tokens.leader);
    const rows: string[] = [];
    const over: string[] = [];
    for (const [key, budget] of Object.entries(BUDGETS)) {
      const url = urlOf(budget);
      const limit = ENGINE === 'postgres' ? (budget.pgMs ?? budget.ms) : budget.ms;
      let m = await p99(url, tokens[budget.as ?? 'leader']);
      // Over budget: measured once more and the better run kept, as benchmarks take the best of runs — one
      // garbage collection or a moment without the CPU on a shared machine must not decide; a slow route is
      // slow both times.
      if (m.p99 > limit) {
        const again = await p99(url, tokens[budget.as ?? 'leader']);
        if (again.p99 < m.p99) m = again;
      }
      rows.push(
        `${key.padEnd(48)} p50 ${m.p50.toFixed(1).padStart(7)}  p99 ${m.p99.toFixed(1).padStart(7)} ms  (budget ${limit}, n ${m.n})`,
      );
      if (process.env.PERF_REPORT) console.log(rows.at(-1), m.status);
      expect(m.status, `${key}: ${url}`).toBe(200);
      if (m.p99 > limit) over.push(`${key}: p99 ${m.p99.toFixed(1)} ms > ${limit} ms`);
    }
    const after = await p99('/api/health', tokens.leader);
    console.log(
      [
        `[route budgets] ${ENGINE}, in-process (app.inject); baseline GET /api/health p99 ${baseline.p99.toFixed(1)} ms before, ${after.p99.toFixed(1)} ms after`,
        ...rows,
      ].join('\n'),
    );
    expect(over).toEqual([]);
  }, 900_000);
});
