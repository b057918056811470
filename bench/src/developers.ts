// Developer platform on PostgreSQL, through a real server process (HTTP on loopback):
//  1. GET /api/events with an X-API-Key (key lookup, tier check, rate-limit counters, usage counting)
//     against the same call with a bearer token — the baseline, in the same run:
//     p99 at concurrency 1 (budget: key ≤ 2× bearer) and req/s at concurrency 16 (goal ≥ 3,000).
//     As served (PUBLIC_CACHE_SECONDS default: keyed reads share kept answers), then again on a second
//     server process on the same database with PUBLIC_CACHE_SECONDS=0, where every answer is computed:
//     what the key's own path (cache, quota blocks, usage) costs beside the bearer's.
//  2. Webhooks: from the donation (the POST that records it) to the first delivery attempt reaching a
//     receiver on 127.0.0.1 — p99 (budget ≤ 1 s).
//  3. 10,000 deliveries queued in one go (committed together, as a burst of changes would) drain to the
//     receiver: none lost, none duplicated, and how long it takes.
// Writes bench/reports/developers.md.
//
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_PORT=35402 BENCH_RECEIVER_PORT=35403 \
//     node --import tsx bench/src/developers.ts
//
// A fresh database (bench_developers, or BENCH_DB_NAME) is created on that server each run and dropped
// after. BENCH_ONLY=api runs part 1 only and prints it (the report is not written). Traffic stays on loopback.
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { Pool } from 'undici';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import { webhookDeliveries } from '../../server/src/db/schema/index';
import { createJobQueue } from '../../server/src/jobs/queue';
import { createWebhookDelivery } from '../../server/src/modules/developers/webhooks/delivery-worker';
import { httpConnector } from '../../server/src/modules/developers/webhooks/connector';
import { systemResolver } from '../../server/src/modules/developers/webhooks/ssrf-guard';
import { createWebhooksService } from '../../server/src/modules/developers/webhooks/webhooks-service';
import { percentile, round, startServer, stopServer, writeReport } from './lib';
import { cpuUsOf } from './speed/load';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'bench_developers';
const API_ONLY = process.env.BENCH_ONLY === 'api';
const PORT = process.env.BENCH_PORT ?? '35402';
const RECEIVER_PORT = Number(process.env.BENCH_RECEIVER_PORT ?? 35403);
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 1500);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 150);
const DRAIN = Number(process.env.BENCH_DRAIN ?? 10_000);
// The receiver listens only from part 2 on, so part 1's second process can take its port (two ports per bench).
const NOCACHE_PORT = process.env.BENCH_NOCACHE_PORT ?? String(RECEIVER_PORT);
// Enterprise keys, 5,000 requests/hour each, from two developers (one may hold 25): headroom so no load request
// meets a 429 even when kept answers let the keyed load run at several thousand requests a second.
const KEYS = 40;

const loadBefore = os.loadavg().map((n) => round(n, 2));
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
{
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

// The receiver: records arrival time per webhook-id and per donation id.
const arrivals = new Map<string, number[]>();
// Donations are recorded one after another, so the n-th donation.received is the n-th donation.
const donationArrivals: number[] = [];
let waiter: (() => void) | null = null;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    const id = String(req.headers['webhook-id']);
    arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { object: { id?: string } } };
    if (body.type === 'donation.received' && !String(body.data.object.id).startsWith('drain-')) {
      donationArrivals.push(at);
      waiter?.();
    }
    res.writeHead(204).end();
  });
});

const serverEnv = {
  DATABASE_URL: dbUrl,
  DEMO_DATA: 'true',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  LOGIN_MAX_PER_IP: '100000',
  LOGIN_MAX_PER_ACCOUNT: '100000',
  SIGNUP_MAX_PER_IP: '100000',
  BIBLE_BUNDLED: 'false',
  BIBLE_API_BASE: 'http://127.0.0.1:9/unreachable',
};
const { proc, url } = await startServer(
  {
    ...serverEnv,
    PORT,
  },
  300_000,
);
const pool = new Pool(url, { connections: CONCURRENCY, pipelining: 1 });
let nocache: { proc: Awaited<ReturnType<typeof startServer>>['proc']; pool: Pool } | undefined;

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, via = pool) {
  const res = await via.request({
    method: method as 'GET',
    path,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  // The bench reads answers loosely (it checks figures, not shapes).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
}
async function login(email: string, password = 'Church2026!') {
  const r = await call('POST', '/api/auth/login', {}, { email, password });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status}`);
  return r.json.token as string;
}

try {
  // A developer with enterprise keys; a member's bearer token for the baseline.
  const developer = {
    name: 'Bench Developer',
    email: 'bench.dev@example.org',
    password: 'Bench-Builder-2026',
    role: 'developer',
    permissions: ['api:access'],
    developerProfile: { useCase: 'internal-tools' },
  };
  const reg = await call('POST', '/api/auth/register', {}, developer);
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const devToken = reg.json.token as string;
  const second = await call(
    'POST',
    '/api/auth/register',
    {},
    { ...developer, name: 'Bench Developer Two', email: 'bench.dev2@example.org' },
  );
  if (second.status !== 201) throw new Error(`register: ${second.status} ${JSON.stringify(second.json)}`);
  const keys: string[] = [];
  // The church approves each Enterprise plan (until then a paid key is a Free key, 100 requests an hour).
  const adminToken = await login('admin@demo.church');
  for (let i = 0; i < KEYS; i++) {
    const k = await call(
      'POST',
      '/api/developers/api-keys',
      { authorization: `Bearer ${i % 2 ? (second.json.token as string) : devToken}` },
      { name: `bench ${i}`, pricingTier: 'enterprise' },
    );
    if (k.status !== 201) throw new Error(`key: ${k.status} ${JSON.stringify(k.json)}`);
    const ok = await call('POST', `/api/admin/api-plans/${k.json.data.apiKey.id}/approve`, { authorization: `Bearer ${adminToken}` });
    if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${JSON.stringify(ok.json)}`);
    keys.push(k.json.data.apiKey.key as string);
  }
  const memberToken = await login('member@demo.church');
  let next = 0;
  const keyed = () => ({ 'x-api-key': keys[next++ % keys.length]! });
  const bearer = () => ({ authorization: `Bearer ${memberToken}` });
  const statuses = new Map<string, number>();
  const count = (kind: string, status: number) => statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);

  /** Latency at concurrency 1, the two kinds interleaved so load changes hit both alike, after 100 warm-ups each. */
  async function latency(via: Pool, runs: number, tag: string) {
    for (let i = 0; i < 100; i++) {
      await call('GET', '/api/events', keyed(), undefined, via);
      await call('GET', '/api/events', bearer(), undefined, via);
    }
    const lat = { key: [] as number[], bearer: [] as number[] };
    for (let i = 0; i < runs; i++) {
      for (const [kind, h] of [
        ['key', keyed],
        ['bearer', bearer],
      ] as const) {
        const t0 = performance.now();
        const r = await call('GET', '/api/events', h(), undefined, via);
        lat[kind].push(performance.now() - t0);
        count(`${kind}${tag}`, r.status);
      }
    }
    return lat;
  }

  /**
   * CPU time (µs) of the bench database's PostgreSQL backends so far, by pid: with the server's own, the whole
   * cost of an answer on this machine, whatever else runs on it (other databases' backends are not counted).
   */
  async function pgCpu(): Promise<Map<number, number>> {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    try {
      const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [DB_NAME]);
      const out = new Map<number, number>();
      for (const { pid } of rows) {
        try {
          out.set(pid, cpuUsOf(pid));
        } catch {
          // ended meanwhile
        }
      }
      return out;
    } finally {
      await c.end();
    }
  }
  /** Throughput at CONCURRENCY for LOAD_SECONDS; with `pid`, also the CPU time per answer (µs) of the server and of PostgreSQL. */
  const cpu: Record<string, number> = {};
  const pgCpuPer: Record<string, number> = {};
  async function load(via: Pool, h: () => Record<string, string>, kind: string, pid?: number, path = '/api/events') {
    const until = performance.now() + LOAD_SECONDS * 1000;
    let done = 0;
    const t0 = performance.now();
    const cpu0 = pid ? cpuUsOf(pid) : 0;
    const pg0 = pid ? await pgCpu() : new Map<number, number>();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const r = await call('GET', path, h(), undefined, via);
          count(`${kind} load`, r.status);
          done++;
        }
      }),
    );
    if (pid && done) {
      cpu[kind] = round((cpuUsOf(pid) - cpu0) / done, 0);
      let pgUs = 0;
      for (const [p, us] of await pgCpu()) pgUs += us - (pg0.get(p) ?? 0);
      pgCpuPer[kind] = round(pgUs / done, 0);
    }
    return round(done / ((performance.now() - t0) / 1000), 0);
  }

  // 1a/1b. As served.
  const lat = await latency(pool, LATENCY_RUNS, '');
  const loadMid1 = os.loadavg()[0]!;
  const rpsBearer = await load(pool, bearer, 'bearer');
  const rpsKey = await load(pool, keyed, 'key');
  const loadMid2 = os.loadavg()[0]!;

  // 1c. A second server process on the same database, keeping no answers.
  const noCacheServer = await startServer({ ...serverEnv, PORT: NOCACHE_PORT, PUBLIC_CACHE_SECONDS: '0' }, 300_000);
  nocache = { proc: noCacheServer.proc, pool: new Pool(noCacheServer.url, { connections: CONCURRENCY, pipelining: 1 }) };
  const latNoCache = await latency(nocache.pool, Math.ceil(LATENCY_RUNS / 3), ' (no kept answers)');
  const loadMid3 = os.loadavg()[0]!;
  const pid = noCacheServer.proc.pid!;
  const rpsBearerNoCache = await load(nocache.pool, bearer, 'bearer (no kept answers)', pid);
  const rpsKeyNoCache = await load(nocache.pool, keyed, 'key (no kept answers)', pid);
  // What the key itself costs: the same query (upcoming events) anonymously and with a key, so the server's
  // CPU per answer differs by exactly the key's path (gate, rate-limit slots, usage counting, headers).
  const upcoming = '/api/events?when=upcoming';
  const rpsAnonUpcoming = await load(nocache.pool, () => ({}), 'anonymous upcoming (no kept answers)', pid, upcoming);
  const rpsKeyUpcoming = await load(nocache.pool, keyed, 'key upcoming (no kept answers)', pid, upcoming);
  const loadMid4 = os.loadavg()[0]!;
  await nocache.pool.close();
  await stopServer(nocache.proc);
  nocache = undefined;

  const p = (xs: number[], q: number) => round(percentile(xs, q), 2);
  const keyP99 = p(lat.key, 99);
  const bearerP99 = p(lat.bearer, 99);
  const keyP99NoCache = p(latNoCache.key, 99);
  const bearerP99NoCache = p(latNoCache.bearer, 99);
  const apiRows: Array<[string, string | number, string?]> = [
    ['baseline: bearer token p50 / p99 (ms)', `${p(lat.bearer, 50)} / ${bearerP99}`],
    ['X-API-Key p50 / p99 (ms)', `${p(lat.key, 50)} / ${keyP99}`, 'p99 ≤ 2× bearer'],
    ['key p99 ÷ bearer p99', round(keyP99 / bearerP99, 2), '≤ 2'],
    ['baseline: bearer req/s', rpsBearer],
    ['X-API-Key req/s', rpsKey, '≥ 3,000'],
    [
      `no kept answers (PUBLIC_CACHE_SECONDS=0, second process): bearer / key p50 / p99 (ms), ${Math.ceil(LATENCY_RUNS / 3)} each`,
      `${p(latNoCache.bearer, 50)} / ${bearerP99NoCache}; ${p(latNoCache.key, 50)} / ${keyP99NoCache}`,
    ],
    ['no kept answers: key p99 ÷ bearer p99', round(keyP99NoCache / bearerP99NoCache, 2)],
    ['no kept answers: bearer / key req/s', `${rpsBearerNoCache} / ${rpsKeyNoCache}`, 'key ≥ 3,000'],
    [
      'no kept answers: CPU per answer, server + PostgreSQL, bearer / key (µs)',
      `${cpu['bearer (no kept answers)']} + ${pgCpuPer['bearer (no kept answers)']} / ${cpu['key (no kept answers)']} + ${pgCpuPer['key (no kept answers)']}`,
    ],
    [
      'no kept answers: key req/s two idle cores could serve at that CPU cost (server side: 2 s of CPU per s ÷ µs per answer)',
      round(2e6 / (cpu['key (no kept answers)']! + pgCpuPer['key (no kept answers)']!), 0),
      '≥ 3,000',
    ],
    ['no kept answers, ?when=upcoming (same query): anonymous / key req/s', `${rpsAnonUpcoming} / ${rpsKeyUpcoming}`],
    [
      'no kept answers, ?when=upcoming: server CPU per answer, anonymous / key (µs); the key path costs the difference',
      `${cpu['anonymous upcoming (no kept answers)']} / ${cpu['key upcoming (no kept answers)']} (key path ${
        cpu['key upcoming (no kept answers)']! - cpu['anonymous upcoming (no kept answers)']!
      } µs)`,
    ],
    ['answers by kind and status', [...statuses.entries()].map(([k, v]) => `${k}: ${v}`).join('; ')],
  ];
  if (API_ONLY) {
    for (const [k, v, b] of apiRows) console.log(`${k}: ${v}${b ? ` (budget ${b})` : ''}`);
    console.log(
      `1-min load around the throughput runs: ${round(loadMid1, 2)} → ${round(loadMid2, 2)}; ${round(loadMid3, 2)} → ${round(loadMid4, 2)}`,
    );
  } else {
    // 2. Donation → first delivery attempt. Gifts go only to an account that may see the church's giving
    // (webhooks/audience.ts): the church's own integration, a webhook of its superadmin (who needs a paid key for webhooks).
    await new Promise<void>((r) => receiver.listen(RECEIVER_PORT, '127.0.0.1', r));
    const churchToken = await login('superadmin@demo.church');
    const churchKey = await call(
      'POST',
      '/api/developers/api-keys',
      { authorization: `Bearer ${churchToken}` },
      { name: 'church integration', pricingTier: 'basic' },
    );
    if (churchKey.status !== 201) throw new Error(`church key: ${churchKey.status} ${JSON.stringify(churchKey.json)}`);
    const created = await call(
      'POST',
      '/api/developers/webhooks',
      { authorization: `Bearer ${churchToken}` },
      { name: 'Bench receiver', url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`, events: ['donation.received'] },
    );
    if (created.status !== 201) throw new Error(`webhook: ${created.status} ${JSON.stringify(created.json)}`);
    const hookId = created.json.data.webhook.id as string;
    const adminToken = await login('admin@demo.church');
    const batch = await call(
      'POST',
      '/api/giving/batches',
      { authorization: `Bearer ${adminToken}` },
      { label: 'Bench', countedTotal: 100 * DONATIONS },
    );
    if (batch.status !== 201) throw new Error(`batch: ${batch.status} ${JSON.stringify(batch.json)}`);
    const toFirstAttempt: number[] = [];
    let missing = 0;
    for (let i = 0; i < DONATIONS; i++) {
      const t0 = performance.now();
      const arrived = new Promise<void>((r) => (waiter = r));
      const add = await call(
        'POST',
        `/api/giving/batches/${batch.json.data.batch.id}/donations`,
        { authorization: `Bearer ${adminToken}` },
        { donorName: 'Offering plate', amount: 100, fund: 'General', method: 'cash' },
      );
      if (add.status !== 201) throw new Error(`donation: ${add.status} ${JSON.stringify(add.json)}`);
      const deadline = performance.now() + 10_000;
      while (donationArrivals.length <= i && performance.now() < deadline)
        await Promise.race([arrived, new Promise((r) => setTimeout(r, 50))]);
      if (donationArrivals.length > i) toFirstAttempt.push(donationArrivals[i]! - t0);
      else missing++;
    }
    waiter = null;

    // 3. 10,000 deliveries committed at once, drained by the server's workers.
    const database = await openDatabase({ databaseUrl: dbUrl, poolMax: 2, applicationName: 'bench-developers' });
    const quiet = { warn() {}, error() {}, info() {} };
    const jobs = createJobQueue({ database, log: quiet as never });
    const delivery = createWebhookDelivery({
      db: database.db,
      jobs,
      resolve: systemResolver,
      connector: httpConnector,
      allowedHosts: ['127.0.0.1'],
      log: quiet,
    });
    const service = createWebhooksService({ db: database.db, resolve: systemResolver, allowedHosts: ['127.0.0.1'], delivery });
    await jobs.ready();
    const before = arrivals.size;
    const tQueue = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < DRAIN; i++) await service.emit('donation.received', { id: `drain-${i}`, amount: 100 }, undefined, tx);
    });
    const queuedMs = performance.now() - tQueue;
    const tDrain = performance.now();
    const drainDeadline = tDrain + 600_000;
    while (arrivals.size - before < DRAIN && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));
    const drainMs = performance.now() - tDrain;
    await new Promise((r) => setTimeout(r, 3000)); // late duplicates would show up here
    const drained = [...arrivals.entries()].slice(before);
    const dupes = drained.filter(([, at]) => at.length > 1).length;
    const [{ ok, pending }] = (await database.db
      .select({
        ok: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'succeeded')::int`,
        pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} <> 'succeeded')::int`,
      })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.webhookId} = ${hookId} and ${webhookDeliveries.payload}->'data'->'object'->>'id' like 'drain-%'`)) as [
      { ok: number; pending: number },
    ];
    await jobs.stop();
    await database.close();

    writeReport('developers', 'Developer platform on PostgreSQL (real server process, HTTP on loopback)', [
      {
        heading: `GET /api/events, ${LATENCY_RUNS} requests each at concurrency 1 (interleaved) after 100 warm-ups; then ${LOAD_SECONDS} s each at concurrency ${CONCURRENCY}`,
        rows: apiRows,
      },
      {
        heading: `Webhook: donation recorded (POST) → first attempt reaches the receiver, ${DONATIONS} donations one after another`,
        rows: [
          ['p50 / p99 / max (ms)', `${p(toFirstAttempt, 50)} / ${p(toFirstAttempt, 99)} / ${p(toFirstAttempt, 100)}`, 'p99 ≤ 1,000 ms'],
          ['not delivered within 10 s', missing, '0'],
        ],
      },
      {
        heading: `${DRAIN.toLocaleString('en-US')} deliveries committed in one transaction, drained by the server (8 workers, polling 0.5 s)`,
        rows: [
          ['queueing (one transaction) (ms)', round(queuedMs, 0)],
          ['drain time (s)', round(drainMs / 1000, 1)],
          ['drain rate (deliveries/s)', round((drained.length / drainMs) * 1000, 0)],
          ['distinct messages received', drained.length, `${DRAIN}`],
          ['received more than once', dupes, '0'],
          ['log: succeeded / not succeeded', `${ok} / ${pending}`, `${DRAIN} / 0`],
        ],
      },
      {
        heading: 'Machine',
        rows: [
          ['cores', os.cpus().length],
          ['load average before (1/5/15 min)', loadBefore.join(' / ')],
          [
            '1-min load around the throughput runs (as served; no kept answers)',
            `${round(loadMid1, 2)} → ${round(loadMid2, 2)}; ${round(loadMid3, 2)} → ${round(loadMid4, 2)}`,
          ],
          [
            'load average after (1/5/15 min)',
            os
              .loadavg()
              .map((n) => round(n, 2))
              .join(' / '),
          ],
        ],
      },
    ]);
  }
} finally {
  if (nocache) {
    await nocache.pool.close();
    await stopServer(nocache.proc);
  }
  await pool.close();
  await stopServer(proc);
  if (receiver.listening) receiver.close();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}
