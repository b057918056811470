// Warm starts of one data directory, timed as the speed bench times them (spawn of `npm start`'s command
// to the first healthy /api/health), N times: the median and spread, for working on the start.
//
//   node --import tsx bench/src/speed/warm-start.ts [N=9]
//   BENCH_DATA_DIR=/tmp/x (kept between runs; made and seeded by a first start when new)  BENCH_PORT=4530
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from '../lib';
import { startProduct, stopProduct } from './product';

const runs = Number(process.argv[2] ?? 9);
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'warm-start-'));
const env = { PORT: process.env.BENCH_PORT ?? '4530', DATA_DIR: dataDir, DEMO_DATA: 'true', BIBLE_API_BASE: 'http://127.0.0.1:9/x' };
if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
  const first = await startProduct(env);
  // The shipped Bible's import goes on after ready; a warm start must not find it half done.
  await new Promise((r) => setTimeout(r, 15_000));
  await stopProduct(first.proc);
}
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const server = await startProduct(env);
  times.push(server.readyMs);
  await new Promise((r) => setTimeout(r, 1000));
  await stopProduct(server.proc);
}
times.sort((a, b) => a - b);
console.log(
  `warm start to a healthy /api/health, ${runs} runs: median ${round(times[Math.floor(runs / 2)]! / 1000, 2)} s ` +
    `(${times.map((t) => round(t / 1000, 2)).join(', ')}), load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}`,
);
