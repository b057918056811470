// Public sermon library at 2,000 sermons: p99 of the list with search + series filter
// (budget ≤ 20 ms) beside a baseline (GET /api/sermons/series, a trivial query) in the
// same run, through the real app (Fastify inject) on PGlite. Writes bench/reports/publish.md.
//
//   node --import tsx bench/src/publish.ts
//
// Not measured here (yet): the 100 MB upload RSS and the 101 MB early refusal; the
// server tests cover the refusal while streaming (sermons-upload.test.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { sermons } from '../../server/src/db/schema/index';
import { percentile, round, writeReport } from './lib';

const N = 2000;
const RUNS = 300;
const SERIES = ['Amazing Grace', 'Teach Us to Pray', 'One Family', 'Romans Road', 'Psalms of Ascent', 'Advent Hope'];
const WORDS = ['grace', 'faith', 'hope', 'prayer', 'family', 'city', 'light', 'mercy', 'kingdom', 'joy'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  WEB_DIST_DIR: path.join(dir, 'no-web'),
});
const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
await database.migrate();
const rows = Array.from({ length: N }, (_, i) => ({
  title: `${WORDS[i % WORDS.length]![0]!.toUpperCase()}${WORDS[i % WORDS.length]!.slice(1)} in week ${i}`,
  speaker: i % 3 ? 'Pastor David Nkosi' : 'Thandiwe Nkosi',
  series: SERIES[i % SERIES.length]!,
  description: `A sermon about ${WORDS[(i * 7) % WORDS.length]} and ${WORDS[(i * 3) % WORDS.length]}.`,
  preachedOn: new Date(Date.now() - i * 86_400_000),
  audioFile: `${crypto.randomUUID()}.mp3`,
}));
for (let i = 0; i < N; i += 500) await database.db.insert(sermons).values(rows.slice(i, i + 500));
const { app } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
await app.ready();

async function measure(url: string) {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

const baseline = await measure('/api/sermons/series');
const list = await measure('/api/sermons/public?search=grace&series=Amazing%20Grace&limit=12');
const plain = await measure('/api/sermons/public?limit=12');
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });

writeReport('publish', 'Sermon library at 2,000 sermons (PGlite)', [
  {
    heading: `Fastify inject, ${RUNS} requests each after 20 warm-ups; load average ${os.loadavg()[0]!.toFixed(1)} on 2 cores at the end`,
    rows: [
      ['baseline: GET /api/sermons/series p50 / p99 (ms)', `${baseline.p50} / ${baseline.p99}`],
      ['list, no filter p50 / p99 (ms)', `${plain.p50} / ${plain.p99}`],
      ['list, search=grace + series filter p50 / p99 (ms)', `${list.p50} / ${list.p99}`, 'p99 ≤ 20 ms'],
    ],
  },
]);
